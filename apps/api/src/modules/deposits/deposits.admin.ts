import { minorUnitsToNumber } from '@promptmarket/contracts';
import type {
  AdminDeposit,
  AdminDepositReversal,
  AdminStatsPeriod,
  AdminUserDeposit,
  adminDepositsRequest,
} from '@promptmarket/contracts/admin';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { accountEmails, accountIdsWithEmailContaining } from '../accounts/accounts.admin';
import { type DepositRow, deposits } from './deposits.tables';

/** What the provider did to the deposit after it was paid (decision 0027); a dispute open or lost comes first. */
function reversalOf(deposit: DepositRow): AdminDepositReversal | null {
  if (deposit.disputeStatus === 'open') return 'disputed';
  if (deposit.disputeStatus === 'lost') return 'dispute_lost';
  if (deposit.refundedMinor > 0) {
    return deposit.refundedMinor >= (deposit.paidAmountMinor ?? deposit.amountMinor)
      ? 'refunded'
      : 'partially_refunded';
  }
  if (deposit.disputeStatus === 'won') return 'dispute_won';
  return null;
}

function reversalFields(deposit: DepositRow) {
  return {
    reversal: reversalOf(deposit),
    reversed_amount: minorUnitsToNumber(deposit.refundedAmount + deposit.disputedAmount),
  };
}

/** What the back office reads of deposits: the list with the provider's references, an account's, and the dashboard's sums. */

/** Deposits paid since the start of today or of this month: how many, and what they credited. */
export async function paidDepositsSince(
  db: Db,
  period: AdminStatsPeriod,
): Promise<{ count: number; total: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${deposits.internalAmount}), 0)`,
    })
    .from(deposits)
    .where(and(eq(deposits.status, 'success'), sql`${deposits.createdAt} >= date_trunc(${period}, now())`));
  return { count: row?.count ?? 0, total: minorUnitsToNumber(Number(row?.total ?? 0)) };
}

/**
 * Deposits newest first, by status; a search finds the account's address (any part of it) or the
 * provider's reference (the whole of it).
 */
export async function depositsForReview(
  db: Db,
  query: z.output<typeof adminDepositsRequest>,
): Promise<{ data: AdminDeposit[]; total: number }> {
  const conditions = [
    query.status ? eq(deposits.status, query.status) : undefined,
    query.search
      ? or(
          inArray(deposits.userId, accountIdsWithEmailContaining(db, query.search)),
          eq(deposits.providerRef, query.search),
          eq(deposits.paymentRef, query.search),
        )
      : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(deposits)
      .where(where)
      .orderBy(desc(deposits.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ count: sql<number>`count(*)::int` }).from(deposits).where(where),
  ]);
  const emails = await accountEmails(
    db,
    rows.map((deposit) => deposit.userId),
  );
  const data = rows.map((deposit) => ({
    id: deposit.id,
    user_id: deposit.userId,
    email: emails.get(deposit.userId) ?? '',
    status: deposit.status,
    amount: minorUnitsToNumber(deposit.amountMinor),
    currency: deposit.currency,
    internal_amount: minorUnitsToNumber(deposit.internalAmount),
    provider: deposit.provider,
    provider_ref: deposit.providerRef,
    error_message: deposit.errorMessage,
    ...reversalFields(deposit),
    created_at: deposit.createdAt.toISOString(),
  }));
  return { data, total: total?.count ?? 0 };
}

/** An account's newest deposits. */
export async function recentDepositsOf(
  db: Db,
  input: { userId: string; limit: number },
): Promise<AdminUserDeposit[]> {
  const rows = await db
    .select()
    .from(deposits)
    .where(eq(deposits.userId, input.userId))
    .orderBy(desc(deposits.id))
    .limit(input.limit);
  return rows.map((deposit) => ({
    id: deposit.id,
    status: deposit.status,
    amount: minorUnitsToNumber(deposit.amountMinor),
    currency: deposit.currency,
    internal_amount: minorUnitsToNumber(deposit.internalAmount),
    provider: deposit.provider,
    provider_ref: deposit.providerRef,
    ...reversalFields(deposit),
    created_at: deposit.createdAt.toISOString(),
  }));
}
