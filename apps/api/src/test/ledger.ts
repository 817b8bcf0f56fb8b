import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../modules/wallet/wallet.tables';

/**
 * Breaks the ledger on purpose, for tests of what notices: changes an account's balance without
 * an entry, the one change the database refuses (migration 0022), by turning its guard off for
 * the length of one transaction.
 */
export async function driftBalance(db: Db, code: string, by: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table ledger_accounts disable trigger ledger_accounts_balance_guard`);
    await tx.execute(sql`update ledger_accounts set balance = balance + ${by} where code = ${code}`);
    await tx.execute(sql`alter table ledger_accounts enable trigger ledger_accounts_balance_guard`);
  });
}

/**
 * Writes a purchase's transaction and its entries straight into the ledger's tables, around the
 * service, entry by entry in the order given (account code and amount): for tests of what the
 * database itself follows or refuses.
 */
export async function writeRawPurchase(
  db: Db,
  idempotencyKey: string,
  amount: number,
  entries: [code: string, amount: number][],
): Promise<void> {
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(ledgerTransactions)
      .values({ idempotencyKey, kind: 'purchase', amount })
      .returning();
    const accounts = await tx
      .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
      .from(ledgerAccounts)
      .where(
        inArray(
          ledgerAccounts.code,
          entries.map(([code]) => code),
        ),
      );
    const idOf = (code: string) => accounts.find((account) => account.code === code)?.id as number;
    await tx.insert(ledgerEntries).values(
      entries.map(([code, entryAmount]) => ({
        transactionId: created?.id as number,
        accountId: idOf(code),
        amount: entryAmount,
      })),
    );
  });
}
