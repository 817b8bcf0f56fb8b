import { adminOfferResponse } from '@promptmarket/contracts/admin';
import { offerMessages } from '@promptmarket/contracts/offer-messages';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEAR_DUPLICATE_DISTANCE } from '../../lib/image-hash';
import { type BrowserSession, call, newAdmin, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { postMultipart } from '../../test/multipart';
import { hashProductPictures } from '../catalogue/catalogue.hashes';
import { originalKey, storeProductImage } from '../catalogue/catalogue.media';
import { categories, products, styles } from '../catalogue/catalogue.tables';
import { renderDemoImage } from '../generation/local-engine';
import { offers } from './offers.tables';

/**
 * Offers checked against the catalogue, over HTTP: a product's original offered again is refused
 * in the language of the request; copies of it are taken and shown to the back office beside the
 * offer, with their distance; an unrelated picture is shown nothing.
 */

let app: TestApp;
let admin: BrowserSession;
let seller: BrowserSession;
let categoryId = 0;
let styleId = 0;
let productId = 0;
let hiddenProductId = 0;
let productOriginal: Buffer;
let hiddenOriginal: Buffer;

beforeAll(async () => {
  app = await createTestApp();
  const { products: created } = await createCatalogue(app.db, [
    { slug: 'lighthouse', category: 'landscapes', priceCents: 900, title: 'Lighthouse at dusk' },
    { slug: 'old-harbour', category: 'landscapes', priceCents: 700, title: 'Old harbour' },
  ]);
  productId = created.lighthouse ?? 0;
  hiddenProductId = created['old-harbour'] ?? 0;
  // Real pictures of the demo engine, stored as every product's are, then hashed by the backfill.
  await storeProductImage(
    app.storage,
    'fixture-lighthouse',
    await renderDemoImage('a lighthouse on a cliff at sunset, oil painting'),
  );
  await storeProductImage(
    app.storage,
    'fixture-old-harbour',
    await renderDemoImage('an old harbour with fishing boats, watercolor'),
  );
  await app.db.update(products).set({ isActive: false }).where(eq(products.id, hiddenProductId));
  expect(await hashProductPictures(app.db, app.storage)).toBe(2);
  productOriginal = (await app.storage.get('private', originalKey('fixture-lighthouse'))) as Buffer;
  hiddenOriginal = (await app.storage.get('private', originalKey('fixture-old-harbour'))) as Buffer;
  categoryId = (await app.db.select().from(categories))[0]?.id ?? 0;
  styleId = (await app.db.select().from(styles))[0]?.id ?? 0;
  admin = await newAdmin(app, 'pictures@example.test');
  seller = (await registerVerifiedUser(app)).session;
}, 120_000);
afterAll(() => app?.close());

async function offer(picture: Buffer, title: string, headers: Record<string, string> = {}) {
  return postMultipart(
    app,
    seller,
    '/api/offer/create',
    [
      { name: 'title', value: title },
      { name: 'category_id', value: String(categoryId) },
      { name: 'style_ids[]', value: String(styleId) },
      { name: 'price', value: '40' },
      { name: 'prompt', value: 'A glass forest at dawn, volumetric light' },
      { name: 'confirm', value: '1' },
      { name: 'media', filename: 'work.png', type: 'image/png', data: picture },
    ],
    headers,
  );
}

async function offerId(picture: Buffer, title: string): Promise<number> {
  const created = await offer(picture, title);
  expect(created.statusCode, created.body).toBe(200);
  return created.json().payload.id as number;
}

async function detail(id: number) {
  const response = await call(app, admin, 'GET', `/api/admin/offers/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return adminOfferResponse.parse(response.json()).payload;
}

describe('an offer checked against the catalogue', () => {
  it('refuses the original of a product on sale, in the language of the request, and keeps no offer', async () => {
    const before = (await app.db.select().from(offers)).length;
    const english = await offer(productOriginal, 'My lighthouse');
    expect(english.statusCode).toBe(422);
    expect(english.json().errors.media).toEqual([
      'This picture is already sold in the shop. Please offer a work of your own.',
    ]);
    expect(english.json()).toMatchObject({
      message: offerMessages.en['media.copy_of_product'],
      errors: { media: [offerMessages.en['media.copy_of_product']] },
    });
    const german = await offer(productOriginal, 'Mein Leuchtturm', { 'frontend-language': 'de' });
    expect(german.statusCode).toBe(422);
    expect(german.json().errors.media).toEqual([offerMessages.de['media.copy_of_product']]);
    // The same pixels in another format (PNG): the same picture, refused as well.
    const png = await offer(await sharp(productOriginal).png().toBuffer(), 'Png lighthouse');
    expect(png.statusCode).toBe(422);
    expect(png.json().errors.media).toEqual([offerMessages.en['media.copy_of_product']]);
    expect((await app.db.select().from(offers)).length).toBe(before);
  });

  it('takes the picture of a product no longer on sale, and shows that product beside it', async () => {
    const id = await offerId(hiddenOriginal, 'Harbour again');
    const { similar } = await detail(id);
    expect(similar[0]).toMatchObject({
      kind: 'product',
      id: hiddenProductId,
      title: 'Old harbour',
      distance: 0,
    });
  });

  it('takes near copies and lists the product and the earlier copies with their distance', async () => {
    const cropped = await sharp(productOriginal)
      .extract({ left: 26, top: 26, width: 972, height: 972 })
      .jpeg({ quality: 40 })
      .toBuffer();
    const first = await offerId(cropped, 'Cropped lighthouse');
    const firstDetail = await detail(first);
    expect(firstDetail.title).toBe('Cropped lighthouse');
    const product = firstDetail.similar.find((item) => item.kind === 'product');
    expect(product).toMatchObject({
      id: productId,
      title: 'Lighthouse at dusk',
      preview_url: '/media/products/fixture-lighthouse/320.webp',
    });
    expect(product?.distance).toBeGreaterThan(0);
    expect(product?.distance).toBeLessThanOrEqual(NEAR_DUPLICATE_DISTANCE);

    const mirrored = await sharp(productOriginal).flop().resize(512, 512).toBuffer();
    const second = await offerId(mirrored, 'Mirrored lighthouse');
    const { similar } = await detail(second);
    expect(similar.map((item) => [item.kind, item.id])).toEqual(
      expect.arrayContaining([
        ['product', productId],
        ['offer', first],
      ]),
    );
    const earlier = similar.find((item) => item.kind === 'offer' && item.id === first);
    expect(earlier?.preview_url).toBe(`/api/admin/offers/${first}/media`);
    expect(earlier?.distance).toBeLessThanOrEqual(NEAR_DUPLICATE_DISTANCE);
    // Nearest first.
    expect(similar.map((item) => item.distance)).toEqual(
      [...similar.map((item) => item.distance)].sort((a, b) => a - b),
    );
    // An offer is compared with earlier offers only: the first does not list the second.
    expect((await detail(first)).similar.some((item) => item.kind === 'offer')).toBe(false);
  });

  it('shows nothing beside an unrelated picture, nor beside a document', async () => {
    const unrelated = await offerId(await renderDemoImage('a bowl of ramen, food photography'), 'Ramen');
    expect((await detail(unrelated)).similar).toEqual([]);
    const created = await postMultipart(app, seller, '/api/offer/create', [
      { name: 'title', value: 'Notes' },
      { name: 'category_id', value: String(categoryId) },
      { name: 'style_ids[]', value: String(styleId) },
      { name: 'price', value: '10' },
      { name: 'prompt', value: 'A glass forest at dawn, volumetric light' },
      { name: 'confirm', value: '1' },
      {
        name: 'media',
        filename: 'notes.pdf',
        type: 'application/pdf',
        data: Buffer.from('%PDF-1.4\n%%EOF\n'),
      },
    ]);
    expect(created.statusCode, created.body).toBe(200);
    expect((await detail(created.json().payload.id)).similar).toEqual([]);
  });

  it('takes pictures of one colour, which copy nothing, and shows nothing beside them', async () => {
    const flat = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#7a3355' } })
      .png()
      .toBuffer();
    await offerId(flat, 'Plain one');
    const second = await offerId(flat, 'Plain two');
    expect((await detail(second)).similar).toEqual([]);
  });

  it('is for the back office only, and answers 404 for an offer that does not exist', async () => {
    expect((await call(app, seller, 'GET', '/api/admin/offers/1')).statusCode).toBe(403);
    expect((await call(app, admin, 'GET', '/api/admin/offers/999999')).statusCode).toBe(404);
  });
});
