import { adminReviewEndpoints, reviewEndpoints } from '@promptmarket/contracts/reviews';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserSession,
  call,
  newAdmin,
  registerVerifiedUser,
  strongPassword,
} from '../../test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { users } from '../accounts/accounts.tables';
import { adminAudit } from '../audit/audit.tables';
import { listProducts } from '../catalogue/catalogue.list';
import { orderItems } from '../orders/orders.tables';
import { creditDeposit } from '../wallet/wallet.service';
import { productReviews } from './reviews.tables';

let app: TestApp;
let admin: BrowserSession;
let products: Record<string, number>;
let deposits = 7_000_000;

const slugs = [
  'lantern',
  'harbour',
  'meadow',
  'glacier',
  'orchard',
  'dunes',
  'paging',
  'limits',
  'erased',
] as const;

beforeAll(async () => {
  app = await createTestApp();
  const created = await createCatalogue(
    app.db,
    slugs.map((slug, index) => ({
      slug,
      category: index % 2 === 0 ? 'portraits' : 'landscapes',
      priceCents: 200,
      title: `Prompt ${slug}`,
    })),
  );
  products = created.products;
  admin = await newAdmin(app, 'reviews.admin@example.test');
});
afterAll(() => app?.close());

const id = (slug: (typeof slugs)[number]) => products[slug] as number;

/** A signed-in user who bought the given prompts, each once. */
async function buyerOf(productIds: number[], names: { first_name?: string; last_name?: string } = {}) {
  const { session, profile } = await registerVerifiedUser(app, names);
  deposits += 1;
  await creditDeposit(app.db, {
    userId: profile.id,
    provider: 'sandbox',
    depositId: deposits,
    amount: 10_000,
  });
  for (const productId of productIds) {
    const bought = await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: productId });
    expect(bought.statusCode, bought.body).toBe(200);
  }
  return { session, userId: profile.id };
}

