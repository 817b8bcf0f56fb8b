import { minorUnitsToNumber } from '@promptmarket/contracts';
import type { AdminLedgerEntry } from '@promptmarket/contracts/admin';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './wallet.tables';

/** What the back office reads of the wallets: balances for a page of accounts and one account's entries. */

/**
 * The balances of many users in one query, in internal-currency minor units, by user id. A user
 * with no move yet has no wallet account and is answered 0.
 */
export async function walletBalances(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  const balances = new Map(userIds.map((userId) => [userId, 0]));
  if (userIds.length === 0) return balances;
  // By code, as walletBalance reads one: the code's unique index finds each account.
  const rows = await db
    .select({ userId: ledgerAccounts.userId, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, 'wallet'),
        inArray(
          ledgerAccounts.code,
          userIds.map((userId) => `wallet:${userId}`),
        ),
      ),
    );
  for (const row of rows) if (row.userId) balances.set(row.userId, row.balance);
  return balances;
}

/** A user's newest wallet entries with the move each belongs to; amounts are signed. */
export async function walletEntriesOf(
  db: Db,
  input: { userId: string; limit: number },
): Promise<AdminLedgerEntry[]> {
  const entries = await db
    .select({
      id: ledgerEntries.id,
      amount: ledgerEntries.amount,
      kind: ledgerTransactions.kind,
      reference: ledgerTransactions.reference,
      metadata: ledgerTransactions.metadata,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(eq(ledgerAccounts.userId, input.userId))
    .orderBy(desc(ledgerEntries.id))
    .limit(input.limit);
  return entries.map((entry) => ({
    id: entry.id,
    amount: minorUnitsToNumber(entry.amount),
    kind: entry.kind,
    reference: entry.reference,
    metadata: entry.metadata,
    created_at: entry.createdAt.toISOString(),
  }));
}
