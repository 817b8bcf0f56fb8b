import { minorUnitsToNumber } from '@promptmarket/contracts';
import type { AdminOrderMove, AdminStatementEntry } from '@promptmarket/contracts/admin-orders';
import { and, asc, desc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './wallet.tables';

/** What the back office's orders and customer pages read of the ledger. */

/**
 * The ledger moves about a record (`order:7`, `generation:5`), oldest first, with their entries:
 * the payment, and any move made later about it (a refund, whose key extends the payment's).
 */
export async function movesAbout(db: Db, reference: string): Promise<AdminOrderMove[]> {
  const moves = await db
    .select()
    .from(ledgerTransactions)
    .where(
      or(
        eq(ledgerTransactions.reference, reference),
        eq(ledgerTransactions.idempotencyKey, reference),
        like(ledgerTransactions.idempotencyKey, `${reference}:%`),
      ),
    )
    .orderBy(asc(ledgerTransactions.id))
    .limit(100);
  if (moves.length === 0) return [];
  const entries = await db
    .select({
      transactionId: ledgerEntries.transactionId,
      amount: ledgerEntries.amount,
      account: ledgerAccounts.code,
      kind: ledgerAccounts.kind,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      inArray(
        ledgerEntries.transactionId,
        moves.map((move) => move.id),
      ),
    )
    .orderBy(asc(ledgerEntries.id));
  return moves.map((move) => ({
    id: move.id,
    kind: move.kind,
    reference: move.reference,
    amount: minorUnitsToNumber(move.amount),
    created_at: move.createdAt.toISOString(),
    entries: entries
      .filter((entry) => entry.transactionId === move.id)
      // A wallet is named by its kind: the account's code carries the user's id, shown elsewhere.
      .map((entry) => ({
        account: entry.kind === 'wallet' ? 'wallet' : entry.account,
        amount: minorUnitsToNumber(entry.amount),
      })),
  }));
}

/**
 * A user's wallet statement, newest first, paged, each entry with the balance right after it
 * (the running sum of the wallet's entries up to it). A user with no move has none.
 */
export async function walletStatement(
  db: Db,
  input: { userId: string; page: number; perPage: number },
): Promise<{ data: AdminStatementEntry[]; total: number }> {
  const [account] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'wallet'), eq(ledgerAccounts.userId, input.userId)));
  if (!account) return { data: [], total: 0 };
  const running = db
    .select({
      id: ledgerEntries.id,
      transactionId: ledgerEntries.transactionId,
      amount: ledgerEntries.amount,
      createdAt: ledgerEntries.createdAt,
      balanceAfter: sql<string>`sum(${ledgerEntries.amount}) over (order by ${ledgerEntries.id})`.as(
        'balance_after',
      ),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, account.id))
    .as('running');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: running.id,
        amount: running.amount,
        createdAt: running.createdAt,
        balanceAfter: running.balanceAfter,
        kind: ledgerTransactions.kind,
        reference: ledgerTransactions.reference,
        metadata: ledgerTransactions.metadata,
      })
      .from(running)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, running.transactionId))
      .orderBy(desc(running.id))
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, account.id)),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      amount: minorUnitsToNumber(Number(row.amount)),
      kind: row.kind,
      reference: row.reference,
      metadata: row.metadata,
      created_at: new Date(row.createdAt).toISOString(),
      balance_after: minorUnitsToNumber(Number(row.balanceAfter)),
    })),
    total: total?.count ?? 0,
  };
}
