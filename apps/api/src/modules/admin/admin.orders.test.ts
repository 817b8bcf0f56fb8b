import type { AdminOrderDetail, AdminOrderRow } from '@promptmarket/contracts/admin-orders';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, newAdmin, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { originalKey } from '../catalogue/catalogue.media';
import { generations } from '../generation/generation.tables';
import { orders } from '../orders/orders.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { creditDeposit } from '../wallet/wallet.service';

/** The back office's orders list and order page: every purchase, cart checkout and generation. */

let app: TestApp;
let admin: BrowserSession;
let products: Record<string, number>;
let deposits = 7_000_000;

/** A buyer with money, who bought one prompt, checked out a cart of two and had an image drawn. */
type Customer = {
  session: BrowserSession;
  userId: string;
  email: string;
  purchaseId: number;
  itemId: number;
  checkoutId: number;
  generationId: number;
};
let zaneta: Customer;
let other: Customer;

async function customer(
  names: { first_name: string; last_name: string },
  slugs: string[],
): Promise<Customer> {
  const { session, profile, email } = await registerVerifiedUser(app, names);
  deposits += 1;
  await creditDeposit(app.db, {
    userId: profile.id,
    provider: 'sandbox',
    depositId: deposits,
    amount: 10_000,
  });
  const [single, ...inCart] = slugs.map((slug) => products[slug] as number);
  const bought = (await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: single })).json();
  for (const productId of inCart) await call(app, session, 'POST', '/api/cart', { product_id: productId });
  const checkout = (await call(app, session, 'POST', '/api/purchase/cart')).json();
  const drawn = await call(app, session, 'POST', '/api/purchase/generate-image', {
    title: `Lighthouse of ${names.first_name}`,
    prompt: 'a lighthouse in a storm',
    format: 'png',
    size: '512x512',
  });
  expect(drawn.statusCode, drawn.body).toBe(200);
  return {
    session,
    userId: profile.id,
    email,
    purchaseId: bought.payload.order_id,
    itemId: bought.payload.orders[0].id,
    checkoutId: checkout.payload.order_id,
    generationId: Number(drawn.headers['x-generation-id']),
  };
}

