import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unseal } from '../../lib/sealed';
import { call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { postMultipart } from '../../test/multipart';
import { payoutContactWithoutCountry } from '../../test/offers';
import { categories, styles } from '../catalogue/catalogue.tables';
import { countries } from '../content/content.tables';
import { payouts } from '../payouts/payouts.tables';
import { makeCounterOffer } from './offers.service';

/** The offer's contact details name their country as the original API's clients do: by its id. */

let app: TestApp;
let categoryId: number;
let styleId: number;
let png: Buffer;

beforeAll(async () => {
  app = await createTestApp();
  await createCatalogue(app.db, []);
  const [category] = await app.db.select().from(categories).where(eq(categories.slug, 'portraits'));
  categoryId = category?.id ?? 0;
  const [style] = await app.db.select({ id: styles.id }).from(styles);
  styleId = style?.id ?? 0;
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();
});
afterAll(() => app?.close());

async function offered() {
  const { session, profile } = await registerVerifiedUser(app);
  const created = await postMultipart(app, session, '/api/offer/create', [
    { name: 'title', value: 'Harbour at dawn' },
    { name: 'category_id', value: String(categoryId) },
    { name: 'price', value: '80' },
    { name: 'style_ids[]', value: String(styleId) },
    { name: 'description', value: 'A harbour at dawn.' },
    { name: 'add_text', value: 'Made with a diffusion model.' },
    { name: 'prompt', value: 'A glass forest at dawn, volumetric light' },
    { name: 'confirm', value: '1' },
    { name: 'media', filename: 'harbour.png', type: 'image/png', data: png },
  ]);
  expect(created.statusCode).toBe(200);
  const id = created.json().payload.id as number;
  await makeCounterOffer(app.db, id, 7000);
  return { session, userId: profile.id, id };
}

const bank = { full_name: 'Ada Lovelace', iban: 'DE89 3704 0044 0532 0130 00' };

describe('POST /offer/approve with the country as its id', () => {
  it('keeps the ISO code of the id from /countries with the payout, for a number and its digits', async () => {
    const [germany] = await app.db.select().from(countries).where(eq(countries.iso, 'DE'));
    if (!germany) throw new Error('DE is not seeded');
    for (const country of [germany.id, String(germany.id)]) {
      const { session, userId, id } = await offered();
      const approved = await call(app, session, 'POST', '/api/offer/approve', {
        ...payoutContactWithoutCountry,
        ...bank,
        country,
        id: { id },
      });
      expect(approved.statusCode).toBe(200);
      const [payout] = await app.db.select().from(payouts).where(eq(payouts.userId, userId));
      expect(unseal(app.config.appKey ?? '', 'payout-details', payout?.detailsSealed ?? '')).toMatchObject({
        contact: { country: 'DE' },
      });
    }
  });

  it('refuses an id the shop does not know, as it refuses a missing country, and accepts nothing', async () => {
    const { session, userId, id } = await offered();
    const all = await app.db.select({ id: countries.id }).from(countries);
    const unknown = Math.max(...all.map((row) => row.id)) + 1000;
    const refused = await call(app, session, 'POST', '/api/offer/approve', {
      ...payoutContactWithoutCountry,
      ...bank,
      country: unknown,
      id: { id },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ country: ['Country is required'] });
    expect(await app.db.select().from(payouts).where(eq(payouts.userId, userId))).toEqual([]);
    const history = (await call(app, session, 'GET', '/api/offer/history')).json().payload;
    expect(history).toMatchObject([{ id, status: 'offer' }]);
  });
});
