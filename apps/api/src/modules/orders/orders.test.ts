import type { CartItem } from '@promptmarket/contracts/orders';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { testDatabaseKind } from '../../test/database';
import { users } from '../accounts/accounts.tables';
import { originalKey } from '../catalogue/catalogue.media';
import { products } from '../catalogue/catalogue.tables';
import { forgetSiteCache } from '../site/site.service';
import { settings } from '../site/site.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { creditDeposit, walletBalance } from '../wallet/wallet.service';
import { LICENCE_TEXT, translatedLicences } from './orders.licence';
import { orderItems, orders } from './orders.tables';

let app: TestApp;
let ids: number[];
let deposits = 5_000_000;

beforeAll(async () => {
  app = await createTestApp();
  const created = await createCatalogue(
    app.db,
    Array.from({ length: 230 }, (_, index) => ({
      slug: `prompt-${index}`,
      category: index % 2 === 0 ? 'portraits' : 'landscapes',
      priceCents: index < 30 ? 490 + index * 100 : 100,
      title: `Prompt number ${index}`,
      titleDe: `Prompt Nummer ${index}`,
    })),
  );
  ids = Array.from({ length: 230 }, (_, index) => created.products[`prompt-${index}`] as number);
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

const id = (index: number) => ids[index] as number;

async function buyer(funds = 0) {
  const { session, profile } = await registerVerifiedUser(app);
  if (funds > 0) {
    deposits += 1;
    await creditDeposit(app.db, {
      userId: profile.id,
      provider: 'sandbox',
      depositId: deposits,
      amount: funds,
    });
  }
  return { session, userId: profile.id };
}

const cart = async (session: BrowserSession) => (await call(app, session, 'GET', '/api/cart')).json().payload;

/** Runs `test` with the product at `index` taken off sale, and put on sale again after. */
async function offSale(index: number, test: () => Promise<void>) {
  const onSale = (isActive: boolean) =>
    app.db
      .update(products)
      .set({ isActive })
      .where(eq(products.id, id(index)));
  await onSale(false);
  try {
    await test();
  } finally {
    await onSale(true);
  }
}

describe('the cart', () => {
  it('adds prompts once, totals them, and removes them again', async () => {
    const { session } = await buyer();
    expect(await cart(session)).toEqual({
      items: [],
      currency: 'Credits',
      totals: { subtotal: 0, fee: 0, total: 0 },
    });
    await call(app, session, 'POST', '/api/cart', { product_id: id(0) });
    await call(app, session, 'POST', '/api/cart', { product_id: id(1) });
    const twice = await call(app, session, 'POST', '/api/cart', { product_id: id(1) });
    expect(twice.statusCode).toBe(200);
    const filled = twice.json().payload;
    expect(filled.items.map((item: { product_id: number }) => item.product_id)).toEqual([id(0), id(1)]);
    expect(filled.items[0]).toMatchObject({
      title: 'Prompt number 0',
      price: 4.9,
      currency: 'Credits',
      slug: 'prompt-0',
    });
    expect(filled.totals).toEqual({ subtotal: 10.8, fee: 0, total: 10.8 });
    expect((await call(app, session, 'GET', '/api/user/profile')).json().payload.cart_count).toBe(2);
    const removed = await call(app, session, 'DELETE', `/api/cart/${filled.items[0].id}`);
    expect(removed.json().payload.totals.total).toBe(5.9);
  });

  it("answers 404 for another user's cart row and for a prompt that does not exist", async () => {
    const owner = await buyer();
    const stranger = await buyer();
    const row = (await call(app, owner.session, 'POST', '/api/cart', { product_id: id(2) })).json().payload
      .items[0];
    expect((await call(app, stranger.session, 'DELETE', `/api/cart/${row.id}`)).statusCode).toBe(404);
    expect((await cart(owner.session)).items).toHaveLength(1);
    expect((await call(app, owner.session, 'POST', '/api/cart', { product_id: 999_999 })).statusCode).toBe(
      404,
    );
    expect((await call(app, owner.session, 'POST', '/api/cart', { product_id: 'x' })).statusCode).toBe(422);
  });

  it('refuses a prompt the user already owns, with a message', async () => {
    const { session } = await buyer(10_000);
    await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(3) });
    const again = await call(app, session, 'POST', '/api/cart', { product_id: id(3) });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.product_id).toEqual(['You already own this prompt.']);
    const german = await call(
      app,
      session,
      'POST',
      '/api/cart',
      { product_id: id(3) },
      { 'frontend-language': 'de' },
    );
    expect(german.json()).toEqual({
      message: 'Dieser Prompt gehört dir bereits.',
      errors: { product_id: ['Dieser Prompt gehört dir bereits.'] },
      code: 'VALIDATION_FAILED',
    });
  });

  it('lists a prompt taken off sale as not available, leaves it out of the totals, and removes it', async () => {
    const { session } = await buyer();
    for (const index of [12, 13]) await call(app, session, 'POST', '/api/cart', { product_id: id(index) });
    await offSale(13, async () => {
      const listed = await cart(session);
      expect(listed.items.map((item: CartItem) => [item.product_id, item.available])).toEqual([
        [id(12), true],
        [id(13), false],
      ]);
      expect(listed.items[1]).toMatchObject({ title: 'Prompt number 13', price: 17.9 });
      expect(listed.totals).toEqual({ subtotal: 16.9, fee: 0, total: 16.9 });
      const removed = await call(app, session, 'DELETE', `/api/cart/${listed.items[1].id}`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json().payload.items.map((item: CartItem) => item.product_id)).toEqual([id(12)]);
      expect((await call(app, session, 'GET', '/api/user/profile')).json().payload.cart_count).toBe(1);
    });
  });

  it('needs a signed-in user with a verified address', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/cart' });
    expect(response.statusCode).toBe(401);
  });
});

