import type { AdminOrderBuyer } from '@promptmarket/contracts/admin-orders';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { foldedContains } from '../../lib/folded-search';
import { type User, users } from './accounts.tables';
import { twoFactorOn } from './two-factor';

/** What the back office's orders and customer pages read of the accounts. */

/**
 * The ids of the accounts whose e-mail address or full name contains `term`, case and accents
 * folded ("zaneta weiss" finds Żaneta Weiß), as a subquery another module filters its rows by.
 */
export function accountIdsMatching(db: Db, term: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(foldedContains(term, users.email, sql`${users.firstName} || ' ' || ${users.lastName}`));
}

/** Name and address of some accounts, by id, in one query: a list shows who bought. */
export async function buyersByIds(db: Db, userIds: readonly string[]): Promise<Map<string, AdminOrderBuyer>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, name: `${row.firstName} ${row.lastName}`.trim(), email: row.email },
    ]),
  );
}

/** What the customer page shows beside the profile: two-factor sign-in on, and since when the account exists. */
export function accountFacts(user: User): { two_factor: boolean; created_at: string } {
  return { two_factor: twoFactorOn(user), created_at: user.createdAt.toISOString() };
}
