import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoShop } from '../../seed';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { users } from '../accounts/accounts.tables';
import { products } from '../catalogue/catalogue.tables';
import { jobs } from '../jobs/jobs.tables';
import { mailOutbox } from '../mail/mail.tables';
import { ownedAmong, REVIEW_INVITATION_QUEUE } from '../orders/orders.service';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { DEMO_REVIEWED, seedDemoReviews } from './reviews.seed';
import { productReviews } from './reviews.tables';

let app: TestApp;
let ids: number[];

beforeAll(async () => {
  app = await createTestApp();
  const created = await createCatalogue(
    app.db,
    Array.from({ length: DEMO_REVIEWED + 5 }, (_, index) => ({
      slug: `demo-${index}`,
      category: 'portraits',
      priceCents: 300 + index * 10,
      title: `Demo prompt ${index}`,
      sales: 100 - index,
    })),
  );
  ids = Array.from({ length: DEMO_REVIEWED + 5 }, (_, index) => created.products[`demo-${index}`] as number);
});
afterAll(() => app?.close());

describe('the demo reviews', () => {
  it('review the most liked prompts only, each by a demo buyer who bought it, and once', async () => {
    const lines: string[] = [];
    await seedDemoReviews(app.db, (line) => lines.push(line));
    const reviews = await app.db.select().from(productReviews);
    const reviewed = new Set(reviews.map((review) => review.productId));
    expect([...reviewed].sort((a, b) => a - b)).toEqual(ids.slice(0, DEMO_REVIEWED).sort((a, b) => a - b));
    for (const productId of reviewed) {
      const own = reviews.filter((review) => review.productId === productId);
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(4);
      for (const review of own)
        expect((await ownedAmong(app.db, review.userId, [productId])).has(productId)).toBe(true);
      const [product] = await app.db.select().from(products).where(eq(products.id, productId));
      expect(product?.ratingCount).toBe(own.length);
      expect(product?.ratingSum).toBe(own.reduce((sum, review) => sum + review.stars, 0));
    }
    expect(new Set(reviews.map((review) => review.locale)).size).toBeGreaterThan(3);
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^seeded ${reviews.length} demo reviews of 30 prompts`)),
    ]);
    expect(await ledgerProblems(app.db)).toEqual([]);
    // Nobody reads the demo buyers' addresses: no receipt is mailed to them, nor a review asked for.
    expect(await app.db.select().from(mailOutbox)).toEqual([]);
    expect(await app.db.select().from(jobs).where(eq(jobs.queue, REVIEW_INVITATION_QUEUE))).toEqual([]);

    await seedDemoReviews(app.db);
    expect(await app.db.select().from(productReviews)).toHaveLength(reviews.length);
    const rest = await app.db
      .select()
      .from(productReviews)
      .where(inArray(productReviews.productId, ids.slice(DEMO_REVIEWED)));
    expect(rest).toEqual([]);
  });

  it('are not written by a start on a shop whose catalogue was there before, even without reviews', async () => {
    const other = await createTestApp();
    try {
      await createCatalogue(other.db, [
        { slug: 'real-1', category: 'portraits', priceCents: 500, title: 'Real prompt', sales: 9 },
      ]);
      await seedDemoShop(other.db, other.storage, { products: 1 });
      expect(await other.db.select().from(productReviews)).toEqual([]);
      expect(await other.db.select().from(users).where(like(users.email, 'demo.buyer.%'))).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