describe('buying one prompt', () => {
  it('refuses with the missing amount when the balance is short, and charges nothing', async () => {
    const { session, userId } = await buyer(300);
    const response = await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(4) });
    expect(response.statusCode).toBe(422);
    // 8.90 Credits for a balance of 3.00.
    expect(response.json()).toEqual({
      status: 'ERROR',
      message: 'Insufficient funds: you need 5.90 credits more.',
      code: 'INSUFFICIENT_FUNDS',
      missing: 5.9,
    });
    expect(await walletBalance(app.db, userId)).toBe(300);
    expect(await app.db.select().from(orders).where(eq(orders.userId, userId))).toEqual([]);
    const german = await call(
      app,
      session,
      'POST',
      '/api/purchase/prompt',
      { prompt_id: id(4) },
      { 'frontend-language': 'de' },
    );
    expect(german.json().message).toBe('Guthaben reicht nicht aus: Es fehlt ein Betrag von 5,90 Credits.');
    // The code, unlike the message, reads the same in every language.
    expect(german.json().code).toBe('INSUFFICIENT_FUNDS');
  });

  it('lists the images drawn beside the prompts bought, newest first, each row with its type', async () => {
    const { session } = await buyer(2000);
    const bought = (await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(6) })).json();
    const drawn = await call(app, session, 'POST', '/api/purchase/generate-image', {
      title: 'Lighthouse',
      prompt: 'a lighthouse in a storm',
      format: 'png',
      size: '512x512',
    });
    expect(drawn.statusCode).toBe(200);
    const generationId = Number(drawn.headers['x-generation-id']);
    const history = (await call(app, session, 'GET', '/api/purchase/history')).json().payload;
    expect(history).toEqual([
      {
        type: 'generation',
        id: generationId,
        order_id: null,
        product_id: null,
        slug: null,
        title: 'Lighthouse',
        description: null,
        price: 1,
        currency: 'Credits',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        image: `/api/purchase/generations/${generationId}/image`,
        format: 'png',
        size: '512x512',
        prompt: 'a lighthouse in a storm',
        download_url: `/api/purchase/generations/${generationId}/download`,
      },
      expect.objectContaining({ type: 'purchase', order_id: bought.payload.order_id, product_id: id(6) }),
    ]);
    const again = await call(app, session, 'GET', history[0].download_url);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('application/zip');
    // Another user's history lists neither.
    const { session: stranger } = await buyer();
    expect((await call(app, stranger, 'GET', '/api/purchase/history')).json().payload).toEqual([]);
  });

  it('debits the price, records the order, and lists it in both readings', async () => {
    const { session, userId } = await buyer(2000);
    const response = await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(5) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'OK', payload: { order_id: expect.any(Number), balance: 10.1 } });
    expect(await walletBalance(app.db, userId)).toBe(1010);
    const history = (await call(app, session, 'GET', '/api/purchase/history')).json().payload;
    expect(history).toEqual([
      {
        type: 'purchase',
        id: expect.any(Number),
        order_id: body.payload.order_id,
        product_id: id(5),
        slug: 'prompt-5',
        title: 'Prompt number 5',
        description: 'Prompt number 5.',
        price: 9.9,
        currency: 'Credits',
        created_at: expect.any(String),
        date: expect.any(String),
        image: expect.stringMatching(/^\/media\//),
        format: null,
        size: null,
        prompt: expect.stringContaining('Prompt number 5'),
      },
    ]);
    const owned = (await call(app, session, 'GET', '/api/user/prompts')).json().payload;
    expect(owned).toEqual([
      expect.objectContaining({
        id: id(5),
        title: 'Prompt number 5',
        prompt: expect.stringContaining('Prompt number 5'),
      }),
    ]);
    const [product] = await app.db
      .select()
      .from(products)
      .where(eq(products.id, id(5)));
    expect(product?.salesCount).toBe(1);
  });

  it('owns a prompt once: buying it again is refused and charges nothing', async () => {
    const { session, userId } = await buyer(5000);
    await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(6) });
    const again = await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(6) });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      status: 'ERROR',
      message: 'You already own this prompt.',
      code: 'VALIDATION_FAILED',
    });
    expect(await walletBalance(app.db, userId)).toBe(5000 - 1090);
  });

  it('marks a bought prompt as owned for its buyer only, on tiles, on its page and among similar prompts', async () => {
    const { session } = await buyer(5000);
    await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(7) });
    const stranger = await buyer(0);
    const ownedIn = async (who: typeof session) => {
      const list = (
        await call(app, who, 'GET', '/api/products?search=Prompt%20number%207&per_page=48')
      ).json();
      const tile = list.data.find((item: { id: number }) => item.id === id(7));
      const page = (await call(app, who, 'GET', `/api/products/${id(7)}`)).json().data;
      // Among the similar prompts of another one of its category (the sold ones come first).
      const similar = (await call(app, who, 'GET', `/api/products/${id(9)}`)).json().data.similar;
      const beside = similar.find((item: { id: number }) => item.id === id(7));
      return [tile?.owned, page.owned, beside?.owned];
    };
    expect(await ownedIn(session)).toEqual([true, true, true]);
    expect(await ownedIn(stranger.session)).toEqual([false, false, false]);
    const guest = await app.inject({ method: 'GET', url: `/api/products/${id(7)}` });
    expect(guest.json().data.owned).toBe(false);
  });

  it("gives the whole prompt on a product's page to its buyer only, never to another user or a guest", async () => {
    const { session } = await buyer(5000);
    const before = (await call(app, session, 'GET', `/api/products/${id(10)}`)).json().data;
    expect(before.prompt).toBeNull();
    await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(10) });
    const page = (await call(app, session, 'GET', `/api/products/${id(10)}`)).json().data;
    const [stored] = await app.db
      .select()
      .from(products)
      .where(eq(products.id, id(10)));
    expect(page.prompt).toBe(stored?.prompt);
    expect(page.prompt_preview.length).toBeLessThan(page.prompt.length);
    const stranger = await buyer(0);
    const theirs = await call(app, stranger.session, 'GET', `/api/products/${id(10)}`);
    expect(theirs.json().data.prompt).toBeNull();
    expect(theirs.body).not.toContain(page.prompt);
    const guest = await app.inject({ method: 'GET', url: `/api/products/${id(10)}` });
    expect(guest.json().data.prompt).toBeNull();
    expect(guest.body).not.toContain(page.prompt);
    // Nor does the guests' cached answer carry it, read after the owner's.
    const slug = await app.inject({ method: 'GET', url: '/api/products/prompt-10' });
    expect(slug.body).not.toContain(page.prompt);
  });

  it("marks a product in the viewer's cart on its page for them only", async () => {
    const { session } = await buyer(0);
    const read = async (who: typeof session | null) =>
      who
        ? (await call(app, who, 'GET', `/api/products/${id(11)}`)).json().data.in_cart
        : (await app.inject({ method: 'GET', url: `/api/products/${id(11)}` })).json().data.in_cart;
    expect(await read(session)).toBe(false);
    await call(app, session, 'POST', '/api/cart', { product_id: id(11) });
    expect(await read(session)).toBe(true);
    expect(await read((await buyer(0)).session)).toBe(false);
    expect(await read(null)).toBe(false);
  });

  it('answers the first order again for a repeated Idempotency-Key, and makes one order of a double click', async () => {
    const { session, userId } = await buyer(10_000);
    const key = { 'idempotency-key': `buy-${userId}` };
    const first = (
      await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(7) }, key)
    ).json();
    const second = (
      await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(7) }, key)
    ).json();
    expect(second.payload.order_id).toBe(first.payload.order_id);
    const clicks = await Promise.all([
      call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(8) }),
      call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(8) }),
    ]);
    expect(clicks.map((click) => click.statusCode).sort()).toEqual([200, 422]);
    const items = await app.db.select().from(orderItems).where(eq(orderItems.userId, userId));
    expect(items).toHaveLength(2);
    expect(await walletBalance(app.db, userId)).toBe(10_000 - 1190 - 1290);
  });
});

