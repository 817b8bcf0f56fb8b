import type { ReportPeriod } from '@promptmarket/contracts/admin-reports';
import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './wallet.tables';

/**
 * What the back office's books read of the ledger: moves of some kinds summed per day, week or
 * month, and the purchases and generations one by one for the orders export. Every sum is of the
 * moves themselves, so the books agree with the balances to the cent.
 */

/** `date_trunc`'s field for each bucket size (written into the query, never taken from input). */
const truncField: Record<ReportPeriod, string> = { day: 'day', week: 'week', month: 'month' };

export type LedgerBucket = { start: string; kind: string; count: number; total: number };

/**
 * The moves of `kinds` made from `from` (included) to `to` (excluded), counted and summed per
 * bucket of UTC days, weeks (from Monday) or months; buckets without a move are left out.
 */
export async function ledgerMovesByBucket(
  db: Db,
  input: { period: ReportPeriod; from: Date; to: Date; kinds: readonly string[] },
): Promise<LedgerBucket[]> {
  const field = sql.raw(`'${truncField[input.period]}'`);
  const start = sql<string>`to_char(date_trunc(${field}, ${ledgerTransactions.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      start,
      kind: ledgerTransactions.kind,
      count: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${ledgerTransactions.amount}), 0)::text`,
    })
    .from(ledgerTransactions)
    .where(
      and(
        inArray(ledgerTransactions.kind, [...input.kinds]),
        gte(ledgerTransactions.createdAt, input.from),
        lt(ledgerTransactions.createdAt, input.to),
      ),
    )
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1`);
  return rows.map((row) => ({
    start: row.start,
    kind: row.kind,
    count: row.count,
    total: Number(row.total),
  }));
}

export type LedgerSale = {
  id: number;
  createdAt: Date;
  kind: 'purchase' | 'generation';
  reference: string | null;
  amount: number;
  userId: string | null;
};

/**
 * One page of the purchases (single prompts and cart checkouts) and paid generations made from
 * `from` to `to` (excluded), after the move `after`, oldest first, each with the account that paid.
 */
export async function salesPage(
  db: Db,
  input: { from: Date; to: Date; after: number | undefined; limit: number },
): Promise<LedgerSale[]> {
  const rows = await db
    .select({
      id: ledgerTransactions.id,
      createdAt: ledgerTransactions.createdAt,
      kind: ledgerTransactions.kind,
      reference: ledgerTransactions.reference,
      amount: ledgerTransactions.amount,
      userId: ledgerAccounts.userId,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.id, ledgerEntries.accountId), eq(ledgerAccounts.kind, 'wallet')),
    )
    .where(
      and(
        inArray(ledgerTransactions.kind, ['purchase', 'generation']),
        gte(ledgerTransactions.createdAt, input.from),
        lt(ledgerTransactions.createdAt, input.to),
        input.after === undefined ? undefined : gt(ledgerTransactions.id, input.after),
      ),
    )
    .orderBy(asc(ledgerTransactions.id))
    .limit(input.limit);
  return rows.map((row) => ({ ...row, kind: row.kind as LedgerSale['kind'] }));
}
