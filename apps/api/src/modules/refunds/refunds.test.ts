import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, lastMailTo, newAdmin, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { payOnSandbox } from '../../test/deposits';
import { recordingLog } from '../../test/log';
import { users } from '../accounts/accounts.tables';
import { originalKey } from '../catalogue/catalogue.media';
import { generations } from '../generation/generation.tables';
import { runDueJobs } from '../jobs/jobs.service';
import { sandboxRefunds } from '../payments/sandbox.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { creditDeposit, debitWallet, walletBalance } from '../wallet/wallet.service';
import { ledgerTransactions } from '../wallet/wallet.tables';
import { refunds } from './refunds.tables';

/** Refunds by the back office (decision 0048), on PGlite and PostgreSQL alike. */

let app: TestApp;
let admin: BrowserSession;
let productIds: number[];
let fundings = 7_000_000;
let keys = 0;
const newKey = () => `refund-key-${Date.now()}-${++keys}`;

beforeAll(async () => {
  app = await createTestApp({ SANDBOX_WEBHOOK_SECRET: 'sandbox-secret-for-the-refunds-0123456789' });
  // The sandbox delivers its webhooks over HTTP to this server, as a real provider would.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const created = await createCatalogue(
    app.db,
    Array.from({ length: 12 }, (_, index) => ({
      slug: `refund-prompt-${index}`,
      category: 'portraits',
      priceCents: 1000 + index * 100,
      title: index === 0 ? 'Żółć und Weiß' : `Refund prompt ${index}`,
    })),
  );
  productIds = Array.from({ length: 12 }, (_, index) => created.products[`refund-prompt-${index}`] as number);
  admin = await newAdmin(app, 'refunding-boss@example.test');
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

async function buyer(funds = 100_000, name?: { first_name: string; last_name: string }) {
  const { session, profile, email } = await registerVerifiedUser(app, name ?? {});
  if (funds > 0) {
    fundings += 1;
    await creditDeposit(app.db, { userId: profile.id, provider: 'test', depositId: fundings, amount: funds });
  }
  return { session, userId: profile.id, email };
}

/** Buys the prompts as one cart checkout; answers the order id and the items' ids. */
async function buy(session: BrowserSession, indexes: number[]) {
  for (const index of indexes) {
    await call(app, session, 'POST', '/api/cart', { product_id: productIds[index] });
  }
  const bought = await call(app, session, 'POST', '/api/purchase/cart', {});
  expect(bought.statusCode, bought.body).toBe(200);
  const payload = bought.json().payload;
  return {
    orderId: payload.order_id as number,
    itemIds: (payload.orders as { id: number; product_id: number }[])
      .sort((a, b) => a.id - b.id)
      .map((item) => item.id),
  };
}

const refund = (body: Record<string, unknown>, key?: string, session = admin) =>
  call(app, session, 'POST', '/api/admin/refunds', body, key ? { 'idempotency-key': key } : {});

const balanceOf = (userId: string) => walletBalance(app.db, userId);

async function auditOf(action: string, subjectId: number | string) {
  return (await call(app, admin, 'GET', `/api/admin/audit?action=${action}&subject_id=${subjectId}`)).json()
    .payload.data as { before: Record<string, unknown>; after: Record<string, unknown> }[];
}

describe('refunding an order to the balance', () => {
  it('refunds the whole order by default, once: the second full refund is a 409', async () => {
    const { session, userId, email } = await buyer();
    const { orderId } = await buy(session, [1, 2]);
    // 11.00 + 12.00 credits.
    expect(await balanceOf(userId)).toBe(100_000 - 2300);

    const first = await refund({ order_id: orderId, reason: 'Duplicate charge' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().payload).toMatchObject({
      subject: 'order',
      subject_id: orderId,
      order_id: orderId,
      user_id: userId,
      email,
      amount: 23,
      status: 'succeeded',
      reason: 'Duplicate charge',
    });
    expect(first.json().payload.number).toMatch(/^R-\d{4}-\d{6}$/);
    expect(await balanceOf(userId)).toBe(100_000);

    const second = await refund({ order_id: orderId, reason: 'Duplicate charge' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Nothing is left to refund: it was refunded in full already.');
    expect(await balanceOf(userId)).toBe(100_000);
  });

  it('adds partial refunds up to what was paid, never more (422 naming what is left)', async () => {
    const { session, userId } = await buyer();
    const { orderId } = await buy(session, [3]);
    // 13.00 credits paid.
    expect((await refund({ order_id: orderId, amount: '5.50', reason: 'Late delivery' })).statusCode).toBe(
      200,
    );
    const tooMuch = await refund({ order_id: orderId, amount: '7.51', reason: 'Late delivery' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual({ amount: ['At most 7.50 Credits is left to refund.'] });
    const rest = await refund({ order_id: orderId, amount: 7.5, reason: 'Late delivery' });
    expect(rest.statusCode).toBe(200);
    expect(await balanceOf(userId)).toBe(100_000);
    expect((await refund({ order_id: orderId, amount: '0.01', reason: 'More' })).statusCode).toBe(409);
    const made = await app.db
      .select({ amount: refunds.amount })
      .from(refunds)
      .where(eq(refunds.orderId, orderId));
    expect(made.map((row) => row.amount).sort()).toEqual([550, 750]);
  });

  it('validates the request with Laravel-shaped 422s, in the admin’s language', async () => {
    const { session } = await buyer();
    const { orderId } = await buy(session, [4]);
    const none = await refund({ reason: 'Why not' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.subject).toEqual([
      'Name exactly one order, item, generation or deposit to refund.',
    ]);
    const two = await refund({ order_id: orderId, deposit_id: 1, reason: 'Why not' });
    expect(two.statusCode).toBe(422);
    for (const amount of ['1.234', 'ten', 1.001, '1e3']) {
      const bad = await refund({ order_id: orderId, amount, reason: 'Why not' });
      expect(bad.statusCode, String(amount)).toBe(422);
      expect(bad.json().errors.amount).toEqual([
        'Enter an amount of credits greater than 0, with at most two decimals.',
      ]);
    }
    for (const amount of ['0', '-1', -1]) {
      const bad = await refund({ order_id: orderId, amount, reason: 'Why not' });
      expect(bad.json().errors.amount, String(amount)).toEqual(['The amount must be positive.']);
    }
    const german = await call(
      app,
      admin,
      'POST',
      '/api/admin/refunds',
      { order_id: orderId, reason: 'x' },
      { 'frontend-language': 'de' },
    );
    expect(german.json().errors.reason).toEqual(['Gib an, warum du erstattest (mindestens 3 Zeichen).']);
    expect((await refund({ order_id: 99_999_999, reason: 'Missing' })).statusCode).toBe(404);
    expect(await app.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
  });

  it('is for admins only', async () => {
    const { session } = await buyer();
    const { orderId } = await buy(session, [5]);
    const response = await refund({ order_id: orderId, reason: 'Myself' }, undefined, session);
    expect(response.statusCode).toBe(403);
  });

  it('answers a repeat of its Idempotency-Key with the first refund, and moves nothing again', async () => {
    const { session, userId } = await buyer();
    const { orderId } = await buy(session, [6]);
    const key = newKey();
    const body = { order_id: orderId, amount: '2', reason: 'Goodwill' };
    const first = await refund(body, key);
    expect(first.statusCode).toBe(200);
    const again = await refund(body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(userId)).toBe(100_000 - 1600 + 200);
    expect(await auditOf('refund.order', orderId)).toHaveLength(1);
    const other = await refund({ ...body, amount: '3' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balanceOf(userId)).toBe(100_000 - 1600 + 200);
  });

  it('audits the refund with the balance and what is left before and after', async () => {
    const { session, userId } = await buyer();
    const { orderId } = await buy(session, [7]);
    // 17.00 credits paid.
    const made = (await refund({ order_id: orderId, amount: '4', reason: 'Blurry picture' })).json().payload;
    const [entry] = await auditOf('refund.order', orderId);
    expect(entry?.before).toEqual({ order_id: orderId, refunded: 0, left: 1700, balance: 100_000 - 1700 });
    expect(entry?.after).toEqual({
      order_id: orderId,
      refund_id: made.id,
      amount: 400,
      reason: 'Blurry picture',
      refunded: 400,
      left: 1300,
      balance: 100_000 - 1300,
      revoked_items: [],
    });
    expect(await balanceOf(userId)).toBe(100_000 - 1300);
  });

  it('mails the buyer, shows the refund in their statement and as a credit note on the receipt', async () => {
    const { session, email } = await buyer();
    const { orderId } = await buy(session, [8]);
    const made = (await refund({ order_id: orderId, reason: 'Wrong colours' })).json().payload;

    const mail = await lastMailTo(app, email);
    expect(mail.subject).toBe(`A refund of 18 credits for your order no. ${orderId}`);
    expect(mail.text).toContain(
      `We refunded 18 credits for your order no. ${orderId} to your PromptMarket balance.`,
    );
    expect(mail.text).toContain('Reason: Wrong colours');
    expect(mail.text).toContain('Refunded in full, so no longer yours to download: Refund prompt 8');
    expect(mail.text).toContain(`/en/dashboard/receipts/purchase/${orderId}`);

    const movements = (await call(app, session, 'GET', '/api/wallet/movements')).json().payload;
    expect(movements.data[0]).toMatchObject({
      kind: 'refunds',
      move: 'purchase_refund',
      amount: 18,
      subject: { type: 'order', id: orderId },
    });
    const onlyRefunds = (await call(app, session, 'GET', '/api/wallet/movements?kind=refunds')).json()
      .payload;
    expect(onlyRefunds.data.map((movement: { move: string }) => movement.move)).toEqual(['purchase_refund']);

    const receipt = (await call(app, session, 'GET', `/api/receipts/purchase/${orderId}`)).json().payload;
    expect(receipt.credit_notes).toEqual([
      {
        number: made.number,
        issued_at: made.created_at,
        description: 'Refund to the balance',
        reason: 'Wrong colours',
        amount_minor: 1800,
      },
    ]);
    expect(receipt.total_after_refunds_minor).toBe(0);
    const pdf = await call(app, session, 'GET', `/api/receipts/purchase/${orderId}.pdf`);
    expect(pdf.statusCode).toBe(200);
  });
});

describe('refunding one item of a cart checkout', () => {
  async function withImage(index: number) {
    const original = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    await app.storage.put('private', originalKey(`fixture-refund-prompt-${index}`), original, {
      contentType: 'image/png',
    });
  }

  it('refunds the item’s price at most, ends access to it alone, and lets the buyer buy it again', async () => {
    await withImage(9);
    await withImage(10);
    const { session, userId } = await buyer();
    const { orderId, itemIds } = await buy(session, [9, 10]);
    const [first, second] = itemIds as [number, number];
    const download = (itemId: number) =>
      call(app, session, 'GET', `/api/purchase/${itemId}/download?format=png&size=512x512`);
    expect((await download(first)).statusCode).toBe(200);

    const tooMuch = await refund({ item_id: first, amount: '19.01', reason: 'Broken file' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual(['At most 19.00 Credits is left to refund.']);
    const partial = await refund({ item_id: first, amount: '9', reason: 'Broken file' });
    expect(partial.json().payload).toMatchObject({
      subject: 'order_item',
      subject_id: first,
      order_id: orderId,
    });
    // Part of the price given back: the buyer keeps the prompt.
    expect((await download(first)).statusCode).toBe(200);
    expect((await refund({ item_id: first, reason: 'Broken file' })).json().payload.amount).toBe(10);
    expect((await download(first)).statusCode).toBe(404);
    expect((await download(second)).statusCode).toBe(200);
    expect((await refund({ item_id: first, reason: 'Broken file' })).statusCode).toBe(409);
    const owned = (await call(app, session, 'GET', '/api/user/prompts')).json().payload;
    expect(owned.map((prompt: { id: number }) => prompt.id)).toEqual([productIds[10]]);

    // What is left of the order is the other item's price.
    const rest = await refund({ order_id: orderId, amount: '20.01', reason: 'All of it' });
    expect(rest.json().errors.amount).toEqual(['At most 20.00 Credits is left to refund.']);
    expect(await balanceOf(userId)).toBe(100_000 - 2000);

    const again = await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: productIds[9] });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('refunding a generation to the balance', () => {
  async function drawn(userId: string, status: 'done' | 'processing' = 'done') {
    const [row] = await app.db
      .insert(generations)
      .values({
        userId,
        title: 'Lighthouse in a storm',
        prompt: 'a lighthouse in a storm',
        format: 'png',
        size: '512x512',
        engine: 'local',
        cost: 250,
        status,
      })
      .returning({ id: generations.id });
    if (!row) throw new Error('no generation');
    await debitWallet(app.db, {
      userId,
      amount: 250,
      key: `generation:${row.id}`,
      kind: 'generation',
      reference: `generation:${row.id}`,
    });
    return row.id;
  }

  it('gives the cost back once, mails the buyer, and refuses one still being drawn', async () => {
    const { session, userId, email } = await buyer(1000);
    const id = await drawn(userId);
    const made = await refund({ generation_id: id, reason: 'Engine glitch' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().payload).toMatchObject({ subject: 'generation', amount: 2.5 });
    expect(await balanceOf(userId)).toBe(1000);
    expect((await refund({ generation_id: id, reason: 'Engine glitch' })).statusCode).toBe(409);
    expect((await lastMailTo(app, email)).subject).toBe(`A refund of 2.50 credits for your image no. ${id}`);
    const movements = (await call(app, session, 'GET', '/api/wallet/movements')).json().payload;
    expect(movements.data[0]).toMatchObject({
      move: 'generation_refund',
      subject: { type: 'generation', id },
    });
    expect(await auditOf('refund.generation', id)).toHaveLength(1);

    const busy = await drawn(userId, 'processing');
    const refused = await refund({ generation_id: busy, reason: 'Too slow' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This image is still being drawn; refund it once it is done.');
  });
});

describe('refunding a deposit through the sandbox provider', () => {
  async function paidDeposit(session: BrowserSession): Promise<number> {
    const order = (
      await call(app, session, 'POST', '/api/deposit/checkout', {
        amount: '25.00',
        currency: 'EUR',
        first_name: 'Zofia',
        last_name: 'Wójcik',
        email: 'zofia@example.test',
        phone: '+48 22 000 00 00',
        country: 'PL',
        city: 'Kraków',
        address: 'ul. Źródlana 5',
        post_code: '30-001',
        terms: true,
        payment_method_id: 'card',
      })
    ).json();
    await payOnSandbox(app, order.redirect_url);
    await runDueJobs(app.db, app.paymentJobs, recordingLog());
    return order.order_id as number;
  }

  it('refunds at the sandbox and takes the credits from the balance, never overdrawing it', async () => {
    const { session, userId, email } = await buyer(0);
    const depositId = await paidDeposit(session);
    expect(await balanceOf(userId)).toBe(2500);
    // The buyer spends 10.00 of it: only 15.00 is left to take back.
    await buy(session, [0]);
    expect(await balanceOf(userId)).toBe(1500);

    const overdraw = await refund({ deposit_id: depositId, reason: 'Customer asked' });
    expect(overdraw.statusCode).toBe(422);
    expect(overdraw.json()).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      errors: {
        amount: ['The buyer’s balance holds only 15.00 Credits: refunding this deposit would overdraw it.'],
      },
    });
    expect(await app.db.select().from(sandboxRefunds)).toEqual([]);
    expect(await balanceOf(userId)).toBe(1500);

    const partial = await refund({ deposit_id: depositId, amount: '15', reason: 'Customer asked' });
    expect(partial.statusCode, partial.body).toBe(200);
    const made = partial.json().payload;
    expect(made).toMatchObject({
      subject: 'deposit',
      status: 'succeeded',
      amount: 15,
      provider_amount: 15,
      currency: 'EUR',
      provider: 'sandbox',
    });
    expect(made.provider_refund_id).toMatch(/^re_sandbox_/);
    const [atSandbox] = await app.db.select().from(sandboxRefunds);
    expect(atSandbox).toMatchObject({ id: made.provider_refund_id, amountMinor: 1500, currency: 'EUR' });
    expect(atSandbox?.idempotencyKey).toBe(`refund-${made.id}`);
    // The sandbox's own page of the payment says what it refunded.
    const sandboxPage = await app.inject({ method: 'GET', url: `/sandbox/checkout/${atSandbox?.sessionId}` });
    expect(sandboxPage.body).toContain('Refunded: 15.00 EUR.');
    expect(await balanceOf(userId)).toBe(0);

    const mail = await lastMailTo(app, email);
    expect(mail.subject).toBe(`Your deposit no. ${depositId} was refunded`);
    expect(mail.text).toContain('We refunded 15.00 EUR of your deposit');
    const movements = (await call(app, session, 'GET', '/api/wallet/movements')).json().payload;
    expect(movements.data[0]).toMatchObject({ move: 'deposit_refund', amount: -15 });
    const receipt = (await call(app, session, 'GET', `/api/receipts/deposit/${depositId}`)).json().payload;
    expect(receipt.credit_notes).toMatchObject([
      { number: made.number, description: 'Refund to the payment method', amount_minor: 1500 },
    ]);
    expect(receipt.total_after_refunds_minor).toBe(1000);
    const [entry] = await auditOf('refund.deposit', depositId);
    expect(entry?.before).toMatchObject({ balance: 1500, left: 2500 });
    expect(entry?.after).toMatchObject({ balance: 0, left: 1000, amount: 1500, money: 1500 });

    const deposits = (await call(app, admin, 'GET', `/api/admin/deposits?search=${email}`)).json().payload;
    expect(deposits.data[0]).toMatchObject({ reversal: 'partially_refunded', reversed_amount: 15 });
  });

  it('refuses a deposit not paid, and one refunded in full already', async () => {
    const { session } = await buyer(0);
    const open = (
      await call(app, session, 'POST', '/api/deposit/checkout', {
        amount: '25.00',
        currency: 'EUR',
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.test',
        phone: '+44 20 7946 0000',
        country: 'GB',
        city: 'London',
        address: '12 St James Square',
        post_code: 'SW1Y 4JH',
        terms: true,
        payment_method_id: 'card',
      })
    ).json();
    const unpaid = await refund({ deposit_id: open.order_id, reason: 'Not paid' });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe('Only a paid deposit can be refunded.');

    const depositId = await paidDeposit(session);
    expect((await refund({ deposit_id: depositId, reason: 'All of it' })).statusCode).toBe(200);
    expect((await refund({ deposit_id: depositId, reason: 'All of it' })).statusCode).toBe(409);
  });
});

describe('the refunds list', () => {
  it('finds refunds by the buyer’s name or address with case and accents folded, by reason and by number', async () => {
    const { session, userId } = await buyer(100_000, { first_name: 'Żaneta', last_name: 'Weiß' });
    const { orderId } = await buy(session, [11]);
    const made = (await refund({ order_id: orderId, amount: '1', reason: 'Złe kolory' })).json().payload;
    const search = async (term: string) =>
      (
        await call(app, admin, 'GET', `/api/admin/refunds?search=${encodeURIComponent(term)}&per_page=100`)
      ).json().payload;
    for (const term of ['zaneta weiss', 'WEISS', 'zle kolory', made.number, String(orderId)]) {
      const found = await search(term);
      expect(
        found.data.map((row: { id: number }) => row.id),
        term,
      ).toContain(made.id);
    }
    expect((await search('nobody-like-this')).data).toEqual([]);
    const [user] = await app.db.select().from(users).where(eq(users.id, userId));
    expect(user?.firstName).toBe('Żaneta');
    const paged = (await call(app, admin, 'GET', '/api/admin/refunds?per_page=1&subject=order')).json()
      .payload;
    expect(paged.data).toHaveLength(1);
    expect(paged.meta.per_page).toBe(1);
    expect(paged.meta.total).toBeGreaterThanOrEqual(1);
    const refundable = (
      await call(app, admin, 'GET', `/api/admin/refunds/refundable?subject=order&id=${orderId}`)
    ).json().payload;
    expect(refundable).toMatchObject({ paid: 21, refunded: 1, refundable: 20 });
  });

  it('keeps every refund in the ledger under its own reason', async () => {
    const kinds = await app.db.select({ kind: ledgerTransactions.kind }).from(ledgerTransactions);
    const seen = new Set(kinds.map((row) => row.kind));
    for (const kind of ['purchase_refund', 'generation_refund', 'deposit_refund'])
      expect(seen).toContain(kind);
  });
});
