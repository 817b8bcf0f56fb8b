import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, newAdmin, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { completePayout, creditDeposit, debitWallet, reservePayout } from '../wallet/wallet.service';

let app: TestApp;
let admin: BrowserSession;
let userId: string;

/**
 * Moves a ledger move to another moment. The ledger refuses any change of a move, so the guard is
 * turned off for the length of one transaction, as only a test may.
 */
async function backdate(key: string, at: string) {
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`alter table ledger_transactions disable trigger ledger_transactions_append_only`);
    await tx.execute(
      sql`update ledger_transactions set created_at = ${at}::timestamptz where idempotency_key = ${key}`,
    );
    await tx.execute(sql`alter table ledger_transactions enable trigger ledger_transactions_append_only`);
  });
}

async function purchase(
  key: string,
  amount: number,
  at: string,
  kind: 'purchase' | 'generation' = 'purchase',
) {
  await debitWallet(app.db, { userId, amount, key, kind, reference: key });
  await backdate(key, at);
}

beforeAll(async () => {
  app = await createTestApp();
  admin = await newAdmin(app, 'reports.boss@example.test');
  ({
    profile: { id: userId },
  } = await registerVerifiedUser(app));
  // A deposit on Monday 3 March 2025, then purchases that week, the next one and in February.
  await creditDeposit(app.db, { userId, provider: 'sandbox', depositId: 880_001, amount: 100_00 });
  await backdate('deposit:880001', '2025-03-03T09:00:00Z');
  await purchase('report:feb', 10_00, '2025-02-20T12:00:00Z');
  await purchase('report:mon', 12_50, '2025-03-03T10:00:00Z');
  await purchase('report:wed', 7_50, '2025-03-05T23:59:59Z');
  await purchase('report:next', 20_00, '2025-03-12T00:00:00Z');
  await purchase('report:gen', 1_00, '2025-03-12T08:00:00Z', 'generation');
  // Sold on 16 March at 23:59:59 UTC: the last second of the range, still in it.
  await purchase('report:last', 3_00, '2025-03-16T23:59:59Z');
  await purchase('report:after', 5_00, '2025-03-17T00:00:00Z');
  await reservePayout(app.db, { userId, amount: 30_00, payoutId: 880_002 });
  await completePayout(app.db, { amount: 30_00, payoutId: 880_002 });
  await backdate('payout:880002:paid', '2025-03-14T10:00:00Z');
});
afterAll(() => app?.close());