beforeAll(async () => {
  app = await createTestApp();
  admin = await newAdmin(app, 'orders-boss@example.test');
  ({ products } = await createCatalogue(app.db, [
    { slug: 'red-fox', category: 'animals', priceCents: 490, title: 'Red fox at dawn', titleDe: 'Rotfuchs' },
    { slug: 'creme-brulee', category: 'food', priceCents: 300, title: 'Crème brûlée close-up' },
    { slug: 'old-harbour', category: 'places', priceCents: 250, title: 'Old harbour' },
    { slug: 'blue-owl', category: 'animals', priceCents: 150, title: 'Blue owl' },
    { slug: 'green-hills', category: 'places', priceCents: 200, title: 'Green hills' },
    { slug: 'night-city', category: 'places', priceCents: 100, title: 'Night city' },
  ]));
  zaneta = await customer({ first_name: 'Żaneta', last_name: 'Weiß' }, [
    'red-fox',
    'creme-brulee',
    'old-harbour',
  ]);
  other = await customer({ first_name: 'Otto', last_name: 'Normal' }, [
    'blue-owl',
    'green-hills',
    'night-city',
  ]);
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

async function list(query: string) {
  const response = await call(app, admin, 'GET', `/api/admin/orders?per_page=100&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload as { data: AdminOrderRow[]; meta: Record<string, number> };
}
const idsOf = (rows: AdminOrderRow[]) => rows.map((row) => row.id);

describe('the orders list', () => {
  it('lists purchases, checkouts and generations newest first, each with its buyer, total, items and status', async () => {
    const { data } = await list(`user_id=${zaneta.userId}`);
    expect(idsOf(data)).toEqual([
      `generation-${zaneta.generationId}`,
      `order-${zaneta.checkoutId}`,
      `order-${zaneta.purchaseId}`,
    ]);
    const year = new Date().getUTCFullYear();
    expect(data[2]).toEqual({
      id: `order-${zaneta.purchaseId}`,
      number: `P-${year}-${String(zaneta.purchaseId).padStart(6, '0')}`,
      kind: 'purchase',
      buyer: { id: zaneta.userId, name: 'Żaneta Weiß', email: zaneta.email },
      total: 4.9,
      item_count: 1,
      status: 'paid',
      created_at: expect.any(String),
    });
    expect(data[1]).toMatchObject({ kind: 'checkout', total: 5.5, item_count: 2, status: 'paid' });
    expect(data[0]).toMatchObject({
      kind: 'generation',
      number: `G-${year}-${String(zaneta.generationId).padStart(6, '0')}`,
      item_count: 1,
      status: 'done',
    });
    const all = await list('');
    const times = all.data.map((row) => row.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('finds the buyer by name or address, case and accents folded, and a product by its title', async () => {
    for (const term of ['zaneta weiss', 'ŻANETA', 'weiss', zaneta.email.toUpperCase()]) {
      const { data } = await list(`search=${encodeURIComponent(term)}`);
      expect(new Set(data.map((row) => row.buyer.id)), term).toEqual(new Set([zaneta.userId]));
      expect(data, term).toHaveLength(3);
    }
    // "creme brulee" is in the checkout's second prompt only.
    expect(idsOf((await list('search=creme%20brulee')).data)).toEqual([`order-${zaneta.checkoutId}`]);
    // A German title finds it too; a generation by its title.
    expect(idsOf((await list('search=rotfuchs')).data)).toEqual([`order-${zaneta.purchaseId}`]);
    expect(idsOf((await list('search=lighthouse%20of%20otto')).data)).toEqual([
      `generation-${other.generationId}`,
    ]);
    expect((await list('search=nobody-has-this')).data).toEqual([]);
  });

  it('finds an order by its number as the receipt shows it', async () => {
    const { data } = await list(`user_id=${zaneta.userId}`);
    const purchase = data.find((row) => row.kind === 'purchase') as AdminOrderRow;
    expect(idsOf((await list(`search=${purchase.number}`)).data)).toEqual([purchase.id]);
    const generation = data.find((row) => row.kind === 'generation') as AdminOrderRow;
    expect(idsOf((await list(`search=${generation.number.toLowerCase()}`)).data)).toEqual([generation.id]);
  });

  it('filters by kind, status, days and customer', async () => {
    const mine = `user_id=${zaneta.userId}`;
    expect(idsOf((await list(`${mine}&kind=purchase`)).data)).toEqual([`order-${zaneta.purchaseId}`]);
    expect(idsOf((await list(`${mine}&kind=checkout`)).data)).toEqual([`order-${zaneta.checkoutId}`]);
    expect(idsOf((await list(`${mine}&kind=generation`)).data)).toEqual([
      `generation-${zaneta.generationId}`,
    ]);
    expect(idsOf((await list(`${mine}&status=paid`)).data)).toEqual([
      `order-${zaneta.checkoutId}`,
      `order-${zaneta.purchaseId}`,
    ]);
    expect(idsOf((await list(`${mine}&status=done`)).data)).toEqual([`generation-${zaneta.generationId}`]);
    expect((await list(`${mine}&status=failed`)).data).toEqual([]);
    expect((await list(`${mine}&kind=generation&status=paid`)).data).toEqual([]);

    // The other customer's purchase and generation made in March 2025, at the day's edges.
    await app.db
      .update(orders)
      .set({ createdAt: new Date('2025-03-10T00:00:00Z') })
      .where(eq(orders.id, other.purchaseId));
    await app.db
      .update(generations)
      .set({ createdAt: new Date('2025-03-12T23:59:59Z') })
      .where(eq(generations.id, other.generationId));
    const march = await list('from=2025-03-10&to=2025-03-12');
    expect(idsOf(march.data)).toEqual([`generation-${other.generationId}`, `order-${other.purchaseId}`]);
    expect(idsOf((await list('from=2025-03-11&to=2025-03-12')).data)).toEqual([
      `generation-${other.generationId}`,
    ]);
    expect(idsOf((await list('to=2025-03-10')).data)).toEqual([`order-${other.purchaseId}`]);
    const since = idsOf((await list('from=2025-03-13')).data);
    expect(since).toContain(`order-${zaneta.purchaseId}`);
    expect(since).not.toContain(`order-${other.purchaseId}`);
  });

  it('pages like the other lists', async () => {
    const all = (await list('')).data;
    expect(all.length).toBeGreaterThanOrEqual(6);
    const page = await call(app, admin, 'GET', '/api/admin/orders?per_page=2&page=2');
    const payload = page.json().payload;
    expect(payload.meta).toEqual({
      current_page: 2,
      per_page: 2,
      total: all.length,
      last_page: Math.ceil(all.length / 2),
    });
    expect(idsOf(payload.data)).toEqual(idsOf(all.slice(2, 4)));
  });

  it('refuses filters it does not know with a 422 naming the field', async () => {
    for (const [query, field] of [
      ['kind=refund', 'kind'],
      ['status=lost', 'status'],
      [`search=${'x'.repeat(121)}`, 'search'],
      ['from=2025-02-30', 'from'],
      ['to=yesterday', 'to'],
      ['from=2025-03-12&to=2025-03-10', 'to'],
      ['user_id=12', 'user_id'],
      ['per_page=1000', 'per_page'],
    ] as const) {
      const response = await call(app, admin, 'GET', `/api/admin/orders?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toContain(field);
    }
  });
});

