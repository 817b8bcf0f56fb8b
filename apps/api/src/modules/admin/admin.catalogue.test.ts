import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, newAdmin, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { multipart, postMultipart } from '../../test/multipart';
import { adminAudit } from '../audit/audit.tables';
import { products } from '../catalogue/catalogue.tables';
import { orderItems, orders } from '../orders/orders.tables';

let app: TestApp;
let admin: BrowserSession;
let png: Buffer;
let fixture: Awaited<ReturnType<typeof createCatalogue>>;

beforeAll(async () => {
  app = await createTestApp();
  fixture = await createCatalogue(app.db, [
    {
      slug: 'old-sailor',
      category: 'fantasy-portraits',
      styles: ['watercolor'],
      priceCents: 499,
      title: 'Portrait of an Old Sailor',
      titleDe: 'Porträt eines alten Seemanns',
    },
    { slug: 'storm', category: 'seascapes', styles: ['cinematic'], priceCents: 1499, title: 'Storm at Sea' },
  ]);
  png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a5f8f' } })
    .png()
    .toBuffer();
  admin = await newAdmin(app, 'editor@example.test');
});
afterAll(() => app?.close());

async function send(method: 'POST', url: string, parts: Parameters<typeof multipart>[0]) {
  const body = multipart(parts);
  return app.inject({ method, url, headers: { ...admin.headers(), ...body.headers }, payload: body.payload });
}

const shop = (url: string, locale = 'en') =>
  app.inject({ method: 'GET', url: `/api${url}`, headers: { 'frontend-language': locale } });

async function audits(action: string) {
  return app.db.select().from(adminAudit).where(eq(adminAudit.action, action));
}

