import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import {
  adjustBalance,
  creditDeposit,
  refund,
  releasePayout,
  reservePayout,
  reverseDeposit,
} from './wallet.service';

let app: TestApp;
let productIds: number[];
let deposits = 7_000_000;

beforeAll(async () => {
  app = await createTestApp();
  const created = await createCatalogue(
    app.db,
    [0, 1, 2].map((index) => ({
      slug: `wallet-prompt-${index}`,
      category: 'portraits',
      priceCents: 250,
      title: `Wallet prompt ${index}`,
    })),
  );
  productIds = [0, 1, 2].map((index) => created.products[`wallet-prompt-${index}`] as number);
});
afterAll(() => app?.close());

async function depositFor(userId: string, amount: number) {
  deposits += 1;
  await creditDeposit(app.db, { userId, provider: 'sandbox', depositId: deposits, amount });
  return deposits;
}

describe('the wallet page of the API', () => {
  it('lists every movement of the balance, newest first, with the balance each left and what it was for', async () => {
    const { session, profile } = await registerVerifiedUser(app);
    const deposit = await depositFor(profile.id, 1000);
    const bought = await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: productIds[0] });
    expect(bought.statusCode).toBe(200);
    const orderId = bought.json().payload.order_id as number;
    await refund(app.db, { originalKey: `order:${orderId}`, key: `order:${orderId}:refund`, amount: 100 });
    await reservePayout(app.db, { userId: profile.id, amount: 300, payoutId: 91 });
    await releasePayout(app.db, { userId: profile.id, amount: 300, payoutId: 91 });
    await adjustBalance(app.db, {
      userId: profile.id,
      amount: -50,
      key: `wallet-test:${profile.id}`,
      reason: 'correction',
      adminId: profile.id,
    });

    const response = await call(app, session, 'GET', '/api/wallet/movements');
    expect(response.statusCode, response.body).toBe(200);
    const { payload } = response.json();
    expect(payload.balance).toBe(8);
    expect(payload.internal_currency_name).toBe('Credits');
    expect(payload.meta).toEqual({ current_page: 1, per_page: 20, total: 6, last_page: 1 });
    expect(
      payload.data.map(
        (row: { kind: string; move: string; amount: number; balance_after: number; subject: unknown }) => [
          row.kind,
          row.move,
          row.amount,
          row.balance_after,
          row.subject,
        ],
      ),
    ).toEqual([
      ['adjustments', 'adjustment', -0.5, 8, null],
      ['payouts', 'payout_release', 3, 8.5, { type: 'payout', id: 91 }],
      ['payouts', 'payout_reserve', -3, 5.5, { type: 'payout', id: 91 }],
      ['refunds', 'refund', 1, 8.5, { type: 'order', id: orderId }],
      ['purchases', 'purchase', -2.5, 7.5, { type: 'order', id: orderId }],
      ['deposits', 'deposit', 10, 10, { type: 'deposit', id: deposit }],
    ]);
    expect(Date.parse(payload.data[0].created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('pages the movements and filters them by kind, with the balance after each counted over every kind', async () => {
    const { session, profile } = await registerVerifiedUser(app);
    for (const amount of [100, 200, 300]) await depositFor(profile.id, amount);
    await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: productIds[1] });
    await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: productIds[2] });

    const second = (await call(app, session, 'GET', '/api/wallet/movements?per_page=2&page=2')).json()
      .payload;
    expect(second.meta).toEqual({ current_page: 2, per_page: 2, total: 5, last_page: 3 });
    expect(second.data.map((row: { amount: number }) => row.amount)).toEqual([3, 2]);
    expect(second.data.map((row: { balance_after: number }) => row.balance_after)).toEqual([6, 3]);

    const onlyDeposits = (await call(app, session, 'GET', '/api/wallet/movements?kind=deposits')).json()
      .payload;
    expect(onlyDeposits.meta.total).toBe(3);
    expect(onlyDeposits.data.map((row: { balance_after: number }) => row.balance_after)).toEqual([6, 3, 1]);
    const onlyPurchases = (await call(app, session, 'GET', '/api/wallet/movements?kind=purchases')).json()
      .payload;
    expect(onlyPurchases.data.map((row: { balance_after: number }) => row.balance_after)).toEqual([1, 3.5]);
  });

  it('shows a reversed deposit as a reversal', async () => {
    const { session, profile } = await registerVerifiedUser(app);
    const deposit = await depositFor(profile.id, 500);
    await reverseDeposit(app.db, {
      userId: profile.id,
      provider: 'sandbox',
      depositId: deposit,
      amount: 500,
      key: `reversal:${deposit}`,
    });
    const rows = (await call(app, session, 'GET', '/api/wallet/movements?kind=reversals')).json().payload
      .data;
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'reversals',
        amount: -5,
        balance_after: 0,
        subject: { type: 'deposit', id: deposit },
      }),
    ]);
  });

  it("answers an empty wallet for a user who never moved money, and nobody else's movements", async () => {
    const owner = await registerVerifiedUser(app);
    await depositFor(owner.profile.id, 700);
    const { session } = await registerVerifiedUser(app);
    const payload = (await call(app, session, 'GET', '/api/wallet/movements')).json().payload;
    expect(payload).toMatchObject({ balance: 0, data: [], meta: { total: 0, last_page: 1 } });
    const csv = await call(app, session, 'GET', '/api/wallet/movements.csv');
    expect(csv.body).toBe('\uFEFFDate,Kind,Move,Amount,Balance after,Reference\r\n');
  });

  it('refuses a guest and an unknown kind or page in the Laravel shape', async () => {
    const guest = await app.inject({ method: 'GET', url: '/api/wallet/movements' });
    expect(guest.statusCode).toBe(401);
    const { session } = await registerVerifiedUser(app);
    for (const query of ['kind=everything', 'page=0', 'per_page=1000', 'page=abc']) {
      const refused = await call(app, session, 'GET', `/api/wallet/movements?${query}`);
      expect(refused.statusCode, query).toBe(422);
      expect(refused.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    }
  });

  it('exports the movements as a private CSV download, filtered like the list', async () => {
    const { session, profile } = await registerVerifiedUser(app);
    const deposit = await depositFor(profile.id, 1234);
    const bought = (
      await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: productIds[0] })
    ).json();
    const csv = await call(app, session, 'GET', '/api/wallet/movements.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="wallet.csv"');
    expect(csv.headers['cache-control']).toBe('private, no-store');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('\uFEFFDate,Kind,Move,Amount,Balance after,Reference');
    expect(lines.slice(1).map((line) => line.split(',').slice(1))).toEqual([
      ['purchases', 'purchase', '-2.50', '9.84', `order ${bought.payload.order_id}`],
      ['deposits', 'deposit', '12.34', '12.34', `deposit ${deposit}`],
    ]);
    // German Excel splits on ; and reads a decimal comma: the file is written so in German.
    const german = await call(app, session, 'GET', '/api/wallet/movements.csv', undefined, {
      'frontend-language': 'de',
    });
    const germanLines = german.body.trimEnd().split('\r\n');
    expect(germanLines[0]).toBe('\uFEFFDatum;Art;Bewegung;Betrag;Saldo danach;Bezug');
    expect(germanLines.slice(1).map((line) => line.split(';').slice(1))).toEqual([
      ['purchases', 'purchase', '-2,50', '9,84', `order ${bought.payload.order_id}`],
      ['deposits', 'deposit', '12,34', '12,34', `deposit ${deposit}`],
    ]);
    // A download link sends no language header: it names the page's language instead.
    const polish = await call(app, session, 'GET', '/api/wallet/movements.csv?lang=pl');
    expect(polish.body.split('\r\n')[0]).toBe('\uFEFFData;Rodzaj;Ruch;Kwota;Saldo po;Odniesienie');
    expect(polish.body).toContain(';-2,50;9,84;');
    expect((await call(app, session, 'GET', '/api/wallet/movements.csv?lang=xx')).statusCode).toBe(422);
    const filtered = await call(app, session, 'GET', '/api/wallet/movements.csv?kind=deposits');
    expect(filtered.headers['content-disposition']).toBe('attachment; filename="wallet-deposits.csv"');
    expect(filtered.body.trimEnd().split('\r\n')).toHaveLength(2);
  });
});
