import { minorUnitsToNumber } from '@promptmarket/contracts';
import type { AdminStatsPeriod, AdminUser, adminUsersRequest } from '@promptmarket/contracts/admin';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { foldedContains } from '../../lib/folded-search';
import { endUserSessions } from '../session/session.service';
import { walletBalances } from '../wallet/wallet.admin';
import { type User, users } from './accounts.tables';

/**
 * What the back office reads and changes of the accounts: the list with balances, one account,
 * blocking, the addresses other queues show beside their rows, and the dashboard's sign-ups.
 */

/** The account, unless it was deleted. Throws NOT_FOUND otherwise. */
export async function accountForReview(db: Db, userId: string): Promise<User> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw AppError.notFound();
  return user;
}

/**
 * Accounts not deleted, newest first, found by e-mail or full name with case and accents folded
 * ("zaneta weiss" finds Żaneta Weiß); each with its balance.
 */
export async function accountsForReview(
  db: Db,
  query: z.output<typeof adminUsersRequest>,
): Promise<{ data: AdminUser[]; total: number }> {
  const where = and(
    isNull(users.deletedAt),
    query.search
      ? foldedContains(query.search, users.email, sql`${users.firstName} || ' ' || ${users.lastName}`)
      : undefined,
  );
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  // The page's balances in one query, not one per row.
  const [[total], balances] = await Promise.all([
    db.select({ count: sql<number>`count(*)::int` }).from(users).where(where),
    walletBalances(
      db,
      rows.map((user) => user.id),
    ),
  ]);
  const data = rows.map((user) => ({
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    blocked: user.blockedAt !== null,
    is_email_verified: user.emailVerifiedAt !== null,
    balance: minorUnitsToNumber(balances.get(user.id) ?? 0),
    created_at: user.createdAt.toISOString(),
  }));
  return { data, total: total?.count ?? 0 };
}

/**
 * Blocks an account (it cannot sign in, its sessions end) or unblocks it, and reports the change
 * for the audit. Throws CONFLICT when an admin would block their own account, NOT_FOUND for an
 * account that does not exist or was deleted.
 */
export async function setAccountBlocked(
  db: Db,
  actor: { id: string },
  input: { userId: string; blocked: boolean },
): Promise<{ before: { blocked: boolean }; after: { blocked: boolean } }> {
  if (input.blocked && input.userId === actor.id) {
    throw AppError.conflict('account.block_self');
  }
  const user = await accountForReview(db, input.userId);
  await db
    .update(users)
    .set({ blockedAt: input.blocked ? new Date() : null })
    .where(eq(users.id, user.id));
  if (input.blocked) await endUserSessions(db, user.id);
  return { before: { blocked: user.blockedAt !== null }, after: { blocked: input.blocked } };
}

/** The e-mail addresses of some accounts, by id, in one query: the other queues show them beside their rows. */
export async function accountEmails(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** Accounts created since the start of today or of this month. */
export async function newAccountsSince(db: Db, period: AdminStatsPeriod): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.createdAt} >= date_trunc(${period}, now())`);
  return row?.count ?? 0;
}
