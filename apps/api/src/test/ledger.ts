import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

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
