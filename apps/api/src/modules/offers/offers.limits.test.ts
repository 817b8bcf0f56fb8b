import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, randomAddress, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { type Part, postMultipart } from '../../test/multipart';
import { categories, styles } from '../catalogue/catalogue.tables';
import { offers } from './offers.tables';

let app: TestApp;
let parts: () => Part[];

beforeAll(async () => {
  app = await createTestApp();
  await createCatalogue(app.db, []);
  const [category] = await app.db.select().from(categories).where(eq(categories.slug, 'portraits'));
  const [style] = await app.db.select({ id: styles.id }).from(styles);
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  parts = () => [
    { name: 'title', value: 'Neon harbour' },
    { name: 'category_id', value: String(category?.id) },
    { name: 'style_ids[]', value: String(style?.id) },
    { name: 'price', value: '120.50' },
    { name: 'description', value: 'A harbour at night in neon light.' },
    { name: 'add_text', value: 'Made with a diffusion model.' },
    { name: 'prompt', value: 'A glass forest at dawn, volumetric light' },
    { name: 'confirm', value: '1' },
    { name: 'media', filename: 'work.png', type: 'image/png', data: png },
  ];
});
afterAll(() => app?.close());

async function createOffer(session: BrowserSession, remoteAddress: string) {
  return postMultipart(app, session, '/api/offer/create', parts(), {}, remoteAddress);
}

async function seller() {
  const { session, profile } = await registerVerifiedUser(app);
  return { session, userId: profile.id };
}

async function offersOf(userId: string) {
  return (await app.db.select({ id: offers.id }).from(offers).where(eq(offers.userId, userId))).length;
}

function expectTooMany(answer: Awaited<ReturnType<typeof createOffer>>) {
  expect(answer.statusCode).toBe(429);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
  expect(answer.json()).toEqual({ message: 'Too Many Attempts.', code: 'TOO_MANY_REQUESTS' });
}

describe('how many offers are sent (decision 0012)', () => {
  it('takes 10 offers a user in an hour, from any address; the 11th is 429 and keeps nothing', async () => {
    const { session, userId } = await seller();
    for (let offer = 0; offer < 10; offer++) {
      expect((await createOffer(session, randomAddress())).statusCode).toBe(200);
    }
    expectTooMany(await createOffer(session, randomAddress()));
    expect(await offersOf(userId)).toBe(10);
    // Another seller is not held back.
    const other = await seller();
    expect((await createOffer(other.session, randomAddress())).statusCode).toBe(200);
  });

  it('takes 30 offers an address in an hour, from any users; the 31st is 429', async () => {
    const address = randomAddress();
    const sellers = await Promise.all(Array.from({ length: 4 }, () => seller()));
    for (let offer = 0; offer < 30; offer++) {
      const from = sellers[offer % sellers.length];
      if (!from) throw new Error('no seller');
      expect((await createOffer(from.session, address)).statusCode).toBe(200);
    }
    const fifth = await seller();
    expectTooMany(await createOffer(fifth.session, address));
    expect(await offersOf(fifth.userId)).toBe(0);
    // The same seller from another address is not held back.
    expect((await createOffer(fifth.session, randomAddress())).statusCode).toBe(200);
  });
});