describe('one order', () => {
  it('shows the buyer, the items with their prices, the ledger moves, the receipt and the downloads', async () => {
    await app.storage.put(
      'private',
      originalKey('fixture-red-fox'),
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a40' } })
        .png()
        .toBuffer(),
      { contentType: 'image/png' },
    );
    const download = await call(
      app,
      zaneta.session,
      'GET',
      `/api/purchase/${zaneta.itemId}/download?format=png&size=512x512`,
    );
    expect(download.statusCode).toBe(200);

    const response = await call(app, admin, 'GET', `/api/admin/orders/order-${zaneta.purchaseId}`);
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json().payload as AdminOrderDetail;
    expect(order).toMatchObject({
      id: `order-${zaneta.purchaseId}`,
      kind: 'purchase',
      buyer: { id: zaneta.userId, name: 'Żaneta Weiß', email: zaneta.email },
      total: 4.9,
      currency: 'Credits',
      status: 'paid',
      items: [{ id: zaneta.itemId, product_id: products['red-fox'], title: 'Red fox at dawn', price: 4.9 }],
      receipt_path: `/dashboard/receipts/purchase/${zaneta.purchaseId}`,
      refunds: [],
    });
    expect(order.moves).toEqual([
      {
        id: expect.any(Number),
        kind: 'purchase',
        reference: `order:${zaneta.purchaseId}`,
        amount: 4.9,
        created_at: expect.any(String),
        entries: expect.arrayContaining([
          { account: 'wallet', amount: -4.9 },
          { account: 'revenue', amount: 4.9 },
        ]),
      },
    ]);
    expect(order.receipt).toMatchObject({
      kind: 'purchase',
      number: order.number,
      total_minor: 490,
      lines: [{ description: 'Red fox at dawn', quantity: 1, amount_minor: 490 }],
      buyer: { name: 'Żaneta Weiß', email: zaneta.email },
    });
    expect(order.downloads).toEqual([
      {
        id: expect.any(Number),
        item_id: zaneta.itemId,
        user_id: zaneta.userId,
        format: 'png',
        size: '512x512',
        created_at: expect.any(String),
      },
    ]);
  });

  it('shows a checkout with each of its prompts', async () => {
    const order = (await call(app, admin, 'GET', `/api/admin/orders/order-${zaneta.checkoutId}`)).json()
      .payload as AdminOrderDetail;
    expect(order.kind).toBe('checkout');
    expect(order.items.map((item) => [item.title, item.price])).toEqual([
      ['Crème brûlée close-up', 3],
      ['Old harbour', 2.5],
    ]);
    expect(order.receipt?.total_minor).toBe(550);
    expect(order.downloads).toEqual([]);
  });

  it('shows a generation with its charge and its downloads', async () => {
    const drawn = await call(
      app,
      zaneta.session,
      'GET',
      `/api/purchase/generations/${zaneta.generationId}/download`,
    );
    expect(drawn.statusCode).toBe(200);
    const order = (
      await call(app, admin, 'GET', `/api/admin/orders/generation-${zaneta.generationId}`)
    ).json().payload as AdminOrderDetail;
    expect(order).toMatchObject({
      kind: 'generation',
      status: 'done',
      items: [{ id: zaneta.generationId, product_id: null, title: 'Lighthouse of Żaneta', format: 'png' }],
      receipt: null,
      refunds: [],
    });
    expect(order.moves).toHaveLength(1);
    expect(order.moves[0]).toMatchObject({
      kind: 'generation',
      reference: `generation:${zaneta.generationId}`,
    });
    expect(order.moves[0]?.entries.map((entry) => entry.account).sort()).toEqual(['revenue', 'wallet']);
    expect(order.downloads).toEqual([
      expect.objectContaining({ item_id: zaneta.generationId, user_id: zaneta.userId }),
    ]);
  });

  it('shows what the back office refunded: the refund, its ledger move, and the status in the list', async () => {
    const buyer = await customer({ first_name: 'Rita', last_name: 'Refund' }, [
      'red-fox',
      'blue-owl',
      'night-city',
    ]);
    const checkout = (await call(app, admin, 'GET', `/api/admin/orders/order-${buyer.checkoutId}`)).json()
      .payload as AdminOrderDetail;
    const owl = checkout.items.find((item) => item.title === 'Blue owl');
    const refunded = await call(app, admin, 'POST', '/api/admin/refunds', {
      item_id: owl?.id,
      reason: 'The owl came out blurred',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);

    const order = (await call(app, admin, 'GET', `/api/admin/orders/order-${buyer.checkoutId}`)).json()
      .payload as AdminOrderDetail;
    expect(order.status).toBe('partially_refunded');
    expect(order.refunds).toEqual([
      {
        id: expect.any(Number),
        number: expect.stringMatching(/^R-\d{4}-\d{6}$/),
        subject: 'order_item',
        subject_id: owl?.id,
        amount: 1.5,
        status: 'succeeded',
        reason: 'The owl came out blurred',
        admin_email: 'orders-boss@example.test',
        created_at: expect.any(String),
      },
    ]);
    expect(order.moves.map((move) => [move.kind, move.amount])).toEqual([
      ['purchase', 2.5],
      [expect.stringMatching(/refund/), 1.5],
    ]);
    const mine = `user_id=${buyer.userId}`;
    expect(idsOf((await list(`${mine}&status=partially_refunded`)).data)).toEqual([
      `order-${buyer.checkoutId}`,
    ]);
    expect(idsOf((await list(`${mine}&status=paid`)).data)).toEqual([`order-${buyer.purchaseId}`]);

    // The whole generation back: refunded, and no longer among the delivered ones.
    const back = await call(app, admin, 'POST', '/api/admin/refunds', {
      generation_id: buyer.generationId,
      reason: 'Not what was asked for',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(idsOf((await list(`${mine}&status=refunded`)).data)).toEqual([`generation-${buyer.generationId}`]);
    expect((await list(`${mine}&status=done`)).data).toEqual([]);
    const generation = (
      await call(app, admin, 'GET', `/api/admin/orders/generation-${buyer.generationId}`)
    ).json().payload as AdminOrderDetail;
    expect(generation.status).toBe('refunded');
    expect(generation.refunds.map((refund) => refund.subject)).toEqual(['generation']);
  });

  it('answers 404 for an order that does not exist and 422 for an id that is none', async () => {
    for (const id of ['order-999999', 'generation-999999']) {
      expect((await call(app, admin, 'GET', `/api/admin/orders/${id}`)).statusCode, id).toBe(404);
    }
    for (const id of ['12', 'order-0', 'refund-1', 'order-1x']) {
      expect((await call(app, admin, 'GET', `/api/admin/orders/${id}`)).statusCode, id).toBe(422);
    }
  });

  it('is refused to a customer', async () => {
    for (const url of ['/api/admin/orders', `/api/admin/orders/order-${zaneta.purchaseId}`]) {
      expect((await call(app, zaneta.session, 'GET', url)).statusCode, url).toBe(403);
    }
  });
});