async function report(query: string) {
  const response = await call(app, admin, 'GET', `/api/admin/reports/sales?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload;
}

describe('sales at a glance', () => {
  it('sums the known sales per day, with the empty days, and compares with the period before', async () => {
    const payload = await report('period=day&from=2025-03-03&to=2025-03-16');
    expect(payload.previous).toEqual({ from: '2025-02-17', to: '2025-03-02' });
    expect(payload.series.sales).toHaveLength(14);
    const day = (start: string) =>
      payload.series.sales.find((bucket: { start: string }) => bucket.start === start);
    expect(day('2025-03-03')).toEqual({ start: '2025-03-03', count: 1, amount: 12.5, amount_eur: 12.5 });
    expect(day('2025-03-04')).toEqual({ start: '2025-03-04', count: 0, amount: 0, amount_eur: 0 });
    expect(day('2025-03-05')).toMatchObject({ count: 1, amount: 7.5 });
    expect(day('2025-03-12')).toMatchObject({ count: 1, amount: 20 });
    expect(day('2025-03-16')).toMatchObject({ count: 1, amount: 3 });
    expect(payload.totals.sales).toEqual({
      count: 4,
      amount: 43,
      amount_eur: 43,
      previous: { count: 1, amount: 10, amount_eur: 10 },
      change_percent: 330,
    });
    expect(payload.totals.deposits).toMatchObject({ count: 1, amount: 100, change_percent: null });
    expect(payload.totals.generations).toMatchObject({ count: 1, amount: 1 });
    expect(payload.totals.payouts).toMatchObject({ count: 1, amount: 30 });
    expect(payload.internal_currency_rate_eur).toBe('1.00');
  });

  it('buckets by week from Monday and by month', async () => {
    const weeks = await report('period=week&from=2025-03-03&to=2025-03-16');
    expect(weeks.series.sales).toEqual([
      { start: '2025-03-03', count: 2, amount: 20, amount_eur: 20 },
      { start: '2025-03-10', count: 2, amount: 23, amount_eur: 23 },
    ]);
    const months = await report('period=month&from=2025-02-01&to=2025-03-31');
    expect(months.series.sales.map((bucket: { amount: number }) => bucket.amount)).toEqual([10, 48]);
    expect(months.series.deposits.map((bucket: { amount: number }) => bucket.amount)).toEqual([0, 100]);
    expect(months.series.payouts.map((bucket: { amount: number }) => bucket.amount)).toEqual([0, 30]);
    expect(months.series.generations.map((bucket: { count: number }) => bucket.count)).toEqual([0, 1]);
    // The period before February and March has nothing: no change can be given.
    expect(months.totals.sales.change_percent).toBeNull();
  });

  it('counts a week that straddles the start only with the days in the range', async () => {
    // Wednesday to the Sunday after: Monday's sale is outside, Wednesday's inside.
    const payload = await report('period=week&from=2025-03-05&to=2025-03-09');
    expect(payload.series.sales).toEqual([{ start: '2025-03-03', count: 1, amount: 7.5, amount_eur: 7.5 }]);
    expect(payload.totals.sales.previous).toEqual({ count: 1, amount: 12.5, amount_eur: 12.5 });
    expect(payload.totals.sales.change_percent).toBe(-40);
  });

  it('writes the credits in EUR at the shop’s rate', async () => {
    const changed = await call(app, admin, 'PUT', '/api/admin/settings', {
      internal_currency_rate_eur: '1.5',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    try {
      const payload = await report('period=week&from=2025-03-03&to=2025-03-16');
      expect(payload.internal_currency_rate_eur).toBe('1.5');
      expect(payload.series.sales[0]).toEqual({ start: '2025-03-03', count: 2, amount: 20, amount_eur: 30 });
      expect(payload.totals.payouts).toMatchObject({ amount: 30, amount_eur: 45 });
    } finally {
      await call(app, admin, 'PUT', '/api/admin/settings', { internal_currency_rate_eur: '1.00' });
    }
  });

  it('refuses a bad query with the Laravel 422 and caps the range', async () => {
    const refused = async (query: string) => {
      const response = await call(app, admin, 'GET', `/api/admin/reports/sales?${query}`, undefined, {
        'frontend-language': 'de',
      });
      expect(response.statusCode, query).toBe(422);
      return response.json().errors;
    };
    expect(Object.keys(await refused('period=year'))).toEqual(['period']);
    expect(await refused('from=2025-02-30&to=2025-03-01')).toEqual({
      from: ['Bitte gib ein Datum im Format JJJJ-MM-TT ein.'],
    });
    expect(Object.keys(await refused('from=03/01/2025'))).toEqual(['from']);
    expect(await refused('from=2025-03-10&to=2025-03-01')).toEqual({
      to: ['Das Enddatum darf nicht vor dem Anfangsdatum liegen.'],
    });
    expect(Object.keys(await refused('period=day&from=2024-01-01&to=2025-03-01'))).toEqual(['to']);
    // The same range is fine by week.
    await report('period=week&from=2024-01-01&to=2025-03-01');
    expect(Object.keys(await refused('period=month&from=2015-01-01&to=2025-03-01'))).toEqual(['to']);
  });

  it('answers users and guests no figures', async () => {
    const { session } = await registerVerifiedUser(app);
    expect((await call(app, session, 'GET', '/api/admin/reports/sales')).statusCode).toBe(403);
  });
});