describe('the catalogue editor: products', () => {
  it('adds a product from an original picture, with previews, and the shop shows it at once', async () => {
    // Listed once, so the shop's cached answer must be cleared by the change.
    expect((await shop('/products?search=lighthouse')).json().meta.total).toBe(0);
    const created = await send('POST', '/api/admin/products', [
      {
        name: 'data',
        value: JSON.stringify({
          category_id: fixture.categories.seascapes,
          style_ids: [],
          price: '6.50',
          prompt: 'A lighthouse in a storm at night, long exposure',
          featured: true,
          translations: {
            en: { title: 'Lighthouse in the Storm', description: 'Waves and light.' },
            de: { title: 'Leuchtturm im Sturm' },
          },
        }),
      },
      { name: 'image', filename: 'light.png', type: 'image/png', data: png },
    ]);
    expect(created.statusCode, created.body).toBe(200);
    const product = created.json().payload;
    expect(product).toMatchObject({
      slug: 'lighthouse-in-the-storm',
      price: 6.5,
      featured: true,
      hidden: false,
    });
    expect(product.translations.de.title).toBe('Leuchtturm im Sturm');

    const inShop = await shop(`/products/${product.slug}`, 'de');
    expect(inShop.statusCode).toBe(200);
    expect(inShop.json().data.title).toBe('Leuchtturm im Sturm');
    const preview = await app.inject({ method: 'GET', url: inShop.json().data.image_url });
    expect(preview.statusCode).toBe(200);
    expect((await sharp(preview.rawPayload).metadata()).width).toBe(640);
    expect((await shop('/products?search=lighthouse')).json().meta.total).toBe(1);

    const [entry] = await audits('product.create');
    expect(entry?.subjectId).toBe(String(product.id));
    expect(entry?.after).toMatchObject({ price_cents: 650 });
  });

  it('changes only what a PUT names: a German title, and the German shop shows it at once', async () => {
    const id = fixture.products['old-sailor'] as number;
    expect((await shop('/products/old-sailor', 'de')).json().data.title).toBe('Porträt eines alten Seemanns');
    const saved = await call(app, admin, 'PUT', `/api/admin/products/${id}`, {
      translations: { de: { title: 'Bildnis eines alten Seemanns' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await shop('/products/old-sailor', 'de')).json().data.title).toBe('Bildnis eines alten Seemanns');
    const english = (await shop('/products/old-sailor')).json().data;
    expect(english).toMatchObject({ title: 'Portrait of an Old Sailor', price_eur: 4.99 });

    const [entry] = await audits('product.update');
    expect(entry?.before).toMatchObject({ translations: { de: { title: 'Porträt eines alten Seemanns' } } });
    expect(entry?.after).toMatchObject({ translations: { de: { title: 'Bildnis eines alten Seemanns' } } });
  });

  it('hides a product from the shop and shows it again', async () => {
    const id = fixture.products.storm as number;
    await call(app, admin, 'PUT', `/api/admin/products/${id}`, { hidden: true });
    expect((await shop('/products/storm')).statusCode).toBe(404);
    const found = (await shop('/products?search=storm')).json().data.map((row: { slug: string }) => row.slug);
    expect(found).not.toContain('storm');
    expect(found).toContain('lighthouse-in-the-storm');
    const listed = (await call(app, admin, 'GET', '/api/admin/products?hidden=yes')).json().payload;
    expect(listed.data.map((row: { slug: string }) => row.slug)).toEqual(['storm']);
    await call(app, admin, 'PUT', `/api/admin/products/${id}`, { hidden: false });
    expect((await shop('/products/storm')).statusCode).toBe(200);
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const id = fixture.products.storm as number;
    const badPrice = await call(app, admin, 'PUT', `/api/admin/products/${id}`, { price: '12.345' });
    expect(badPrice.statusCode).toBe(422);
    expect(badPrice.json().errors.price).toEqual([
      'Please enter a price of at least 0 with at most two decimals.',
    ]);
    const badCategory = await call(app, admin, 'PUT', `/api/admin/products/${id}`, {
      category_id: 999_999,
      price: '20',
    });
    expect(badCategory.statusCode).toBe(422);
    expect(badCategory.json().errors.category_id).toEqual(['This category does not exist.']);
    const [row] = await app.db.select().from(products).where(eq(products.id, id));
    expect(row?.priceCents).toBe(1499);

    const notAPicture = await send('POST', '/api/admin/products', [
      {
        name: 'data',
        value: JSON.stringify({
          category_id: fixture.categories.seascapes,
          price: '3',
          prompt: 'Anything at all',
          translations: { en: { title: 'Not a picture' } },
        }),
      },
      {
        name: 'image',
        filename: 'fake.png',
        type: 'image/png',
        data: Buffer.from('<html>not a picture</html>'),
      },
    ]);
    expect(notAPicture.statusCode).toBe(422);
    expect(Object.keys(notAPicture.json().errors)).toEqual(['image']);
    const noEnglish = await send('POST', '/api/admin/products', [
      {
        name: 'data',
        value: JSON.stringify({
          category_id: fixture.categories.seascapes,
          price: '3',
          prompt: 'Anything at all',
          translations: { de: { title: 'Nur Deutsch' } },
        }),
      },
      { name: 'image', filename: 'ok.png', type: 'image/png', data: png },
    ]);
    expect(noEnglish.statusCode).toBe(422);
    expect(noEnglish.json().errors['translations.en.title']).toEqual(['The English title is required.']);
    const titles = await app.db.select({ id: products.id }).from(products);
    expect(titles).toHaveLength(3);
  });

  it('deletes a product nobody bought; a bought one is kept for its buyers', async () => {
    const sold = fixture.products['old-sailor'] as number;
    const { session } = await registerVerifiedUser(app);
    const profile = (await call(app, session, 'GET', '/api/user/profile')).json().payload;
    const [order] = await app.db.insert(orders).values({ userId: profile.id, total: 499 }).returning();
    await app.db
      .insert(orderItems)
      .values({ orderId: order?.id ?? 0, productId: sold, userId: profile.id, price: 499 });
    const refused = await call(app, admin, 'DELETE', `/api/admin/products/${sold}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.product).toEqual([
      'This prompt has been bought, so its buyers keep it: hide it instead of deleting it.',
    ]);

    const storm = fixture.products.storm as number;
    expect((await call(app, admin, 'DELETE', `/api/admin/products/${storm}`)).statusCode).toBe(200);
    expect((await shop('/products/storm')).statusCode).toBe(404);
    expect(
      await app.db
        .select()
        .from(products)
        .where(and(eq(products.id, storm))),
    ).toEqual([]);
    expect((await audits('product.delete'))[0]?.before).toMatchObject({ slug: 'storm' });
  });
});

describe('the catalogue editor: categories and styles', () => {
  it('adds a subcategory and a style with a picture, and the shop’s menus show them at once', async () => {
    expect((await shop('/categories')).statusCode).toBe(200);
    const category = await call(app, admin, 'POST', '/api/admin/categories', {
      slug: 'lighthouses',
      parent_id: fixture.categories.landscapes,
      translations: { en: { title: 'Lighthouses' }, de: { title: 'Leuchttürme' } },
    });
    expect(category.statusCode, category.body).toBe(200);
    const tree = (await shop('/categories', 'de')).json().data;
    const landscapes = tree.find((top: { url: string }) => top.url === 'landscapes');
    expect(landscapes.subcategories.map((sub: { title: string }) => sub.title)).toContain('Leuchttürme');

    const style = await send('POST', '/api/admin/styles', [
      {
        name: 'data',
        value: JSON.stringify({ slug: 'ink-wash', translations: { en: { title: 'Ink wash' } } }),
      },
      { name: 'image', filename: 'ink.png', type: 'image/png', data: png },
    ]);
    expect(style.statusCode, style.body).toBe(200);
    const listed = (await shop('/styles'))
      .json()
      .data.find((entry: { url: string }) => entry.url === 'ink-wash');
    expect(listed.title).toBe('Ink wash');
    const picture = await app.inject({ method: 'GET', url: listed.image_url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');

    const inUse = await call(app, admin, 'DELETE', `/api/admin/categories/${fixture.categories.landscapes}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe('This category still has products or subcategories; move them first.');
    const taken = await call(app, admin, 'POST', '/api/admin/categories', {
      slug: 'lighthouses',
      translations: { en: { title: 'Again' } },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug).toEqual(['This address is already in use.']);
    expect((await audits('category.create'))[0]?.subjectId).toBe(String(category.json().payload.id));
  });
});

describe('the catalogue editor: updates of nothing and deletes of what is in use', () => {
  it('answers 422 to an update that names nothing, and saves a category’s or style’s texts alone', async () => {
    const created = await call(app, admin, 'POST', '/api/admin/categories', {
      slug: 'empty-updates',
      translations: { en: { title: 'Empty updates' } },
    });
    const categoryId = created.json().payload.id as number;
    const style = await send('POST', '/api/admin/styles', [
      {
        name: 'data',
        value: JSON.stringify({ slug: 'empty-style', translations: { en: { title: 'Empty' } } }),
      },
    ]);
    expect(style.statusCode, style.body).toBe(200);
    const styleId = style.json().payload.id as number;
    const productId = fixture.products['old-sailor'] as number;

    for (const url of [
      `/api/admin/categories/${categoryId}`,
      `/api/admin/styles/${styleId}`,
      `/api/admin/products/${productId}`,
    ]) {
      for (const body of [{}, { translations: {} }]) {
        const empty = await call(app, admin, 'PUT', url, body, { 'frontend-language': 'de' });
        expect({ url, status: empty.statusCode }).toEqual({ url, status: 422 });
        expect(empty.json().errors).toEqual({ _: ['Nichts zu ändern: Nenne mindestens ein Feld.'] });
      }
    }

    const texts = await call(app, admin, 'PUT', `/api/admin/categories/${categoryId}`, {
      translations: { de: { title: 'Leere Änderungen' } },
    });
    expect(texts.statusCode, texts.body).toBe(200);
    expect(texts.json().payload.translations.de).toEqual({ title: 'Leere Änderungen' });
    const styleTexts = await call(app, admin, 'PUT', `/api/admin/styles/${styleId}`, {
      translations: { fr: { title: 'Vide' } },
    });
    expect(styleTexts.statusCode, styleTexts.body).toBe(200);
    expect(styleTexts.json().payload.translations.fr).toEqual({ title: 'Vide' });
  });

  it('answers 409 to deleting a category or a style still in use, in the caller’s language', async () => {
    const category = await call(app, admin, 'POST', '/api/admin/categories', {
      slug: 'offered-category',
      translations: { en: { title: 'Offered' } },
    });
    const categoryId = category.json().payload.id as number;
    const style = await send('POST', '/api/admin/styles', [
      {
        name: 'data',
        value: JSON.stringify({ slug: 'offered-style', translations: { en: { title: 'Offered' } } }),
      },
    ]);
    const styleId = style.json().payload.id as number;

    const { session } = await registerVerifiedUser(app);
    const offered = await postMultipart(app, session, '/api/offer/create', [
      { name: 'title', value: 'Neon harbour' },
      { name: 'category_id', value: String(categoryId) },
      { name: 'style_ids[]', value: String(styleId) },
      { name: 'price', value: '120.50' },
      { name: 'description', value: 'A harbour at night in neon light.' },
      { name: 'add_text', value: 'Made with a diffusion model.' },
      { name: 'prompt', value: 'A glass forest at dawn, volumetric light' },
      { name: 'confirm', value: '1' },
      { name: 'media', filename: 'work.png', type: 'image/png', data: png },
    ]);
    expect(offered.statusCode, offered.body).toBe(200);

    const styleInUse = await call(app, admin, 'DELETE', `/api/admin/styles/${styleId}`, undefined, {
      'frontend-language': 'pl',
    });
    expect(styleInUse.statusCode).toBe(409);
    expect(styleInUse.json()).toEqual({
      message: 'Dzieła oferowane przez sprzedawców mają ten styl; nie można go usunąć.',
      code: 'CONFLICT',
    });
    const categoryInUse = await call(app, admin, 'DELETE', `/api/admin/categories/${categoryId}`);
    expect(categoryInUse.statusCode).toBe(409);
    expect(categoryInUse.json()).toEqual({
      message: 'Works offered by sellers are filed under this category; it cannot be deleted.',
      code: 'CONFLICT',
    });
    const withProducts = await call(
      app,
      admin,
      'DELETE',
      `/api/admin/categories/${fixture.categories.seascapes}`,
    );
    expect(withProducts.statusCode).toBe(409);
    expect(withProducts.json()).toEqual({
      message: 'This category still has products or subcategories; move them first.',
      code: 'CONFLICT',
    });
    // Both are still there, and nothing was written to the audit log for them.
    expect((await call(app, admin, 'GET', `/api/admin/styles/${styleId}`)).statusCode).toBe(200);
    expect((await call(app, admin, 'GET', `/api/admin/categories/${categoryId}`)).statusCode).toBe(200);
    expect((await audits('style.delete')).filter((row) => row.subjectId === String(styleId))).toEqual([]);
  });
});