function send(
  session: BrowserSession,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { ...session.headers(), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const review = (
  session: BrowserSession,
  productId: number,
  body: unknown,
  headers?: Record<string, string>,
) => send(session, 'POST', `/api/products/${productId}/reviews`, body, headers);

async function reviewsOf(productId: number, session?: BrowserSession, page = 1) {
  const url = `/api/products/${productId}/reviews?page=${page}`;
  const response = session ? await send(session, 'GET', url) : await app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function productOf(productId: number) {
  const response = await app.inject({ method: 'GET', url: `/api/products/${productId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('who may review a prompt', () => {
  it('takes a buyer’s stars and text, signed with their first name and initial, in their language', async () => {
    const { session } = await buyerOf([id('lantern')], { first_name: 'Anna', last_name: 'kowalska' });
    const response = await review(
      session,
      id('lantern'),
      { stars: 4, text: '  Lovely light.\nWorks well.  ' },
      { 'frontend-language': 'de' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const written = response.json().payload;
    expect(written).toMatchObject({
      product_id: id('lantern'),
      stars: 4,
      text: 'Lovely light.\nWorks well.',
      author_name: 'Anna K.',
      verified_purchase: true,
      language: 'de',
      mine: true,
      hidden: false,
    });
    const listed = await reviewsOf(id('lantern'));
    expect(listed.data).toEqual([{ ...written, mine: false }]);
    expect((await reviewsOf(id('lantern'), session)).own).toEqual(written);
  });

  it('refuses anyone who did not buy it with 403 NOT_A_BUYER, in their language', async () => {
    const { session } = await registerVerifiedUser(app);
    const response = await review(session, id('lantern'), { stars: 5 }, { 'frontend-language': 'de' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'NOT_A_BUYER',
      message: 'Nur wer diesen Prompt gekauft hat, kann ihn bewerten.',
    });
    const listed = await reviewsOf(id('lantern'), session);
    expect(listed.can_review).toBe(false);
  });

  it('refuses a guest with 401', async () => {
    const guest = await startBrowserSession(app);
    const response = await review(guest, id('lantern'), { stars: 5 });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses a buyer whose purchase was refunded, to write and to edit', async () => {
    const { session, userId } = await buyerOf([id('harbour')]);
    const before = await review(session, id('harbour'), { stars: 2 });
    expect(before.statusCode).toBe(200);
    await app.db
      .update(orderItems)
      .set({ refundedAt: new Date() })
      .where(and(eq(orderItems.userId, userId), eq(orderItems.productId, id('harbour'))));
    const edit = await send(session, 'PATCH', `/api/reviews/${before.json().payload.id}`, { stars: 1 });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().code).toBe('NOT_A_BUYER');
    await send(session, 'DELETE', `/api/reviews/${before.json().payload.id}`);
    const again = await review(session, id('harbour'), { stars: 3 });
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('NOT_A_BUYER');
  });

  it('takes one review per buyer and prompt: a second answers 409 REVIEW_EXISTS', async () => {
    const { session } = await buyerOf([id('meadow')]);
    expect((await reviewsOf(id('meadow'), session)).can_review).toBe(true);
    expect((await review(session, id('meadow'), { stars: 5 })).statusCode).toBe(200);
    const second = await review(session, id('meadow'), { stars: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'REVIEW_EXISTS',
      message: 'You have reviewed this prompt already: edit your review instead.',
    });
    expect((await reviewsOf(id('meadow'), session)).can_review).toBe(false);
    expect((await reviewsOf(id('meadow'))).summary).toEqual({
      average: 5,
      count: 1,
      spread: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 },
    });
  });

  it('answers 404 for a product that is not on sale or does not exist', async () => {
    const { session } = await buyerOf([]);
    expect((await review(session, 2_000_000, { stars: 5 })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/products/2000000/reviews' })).statusCode).toBe(404);
  });
});

describe('what a review may say', () => {
  it('refuses stars outside 1 to 5 or not whole, and a text past 2,000 characters', async () => {
    const { session } = await buyerOf([id('limits')]);
    for (const stars of [0, 6, 2.5, '5', null]) {
      const response = await review(session, id('limits'), { stars });
      expect(response.statusCode, String(stars)).toBe(422);
      expect(response.json().errors).toEqual({ stars: ['Please give from 1 to 5 stars.'] });
    }
    const long = await review(session, id('limits'), { stars: 3, text: 'a'.repeat(2001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ text: ['A review may be at most 2,000 characters long.'] });
    const unknown = await review(session, id('limits'), { stars: 3, html: '<b>' });
    expect(unknown.statusCode).toBe(422);
    expect(
      await app.db
        .select()
        .from(productReviews)
        .where(eq(productReviews.productId, id('limits'))),
    ).toEqual([]);
  });

  it('refuses control and text direction characters, as names do', async () => {
    const { session } = await buyerOf([id('limits')]);
    for (const text of ['bell\u0007', 'escape\u001b[2J', 'gnp\u202Eexe', 'isolate\u2066x', 'mark\u200Fx']) {
      const response = await review(session, id('limits'), { stars: 3, text });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        text: ['This field may not contain control characters or text direction characters.'],
      });
    }
  });

  it('keeps the text as typed, markup and all, and 2,000 characters at most', async () => {
    const { session } = await buyerOf([id('limits')]);
    const text = `<script>alert("x")</script> & <b>bold</b>\t${'é'.repeat(1950)}`;
    const response = await review(session, id('limits'), { stars: 3, text });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payload.text).toBe(text);
    const listed = await reviewsOf(id('limits'));
    expect(listed.data[0].text).toBe(text);
    const empty = await send(session, 'PATCH', `/api/reviews/${response.json().payload.id}`, { text: '   ' });
    expect(empty.json().payload.text).toBeNull();
  });
});

describe('editing and deleting', () => {
  it('lets the author change and delete their review; anyone else’s answers 404', async () => {
    const author = await buyerOf([id('orchard')]);
    const other = await buyerOf([id('orchard')]);
    const written = (await review(author.session, id('orchard'), { stars: 2, text: 'Meh.' })).json().payload;
    const url = `/api/reviews/${written.id}`;

    expect((await send(other.session, 'PATCH', url, { stars: 5 })).statusCode).toBe(404);
    expect((await send(other.session, 'DELETE', url)).statusCode).toBe(404);
    const nothing = await send(author.session, 'PATCH', url, {});
    expect(nothing.statusCode).toBe(422);

    const changed = await send(author.session, 'PATCH', url, { stars: 4 }, { 'frontend-language': 'fr' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().payload).toMatchObject({ stars: 4, text: 'Meh.', language: 'en' });
    const retold = await send(author.session, 'PATCH', url, { text: 'Bien.' }, { 'frontend-language': 'fr' });
    expect(retold.json().payload).toMatchObject({ stars: 4, text: 'Bien.', language: 'fr' });
    expect((await productOf(id('orchard'))).rating).toEqual({
      average: 4,
      count: 1,
      spread: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 },
    });

    const gone = await send(author.session, 'DELETE', url);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ status: 'OK', payload: { deleted: true } });
    expect((await reviewsOf(id('orchard'))).data).toEqual([]);
    expect((await productOf(id('orchard'))).rating).toEqual({
      average: null,
      count: 0,
      spread: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    });
    expect((await send(author.session, 'PATCH', url, { stars: 1 })).statusCode).toBe(404);
  });
});

describe('the rating', () => {
  it('averages the visible reviews to one decimal with their spread, on the page, the tiles and the lists', async () => {
    // Asked twice first, so a guest's answers are cached: a review must clear them.
    for (let round = 0; round < 2; round++) {
      await productOf(id('glacier'));
      await app.inject({ method: 'GET', url: '/api/products?sort=rating&per_page=60' });
    }
    const stars = [5, 4, 4];
    for (const each of stars) {
      const { session } = await buyerOf([id('glacier')]);
      expect((await review(session, id('glacier'), { stars: each })).statusCode).toBe(200);
    }
    const rating = { average: 4.3, count: 3, spread: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 } };
    const page = await productOf(id('glacier'));
    expect(page.rating).toEqual(rating);
    expect(page).toMatchObject({ rating_average: 4.3, rating_count: 3 });
    expect((await reviewsOf(id('glacier'))).summary).toEqual(rating);

    const list = await app.inject({ method: 'GET', url: '/api/products?sort=rating&per_page=60' });
    const tile = list.json().data.find((item: { id: number }) => item.id === id('glacier'));
    expect(tile).toMatchObject({ rating_average: 4.3, rating_count: 3 });
    const unrated = list.json().data.find((item: { id: number }) => item.id === id('dunes'));
    expect(unrated).toMatchObject({ rating_average: null, rating_count: 0 });
  });

  it('sorts by the best average, then the most reviews, then the newest; products without one last', async () => {
    const sorted = async (useIndex: boolean) => {
      const list = await listProducts(
        app.db,
        { page: 1, per_page: 60, sort: 'rating' },
        { locale: 'en', userId: null, rateEur: 1 },
        { useIndex },
      );
      return list.data.map((item) => [item.id, item.rating_average, item.rating_count]);
    };
    const fromDatabase = await sorted(false);
    // Read twice: the first read after a change may come from the database while the index is read again.
    await sorted(true);
    const fromIndex = await sorted(true);
    expect(fromIndex).toEqual(fromDatabase);
    const rated = fromDatabase.filter(([, average]) => average !== null);
    const averages = rated.map(([, average]) => average as number);
    expect(averages).toEqual([...averages].sort((a, b) => b - a));
    expect(fromDatabase.slice(rated.length).every(([, average]) => average === null)).toBe(true);
    expect(rated.length).toBeGreaterThan(1);
    const response = await app.inject({ method: 'GET', url: '/api/products?sort=rating&per_page=60' });
    expect(response.json().data.map((item: { id: number }) => item.id)).toEqual(
      fromDatabase.map(([productId]) => productId),
    );
  });
});

describe('reporting and the back office', () => {
  it('counts one report per user, refuses one’s own, and lets an admin hide and restore with the audit', async () => {
    const author = await buyerOf([id('dunes')], { first_name: 'Zoe', last_name: 'Quinn' });
    const fan = await buyerOf([id('dunes')]);
    const written = (await review(author.session, id('dunes'), { stars: 1, text: 'Rubbish!' })).json()
      .payload;
    expect((await review(fan.session, id('dunes'), { stars: 5 })).statusCode).toBe(200);
    expect((await productOf(id('dunes'))).rating.average).toBe(3);
    const reportUrl = `/api/reviews/${written.id}/report`;

    const own = await send(author.session, 'POST', reportUrl);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot report your own review.');
    const guest = await startBrowserSession(app);
    expect((await send(guest, 'POST', reportUrl)).statusCode).toBe(401);

    const reporter = await registerVerifiedUser(app);
    for (let time = 0; time < 2; time++) {
      const reported = await send(reporter.session, 'POST', reportUrl);
      expect(reported.statusCode).toBe(200);
      expect(reported.json()).toEqual({ status: 'OK', payload: { reported: true } });
    }
    expect((await send(fan.session, 'POST', reportUrl)).statusCode).toBe(200);

    const notAdmin = await send(reporter.session, 'GET', '/api/admin/reviews');
    expect(notAdmin.statusCode).toBe(403);
    expect((await send(reporter.session, 'POST', `/api/admin/reviews/${written.id}/hide`)).statusCode).toBe(
      403,
    );

    const queue = (await send(admin, 'GET', '/api/admin/reviews')).json().payload;
    expect(queue.data[0]).toMatchObject({
      id: written.id,
      product: { id: id('dunes'), slug: 'dunes', title: 'Prompt dunes' },
      author: { name: 'Zoe Quinn' },
      stars: 1,
      text: 'Rubbish!',
      reports_count: 2,
      hidden: false,
    });
    expect(queue.meta).toMatchObject({ current_page: 1, per_page: 20 });

    const hidden = await send(admin, 'POST', `/api/admin/reviews/${written.id}/hide`);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().payload).toMatchObject({ id: written.id, hidden: true });
    expect((await reviewsOf(id('dunes'))).data.map((item: { id: number }) => item.id)).not.toContain(
      written.id,
    );
    expect((await productOf(id('dunes'))).rating).toEqual({
      average: 5,
      count: 1,
      spread: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 },
    });
    // Hidden, it can be reported no more, but its author still sees it as theirs.
    expect((await send(fan.session, 'POST', reportUrl)).statusCode).toBe(404);
    expect((await reviewsOf(id('dunes'), author.session)).own).toMatchObject({
      id: written.id,
      hidden: true,
    });
    expect((await send(admin, 'GET', '/api/admin/reviews?hidden=true')).json().payload.data).toEqual([
      expect.objectContaining({ id: written.id, hidden: true }),
    ]);

    const restored = await send(admin, 'POST', `/api/admin/reviews/${written.id}/restore`);
    expect(restored.json().payload.hidden).toBe(false);
    expect((await productOf(id('dunes'))).rating.average).toBe(3);

    const entries = await app.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.subjectType, 'review'), eq(adminAudit.subjectId, String(written.id))));
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      [
        'review.hide',
        { product_id: id('dunes'), stars: 1, hidden: false },
        { product_id: id('dunes'), stars: 1, hidden: true },
      ],
      [
        'review.restore',
        { product_id: id('dunes'), stars: 1, hidden: true },
        { product_id: id('dunes'), stars: 1, hidden: false },
      ],
    ]);
    const adminId = entries[0]?.adminId;
    const [me] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'reviews.admin@example.test'));
    expect(adminId).toBe(me?.id);
    expect((await send(admin, 'POST', '/api/admin/reviews/2000000/hide')).statusCode).toBe(404);
  });
});

describe('the list of a product’s reviews', () => {
  it('pages the reviews newest first, ten a page', async () => {
    const written: number[] = [];
    for (let count = 0; count < 12; count++) {
      const { session } = await buyerOf([id('paging')]);
      written.push((await review(session, id('paging'), { stars: (count % 5) + 1 })).json().payload.id);
    }
    const first = await reviewsOf(id('paging'), undefined, 1);
    const second = await reviewsOf(id('paging'), undefined, 2);
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
    expect([...first.data, ...second.data].map((item: { id: number }) => item.id)).toEqual(
      [...written].reverse(),
    );
    expect(first.summary).toEqual({ average: 2.8, count: 12, spread: { 1: 3, 2: 3, 3: 2, 4: 2, 5: 2 } });
    const bad = await app.inject({ method: 'GET', url: `/api/products/${id('paging')}/reviews?page=0` });
    expect(bad.statusCode).toBe(422);
  });
});

describe('the limit of review writes', () => {
  it('takes ten writes a minute from a user, then answers 429 with Retry-After', async () => {
    const { session } = await buyerOf([id('harbour')]);
    const written = await review(session, id('harbour'), { stars: 3 });
    expect(written.statusCode).toBe(200);
    const url = `/api/reviews/${written.json().payload.id}`;
    for (let time = 1; time < 10; time++) {
      expect((await send(session, 'PATCH', url, { stars: (time % 5) + 1 })).statusCode).toBe(200);
    }
    const refused = await send(session, 'PATCH', url, { stars: 1 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Reading is not limited.
    expect((await send(session, 'GET', `/api/products/${id('harbour')}/reviews`)).statusCode).toBe(200);
  });
});

describe('deleting an account', () => {
  it('erases its reviews, which the rating leaves, and its reports, which the count leaves', async () => {
    const leaving = await buyerOf([id('erased')], { first_name: 'Leaving', last_name: 'Soon' });
    const staying = await buyerOf([id('erased')]);
    const gone = (
      await review(leaving.session, id('erased'), { stars: 1, text: 'Mine to take along.' })
    ).json().payload;
    const kept = (await review(staying.session, id('erased'), { stars: 5 })).json().payload;
    expect((await send(leaving.session, 'POST', `/api/reviews/${kept.id}/report`)).statusCode).toBe(200);
    expect((await productOf(id('erased'))).rating.count).toBe(2);

    const deleted = await send(leaving.session, 'DELETE', '/api/user/delete', {
      password: strongPassword,
      confirm_forfeit_balance: true,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await app.db.select().from(productReviews).where(eq(productReviews.id, gone.id))).toEqual([]);
    const [left] = await app.db.select().from(productReviews).where(eq(productReviews.id, kept.id));
    expect(left?.reportsCount).toBe(0);
    expect((await productOf(id('erased'))).rating).toEqual({
      average: 5,
      count: 1,
      spread: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 },
    });
    expect((await reviewsOf(id('erased'))).data.map((item: { id: number }) => item.id)).toEqual([kept.id]);
  });
});

describe('the OpenAPI document', () => {
  it('lists every review endpoint at its path, with its summary and its answer', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; responses?: Record<string, unknown> }>>;
    };
    const declared = [...Object.values(reviewEndpoints), ...Object.values(adminReviewEndpoints)];
    for (const endpoint of declared) {
      const path = `/api${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
      const operation = doc.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation?.summary, `${endpoint.method} ${path}`).toBe(endpoint.summary);
      expect(operation?.responses?.['200'], `${endpoint.method} ${path}`).toBeDefined();
    }
  });
});
