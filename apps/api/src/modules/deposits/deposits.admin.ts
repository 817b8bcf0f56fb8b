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
import { AppError } from '../../errors';
import { accountEmails } from '../accounts/accounts.admin';
import { accountIdsMatching } from '../accounts/accounts.back-office';
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
 * Deposits newest first, by status; a search finds the account's name or address (any part of it,
 * case and accents folded) or the provider's reference (the whole of it).
 */
export async function depositsForReview(
  db: Db,
  query: z.output<typeof adminDepositsRequest>,
): Promise<{ data: AdminDeposit[]; total: number }> {
  const conditions = [
    query.status ? eq(deposits.status, query.status) : undefined,
    query.search
      ? or(
          inArray(deposits.userId, accountIdsMatching(db, query.search)),
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

/**
 * A deposit, its row locked for the caller's transaction (the lock every provider event of the
 * deposit takes too), for a refund by the back office. Throws NOT_FOUND.
 */
export async function lockDepositForRefund(tx: Db, depositId: number): Promise<DepositRow> {
  const [deposit] = await tx.select().from(deposits).where(eq(deposits.id, depositId)).for('update');
  if (!deposit) throw AppError.notFound();
  return deposit;
}

/** What of a paid deposit's credit is left to refund: not refunded, reversed or held by a dispute. */
export function refundableOf(deposit: DepositRow): { amount: number; minor: number } {
  if (deposit.status !== 'success') return { amount: 0, minor: 0 };
  const paid = deposit.paidAmountMinor ?? deposit.amountMinor;
  return {
    amount: Math.max(0, deposit.internalAmount - deposit.refundedAmount - deposit.disputedAmount),
    minor: Math.max(0, paid - deposit.refundedMinor),
  };
}

/**
 * The part of the payment a refund of `amount` credits gives back, in the deposit's currency's
 * minor units: the rest of the payment when it takes the rest of the credit, else its share
 * rounded down (the shop never gives back more money than the credits it takes are worth).
 */
export function refundMinorOf(deposit: DepositRow, amount: number): number {
  const left = refundableOf(deposit);
  if (amount >= left.amount) return left.minor;
  const paid = deposit.paidAmountMinor ?? deposit.amountMinor;
  if (deposit.internalAmount <= 0) return 0;
  return Math.min(left.minor, Number((BigInt(amount) * BigInt(paid)) / BigInt(deposit.internalAmount)));
}

/**
 * Counts a refund the back office asks the provider for (decision 0048), in the same transaction
 * as the credits it takes: the provider's later `charge.refunded` event then finds this part
 * counted and takes nothing again. `sign` -1 takes the count back when the provider refused.
 */
export async function countDepositRefund(
  tx: Db,
  input: { depositId: number; amount: number; minor: number; sign: 1 | -1 },
): Promise<void> {
  await tx
    .update(deposits)
    .set({
      refundedAmount: sql`${deposits.refundedAmount} + ${input.sign * input.amount}`,
      refundedMinor: sql`greatest(0, ${deposits.refundedMinor} + ${input.sign * input.minor})`,
    })
    .where(eq(deposits.id, input.depositId));
}