describe('buying the cart', () => {
  it('buys everything at once and empties the cart', async () => {
    const { session, userId } = await buyer(10_000);
    for (const index of [9, 10, 11]) await call(app, session, 'POST', '/api/cart', { product_id: id(index) });
    const response = await call(app, session, 'POST', '/api/purchase/cart');
    expect(response.statusCode).toBe(200);
    expect(response.json().payload.orders).toHaveLength(3);
    expect(await walletBalance(app.db, userId)).toBe(10_000 - 1390 - 1490 - 1590);
    expect((await cart(session)).items).toEqual([]);
  });

  it('answers the order again when a checkout is retried with its key after the cart was bought', async () => {
    const { session, userId } = await buyer(10_000);
    for (const index of [16, 17]) await call(app, session, 'POST', '/api/cart', { product_id: id(index) });
    const key = { 'idempotency-key': `cart-${userId}` };
    const first = await call(app, session, 'POST', '/api/purchase/cart', undefined, key);
    expect(first.statusCode).toBe(200);
    // The answer never reached the client (its connection was cut): it sends the same request again.
    const retry = await call(app, session, 'POST', '/api/purchase/cart', undefined, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().payload.order_id).toBe(first.json().payload.order_id);
    expect(retry.json().payload.orders).toHaveLength(2);
    expect(await walletBalance(app.db, userId)).toBe(10_000 - 2090 - 2190);
    // Without the key, an empty cart is still refused.
    const empty = await call(app, session, 'POST', '/api/purchase/cart');
    expect(empty.statusCode).toBe(422);
  });

  it('buys the prompts still on sale and keeps the one taken off sale, listed as not available', async () => {
    const { session, userId } = await buyer(10_000);
    for (const index of [12, 13]) await call(app, session, 'POST', '/api/cart', { product_id: id(index) });
    await offSale(13, async () => {
      const response = await call(app, session, 'POST', '/api/purchase/cart', { expected_total: 16.9 });
      expect(response.statusCode).toBe(200);
      expect(response.json().payload.orders.map((order: { product_id: number }) => order.product_id)).toEqual(
        [id(12)],
      );
      expect(await walletBalance(app.db, userId)).toBe(10_000 - 1690);
      const left = await cart(session);
      expect(left.items.map((item: CartItem) => [item.product_id, item.available])).toEqual([
        [id(13), false],
      ]);
      expect(left.totals.total).toBe(0);
    });
  });

  it('refuses a cart whose prompts are all off sale, and charges nothing', async () => {
    const { session, userId } = await buyer(10_000);
    await call(app, session, 'POST', '/api/cart', { product_id: id(13) });
    await offSale(13, async () => {
      const response = await call(app, session, 'POST', '/api/purchase/cart');
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        status: 'ERROR',
        message: 'This prompt is no longer available.',
        code: 'VALIDATION_FAILED',
      });
    });
    expect(await walletBalance(app.db, userId)).toBe(10_000);
    expect(await app.db.select().from(orderItems).where(eq(orderItems.userId, userId))).toEqual([]);
    expect((await cart(session)).items).toHaveLength(1);
  });

  it('buys nothing when the balance covers only part of the cart', async () => {
    const { session, userId } = await buyer(2000);
    for (const index of [14, 15]) await call(app, session, 'POST', '/api/cart', { product_id: id(index) });
    const response = await call(app, session, 'POST', '/api/purchase/cart');
    expect(response.json()).toEqual({
      status: 'ERROR',
      message: 'Insufficient funds: you need 18.80 credits more.',
      code: 'INSUFFICIENT_FUNDS',
      missing: 18.8,
    });
    expect(await walletBalance(app.db, userId)).toBe(2000);
  });

  it('refuses an empty cart', async () => {
    const { session } = await buyer(2000);
    const response = await call(app, session, 'POST', '/api/purchase/cart');
    expect(response.json()).toEqual({
      status: 'ERROR',
      message: 'Your cart is empty.',
      code: 'VALIDATION_FAILED',
    });
  });

  it('refuses in the language of the request, with the same body', async () => {
    const { session } = await buyer(2000);
    const empty = await call(app, session, 'POST', '/api/purchase/cart', undefined, {
      'frontend-language': 'de',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.body).toBe(
      '{"status":"ERROR","message":"Dein Warenkorb ist leer.","code":"VALIDATION_FAILED"}',
    );
    for (const index of [16, 17]) await call(app, session, 'POST', '/api/cart', { product_id: id(index) });
    const short = await call(app, session, 'POST', '/api/purchase/cart', undefined, {
      'frontend-language': 'de',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({
      status: 'ERROR',
      message: 'Guthaben reicht nicht aus: Es fehlt ein Betrag von 22,80 Credits.',
      code: 'INSUFFICIENT_FUNDS',
      missing: 22.8,
    });
    expect(Object.keys(short.json())).toEqual(['status', 'message', 'code', 'missing']);
  });
});

/** Runs `test` with the internal currency worth `rate` EUR a unit, and the rate restored after. */
async function atInternalRate(rate: string, test: () => Promise<void>) {
  const set = async (value: string) => {
    await app.db
      .update(settings)
      .set({ value: JSON.stringify(value) })
      .where(eq(settings.key, 'internal_currency_rate_eur'));
    forgetSiteCache(app.db);
  };
  await set(rate);
  try {
    await test();
  } finally {
    await set('1.00');
  }
}

/** Runs `test` with the product at `index` priced `priceCents`, and its price restored after. */
async function atPrice(index: number, priceCents: number, test: () => Promise<void>) {
  const [before] = await app.db
    .select()
    .from(products)
    .where(eq(products.id, id(index)));
  await app.db
    .update(products)
    .set({ priceCents })
    .where(eq(products.id, id(index)));
  try {
    await test();
  } finally {
    await app.db
      .update(products)
      .set({ priceCents: before?.priceCents })
      .where(eq(products.id, id(index)));
  }
}

describe('prices in the internal currency', () => {
  it('charges a price of 0.01 EUR at 2.00 EUR a credit as 0.01 credits, never as nothing', async () => {
    const { session, userId } = await buyer(500);
    await atInternalRate('2.00', () =>
      atPrice(29, 1, async () => {
        await call(app, session, 'POST', '/api/cart', { product_id: id(29) });
        const shown = await cart(session);
        expect(shown.items[0].price).toBe(0.01);
        expect(shown.totals.total).toBe(0.01);
        const bought = await call(app, session, 'POST', '/api/purchase/cart', { expected_total: 0.01 });
        expect(bought.statusCode).toBe(200);
        expect(bought.json().payload.orders[0].price).toBe(0.01);
        expect(await walletBalance(app.db, userId)).toBe(499);
      }),
    );
  });

  it('rounds each price up to the next cent of a credit, and totals the rounded prices', async () => {
    const { session, userId } = await buyer(10_000);
    // 32.90 EUR and 33.90 EUR at 3.00 EUR a credit: 10.9666… and 11.30 credits, charged 10.97 and 11.30.
    await atInternalRate('3', async () => {
      for (const index of [28, 29]) await call(app, session, 'POST', '/api/cart', { product_id: id(index) });
      const shown = await cart(session);
      expect(shown.items.map((item: { price: number }) => item.price)).toEqual([10.97, 11.3]);
      expect(shown.totals.total).toBe(22.27);
      const bought = await call(app, session, 'POST', '/api/purchase/cart');
      expect(bought.statusCode).toBe(200);
      expect(await walletBalance(app.db, userId)).toBe(10_000 - 1097 - 1130);
    });
  });

  it('shows on the product page the price the cart and the purchase charge', async () => {
    const { session } = await buyer(10_000);
    // 1.00 EUR at 3.00 EUR a credit: 0.3333… credits, charged and shown as 0.34.
    await atInternalRate('3', async () => {
      const page = (await call(app, session, 'GET', `/api/products/${id(31)}`)).json().data;
      await call(app, session, 'POST', '/api/cart', { product_id: id(31) });
      expect([page.price, (await cart(session)).totals.total]).toEqual([0.34, 0.34]);
      const bought = await call(app, session, 'POST', '/api/purchase/prompt', {
        prompt_id: id(31),
        expected_total: page.price,
      });
      expect(bought.statusCode).toBe(200);
    });
  });
});

describe('the Idempotency-Key of a purchase', () => {
  it('refuses the same key with another prompt with 409, and buys nothing for it', async () => {
    const { session, userId } = await buyer(10_000);
    const key = { 'idempotency-key': `other-${userId}` };
    const first = await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(21) }, key);
    expect(first.statusCode).toBe(200);
    const other = await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(22) }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      message: 'This request was already made with other details.',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    const german = await call(
      app,
      session,
      'POST',
      '/api/purchase/prompt',
      { prompt_id: id(22) },
      { ...key, 'frontend-language': 'de' },
    );
    expect(german.json().message).toBe('Diese Anfrage wurde bereits mit anderen Angaben gestellt.');
    expect(await walletBalance(app.db, userId)).toBe(10_000 - 2590);
    const items = await app.db.select().from(orderItems).where(eq(orderItems.userId, userId));
    expect(items.map((item) => item.productId)).toEqual([id(21)]);
    // The same request again, its keys in another order, is the first order.
    const again = await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(21) }, key);
    expect(again.json().payload.order_id).toBe(first.json().payload.order_id);
  });

  it('refuses a cart checkout retried with its key and another expected total', async () => {
    const { session, userId } = await buyer(10_000);
    await call(app, session, 'POST', '/api/cart', { product_id: id(23) });
    const key = { 'idempotency-key': `cart-total-${userId}` };
    const first = await call(app, session, 'POST', '/api/purchase/cart', { expected_total: 27.9 }, key);
    expect(first.statusCode).toBe(200);
    const other = await call(app, session, 'POST', '/api/purchase/cart', undefined, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const retry = await call(app, session, 'POST', '/api/purchase/cart', { expected_total: 27.9 }, key);
    expect(retry.json().payload.order_id).toBe(first.json().payload.order_id);
    expect(await walletBalance(app.db, userId)).toBe(10_000 - 2790);
  });

  it("never answers one user's request with another user's order", async () => {
    const first = await buyer(10_000);
    const second = await buyer(10_000);
    const key = { 'idempotency-key': 'shared-key-between-users' };
    const mine = await call(app, first.session, 'POST', '/api/purchase/prompt', { prompt_id: id(24) }, key);
    const theirs = await call(
      app,
      second.session,
      'POST',
      '/api/purchase/prompt',
      { prompt_id: id(24) },
      key,
    );
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().payload.order_id).not.toBe(mine.json().payload.order_id);
    expect(await walletBalance(app.db, second.userId)).toBe(10_000 - 2890);
    const other = await call(app, second.session, 'POST', '/api/purchase/prompt', { prompt_id: id(25) }, key);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('the total the buyer saw', () => {
  it('buys at the total the buyer saw, and refuses with 409 and the new total once the price changed', async () => {
    const { session, userId } = await buyer(10_000);
    await atPrice(26, 3000, async () => {
      const changed = await call(app, session, 'POST', '/api/purchase/prompt', {
        prompt_id: id(26),
        expected_total: 30.9,
      });
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toEqual({
        status: 'ERROR',
        message: 'The price changed since you saw it: the total is now 30 credits. Check it and buy again.',
        code: 'PRICE_CHANGED',
        total: 30,
      });
      const german = await call(
        app,
        session,
        'POST',
        '/api/purchase/prompt',
        { prompt_id: id(26), expected_total: 30.9 },
        { 'frontend-language': 'de' },
      );
      expect(german.json().message).toBe(
        'Der Preis hat sich geändert: Die Summe beträgt jetzt 30 Credits. Prüfe sie und kaufe erneut.',
      );
      expect(await walletBalance(app.db, userId)).toBe(10_000);
      const bought = await call(app, session, 'POST', '/api/purchase/prompt', {
        prompt_id: id(26),
        expected_total: 30,
      });
      expect(bought.statusCode).toBe(200);
    });
    expect(await walletBalance(app.db, userId)).toBe(10_000 - 3000);
  });

  it('refuses a cart whose total changed and keeps the cart', async () => {
    const { session, userId } = await buyer(10_000);
    for (const index of [27, 30]) await call(app, session, 'POST', '/api/cart', { product_id: id(index) });
    const changed = await call(app, session, 'POST', '/api/purchase/cart', { expected_total: 30.9 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'PRICE_CHANGED', total: 32.9 });
    expect((await cart(session)).items).toHaveLength(2);
    expect(await walletBalance(app.db, userId)).toBe(10_000);
    const invalid = await call(app, session, 'POST', '/api/purchase/cart', { expected_total: 31.905 });
    expect(invalid.statusCode).toBe(422);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('buying under concurrency (PostgreSQL)', () => {
  it('makes one order of the same keyed request sent twice at once, and refuses the same key with another prompt', async () => {
    const { session, userId } = await buyer(10_000);
    const key = { 'idempotency-key': `race-${userId}` };
    const same = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(21) }, key),
      ),
    );
    expect(same.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(same.map((answer) => answer.json().payload.order_id)).size).toBe(1);
    const otherKey = { 'idempotency-key': `race-other-${userId}` };
    const different = await Promise.all(
      [22, 23].map((index) =>
        call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(index) }, otherKey),
      ),
    );
    expect(different.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await walletBalance(app.db, userId)).toBeLessThan(10_000);
    const items = await app.db.select().from(orderItems).where(eq(orderItems.userId, userId));
    expect(items).toHaveLength(2);
  });

  it('keeps the balance equal to deposits minus orders for 200 concurrent purchases of distinct prompts', async () => {
    const { session, userId } = await buyer(73 * 100);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(30 + index) }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode >= 500)).toEqual([]);
    const bought = answers.filter((answer) => answer.statusCode === 200);
    expect(bought).toHaveLength(73);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.json()).toEqual({
        status: 'ERROR',
        message: 'Insufficient funds: you need 1 credit more.',
        code: 'INSUFFICIENT_FUNDS',
        missing: 1,
      });
    }
    expect(await walletBalance(app.db, userId)).toBe(0);
    expect(await app.db.select().from(orderItems).where(eq(orderItems.userId, userId))).toHaveLength(73);
  });
});

