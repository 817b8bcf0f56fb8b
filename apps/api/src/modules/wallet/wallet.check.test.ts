import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/database';
import { driftBalance } from '../../test/ledger';
import { recordingLog } from '../../test/log';
import { users } from '../accounts/accounts.tables';
import { checkLedger, lastLedgerCheck } from './wallet.check';
import { creditDeposit } from './wallet.service';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.drop());

async function fundedUser(amount: number): Promise<string> {
  const [user] = await database.db
    .insert(users)
    .values({ firstName: 'Ada', lastName: 'Lovelace', email: 'check@example.test', passwordHash: 'x' })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  await creditDeposit(database.db, { userId: user.id, provider: 'sandbox', depositId: 1, amount });
  return user.id;
}

describe('the periodic ledger check', () => {
  it('keeps the outcome of each check, logs every problem as an error, and checks once per quiet period', async () => {
    const { db } = database;
    expect(await lastLedgerCheck(db)).toBeNull();

    const userId = await fundedUser(2500);
    const log = recordingLog();
    const healthy = await checkLedger(db, log);
    expect(healthy?.problems).toEqual([]);
    expect(log.entries).toEqual([]);
    const first = await lastLedgerCheck(db);
    expect(first).toEqual({ checkedAt: expect.any(Date), problems: [] });
    expect(Math.abs((first?.checkedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    await driftBalance(db, `wallet:${userId}`, 100);
    // Another process checked a moment ago: this one leaves the ledger alone.
    expect(await checkLedger(db, log)).toBeNull();
    expect(log.entries).toEqual([]);
    expect(await lastLedgerCheck(db)).toEqual(first);

    const found = await checkLedger(db, log, { quietSeconds: 0 });
    const drift = `account wallet:${userId} shows 2600 but its entries sum to 2500`;
    expect(found?.problems).toEqual([drift]);
    const kept = await lastLedgerCheck(db);
    expect(kept?.problems).toEqual(found?.problems);
    expect(kept?.checkedAt.getTime()).toBeGreaterThanOrEqual(first?.checkedAt.getTime() ?? 0);
    expect(log.entries).toEqual([
      { level: 'error', message: `ledger check: ${drift}`, details: { problem: drift } },
    ]);

    // Once mended (a compensating change, as a repair would be), the next check is clean again.
    await driftBalance(db, `wallet:${userId}`, -100);
    expect((await checkLedger(db, log, { quietSeconds: 0 }))?.problems).toEqual([]);
    expect((await lastLedgerCheck(db))?.problems).toEqual([]);
  });

  it('keeps one row however many checks run', async () => {
    await checkLedger(database.db, recordingLog(), { quietSeconds: 0 });
    const rows = await database.db.execute(sql`select count(*)::int as count from ledger_checks`);
    const count = (Array.isArray(rows) ? rows : (rows as { rows: { count: number }[] }).rows)[0];
    expect(count).toEqual({ count: 1 });
  });
});
