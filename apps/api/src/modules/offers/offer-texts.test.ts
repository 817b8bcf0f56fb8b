import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { type Part, postMultipart } from '../../test/multipart';
import { cardPayoutDetails } from '../../test/offers';
import { categories, styles } from '../catalogue/catalogue.tables';
import { makeCounterOffer } from './offers.service';

// The English texts of spec section 5 that the offer form and the card payout answer with, each
// for the one field that is missing.

let app: TestApp;
let session: BrowserSession;
let parts: Record<string, string | string[]>;
let picture: Part;

beforeAll(async () => {
  app = await createTestApp();
  await createCatalogue(app.db, []);
  const [category] = await app.db.select().from(categories).where(eq(categories.slug, 'portraits'));
  const styleIds = (await app.db.select({ id: styles.id }).from(styles)).map((style) => String(style.id));
  parts = {
    title: 'Neon harbour',
    category_id: String(category?.id),
    'style_ids[]': styleIds.slice(0, 1),
    price: '120.50',
    prompt: 'A neon harbour at night, rain, reflections',
    confirm: '1',
  };
  picture = {
    name: 'media',
    filename: 'work.png',
    type: 'image/png',
    data: await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })
      .png()
      .toBuffer(),
  };
  ({ session } = await registerVerifiedUser(app));
});
afterAll(() => app?.close());

function createOffer(without?: string) {
  const fields = Object.entries(parts)
    .filter(([name]) => name !== without)
    .flatMap(([name, value]): Part[] =>
      (Array.isArray(value) ? value : [value]).map((item) => ({ name, value: item })),
    );
  return postMultipart(app, session, '/api/offer/create', [...fields, picture]);
}

describe('the offer form’s texts for a missing field', () => {
  it.each([
    ['category_id', 'Please choose a category.'],
    ['price', 'Please enter a price.'],
    ['confirm', 'Please confirm that the work was created with AI.'],
    ['prompt', 'Please enter the prompt the buyer will receive, in English: it is required for a picture.'],
  ])('without %s: %s', async (field, text) => {
    const response = await createOffer(field);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ [field]: [text] });
  });
});

describe('the card payout', () => {
  it('answers "Expiry year is required" without an expiry year', async () => {
    const created = await createOffer();
    expect(created.statusCode).toBe(200);
    const id = created.json().payload.id as number;
    await makeCounterOffer(app.db, id, 4550);
    const response = await call(app, session, 'POST', '/api/offer/withdraw/card', {
      id,
      amount: '45.50',
      ...cardPayoutDetails,
      expire_year: '',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ expire_year: ['Expiry year is required'] });
  });
});