describe('downloads', () => {
  const formats = { jpg: 'jpeg', png: 'png', webp: 'webp' } as const;

  async function boughtWithImage(index: number) {
    const original = await sharp({
      create: { width: 1024, height: 1024, channels: 3, background: { r: 40, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    await app.storage.put('private', originalKey(`fixture-prompt-${index}`), original, {
      contentType: 'image/png',
    });
    const { session, userId } = await buyer(10_000);
    const bought = (
      await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: id(index) })
    ).json();
    return { session, userId, itemId: bought.payload.orders[0].id as number };
  }

  it('sends the image in every format and size of the settings, with the English prompt and the licence', async () => {
    const { session, itemId } = await boughtWithImage(16);
    const [product] = await app.db
      .select()
      .from(products)
      .where(eq(products.id, id(16)));
    for (const [format, sharpFormat] of Object.entries(formats)) {
      for (const size of ['1024x1024', '768x768', '512x512']) {
        const response = await call(
          app,
          session,
          'GET',
          `/api/purchase/${itemId}/download?format=${format}&size=${size}`,
        );
        expect(response.statusCode, `${format} ${size}`).toBe(200);
        expect(response.headers['content-type']).toBe('application/zip');
        expect(response.headers['content-disposition']).toContain(`filename="prompt-16-${size}.zip"`);
        const files = unzipSync(new Uint8Array(response.rawPayload));
        expect(Object.keys(files).sort()).toEqual(
          ['LICENSE.txt', `prompt-16-${size}.${format}`, 'prompt.txt'].sort(),
        );
        const meta = await sharp(Buffer.from(files[`prompt-16-${size}.${format}`] as Uint8Array)).metadata();
        const [width, height] = size.split('x').map(Number);
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
          format: sharpFormat,
          width,
          height,
        });
        expect(strFromU8(files['prompt.txt'] as Uint8Array).trim()).toBe(product?.prompt);
      }
    }
  });

  it('gives a German buyer the licence in German beside the English one, which it names as binding', async () => {
    const { session, userId, itemId } = await boughtWithImage(28);
    await app.db.update(users).set({ locale: 'de' }).where(eq(users.id, userId));
    const response = await call(app, session, 'GET', `/api/purchase/${itemId}/download`);
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(
      Object.keys(files)
        .filter((name) => name.startsWith('LICENSE'))
        .sort(),
    ).toEqual(['LICENSE.de.txt', 'LICENSE.txt']);
    const english = strFromU8(files['LICENSE.txt'] as Uint8Array);
    expect(english).toBe(LICENCE_TEXT);
    expect(english).toContain('this English text prevails');
    const german = strFromU8(files['LICENSE.de.txt'] as Uint8Array);
    expect(german).toContain('Du hast eine einfache, nicht übertragbare Lizenz erworben');
    expect(german).toContain('Verbindlich ist der englische Text in LICENSE.txt');

    // Downloaded from a page in French, the licence beside the English is the French one.
    const fromFrench = await call(app, session, 'GET', `/api/purchase/${itemId}/download`, undefined, {
      'frontend-language': 'fr',
    });
    const french = unzipSync(new Uint8Array(fromFrench.rawPayload));
    expect(
      Object.keys(french)
        .filter((name) => name.startsWith('LICENSE'))
        .sort(),
    ).toEqual(['LICENSE.fr.txt', 'LICENSE.txt']);
    expect(strFromU8(french['LICENSE.fr.txt'] as Uint8Array)).toBe(translatedLicences.fr);
  });

  it('has the licence in each of the shop’s languages, each naming the English text as binding', () => {
    const binding: Record<string, string> = {
      de: 'gilt der englische Text',
      fr: 'le texte anglais prévaut',
      es: 'prevalece el texto en inglés',
      it: 'prevale il testo inglese',
      pl: 'pierwszeństwo ma tekst angielski',
    };
    expect(Object.keys(translatedLicences).sort()).toEqual(Object.keys(binding).sort());
    for (const [language, words] of Object.entries(binding)) {
      expect(translatedLicences[language], language).toContain(words);
      expect(translatedLicences[language], language).toContain('LICENSE.txt');
    }
  });

  it('keeps a converted image, so the second download is read from storage', async () => {
    const { session, itemId } = await boughtWithImage(17);
    const first = await call(
      app,
      session,
      'GET',
      `/api/purchase/${itemId}/download?format=webp&size=512x512`,
    );
    expect(await app.storage.exists('private', 'downloads/fixture-prompt-17/512x512.webp')).toBe(true);
    // The original is gone: only the cache can answer now.
    await app.storage.delete('private', originalKey('fixture-prompt-17'));
    const second = await call(
      app,
      session,
      'GET',
      `/api/purchase/${itemId}/download?format=webp&size=512x512`,
    );
    expect(second.statusCode).toBe(200);
    // The zips' entries carry the time they were packed; the image inside is what must match.
    const image = (response: typeof first) =>
      Buffer.from(unzipSync(new Uint8Array(response.rawPayload))['prompt-17-512x512.webp'] as Uint8Array);
    expect(image(second).length).toBeGreaterThan(0);
    expect(Buffer.compare(image(second), image(first))).toBe(0);
  });

  it('takes the first format and size of the settings when none is asked for', async () => {
    const { session, itemId } = await boughtWithImage(18);
    const response = await call(app, session, 'GET', `/api/purchase/${itemId}/download`);
    expect(Object.keys(unzipSync(new Uint8Array(response.rawPayload)))).toContain('prompt-18-1024x1024.jpg');
  });

  it('answers 422 with a message for a format or size the shop does not offer', async () => {
    const { session, itemId } = await boughtWithImage(19);
    const format = await call(app, session, 'GET', `/api/purchase/${itemId}/download?format=gif`);
    expect(format.statusCode).toBe(422);
    expect(format.json().errors.format).toEqual(['The format must be one of: jpg, png, webp.']);
    const size = await call(app, session, 'GET', `/api/purchase/${itemId}/download?size=4000x4000`);
    expect(size.statusCode).toBe(422);
    expect(size.json().message).toBe('The size must be one of: 1024x1024, 768x768, 512x512.');
    const german = await call(
      app,
      session,
      'GET',
      `/api/purchase/${itemId}/download?format=gif&size=4000x4000`,
      undefined,
      { 'frontend-language': 'de' },
    );
    expect(german.statusCode).toBe(422);
    expect(german.json()).toEqual({
      message: 'Das Format muss eines der folgenden sein: jpg, png, webp.',
      errors: {
        format: ['Das Format muss eines der folgenden sein: jpg, png, webp.'],
        size: ['Die Größe muss eine der folgenden sein: 1024x1024, 768x768, 512x512.'],
      },
      code: 'VALIDATION_FAILED',
    });
  });

  it("answers 404 for another user's order", async () => {
    const { itemId } = await boughtWithImage(20);
    const stranger = await buyer();
    const response = await call(app, stranger.session, 'GET', `/api/purchase/${itemId}/download`);
    expect(response.statusCode).toBe(404);
  });
});
