import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { periodicTasks } from '../../background';
import { NEAR_DUPLICATE_DISTANCE, pictureHashes } from '../../lib/image-hash';
import { memoryStorage } from '../../lib/storage';
import { seed } from '../../seed';
import { openTestDatabase, type TestDatabase, testDatabaseKind } from '../../test/database';
import { recordingLog } from '../../test/log';
import { renderDemoImage } from '../generation/local-engine';
import {
  hashProductPictures,
  productOnSaleWithHash,
  productsNearPicture,
  SETTLED_LOOK_MS,
} from './catalogue.hashes';
import { originalKey } from './catalogue.media';
import { seedDemoCatalogue, seedLargeCatalogue } from './catalogue.seed';
import { catalogueVersion, productImageHashes, products } from './catalogue.tables';

let database: TestDatabase;
const storage = memoryStorage();

beforeAll(async () => {
  database = await openTestDatabase();
  await seed(database.db);
  await seedDemoCatalogue(database.db, storage, { products: 4 });
}, 120_000);
afterAll(() => database.drop());

async function original(imageKey: string): Promise<Buffer> {
  const bytes = await storage.get('private', originalKey(imageKey));
  if (!bytes) throw new Error(`no original for ${imageKey}`);
  return bytes;
}

describe('the hashes of the products’ pictures', () => {
  it('are stored by the demo seed, each the hash of the product’s original', async () => {
    const rows = await database.db
      .select({ id: products.id, imageKey: products.imageKey, hash: productImageHashes.hash })
      .from(products)
      .leftJoin(productImageHashes, eq(productImageHashes.productId, products.id));
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.hash).toBe((await pictureHashes(await original(row.imageKey))).hash);
    }
  });

  it('find a product from a cropped, recompressed copy of its picture, and none from an unrelated one', async () => {
    const [product] = await database.db.select().from(products).orderBy(products.id).limit(1);
    if (!product) throw new Error('no product');
    const copy = await sharp(await original(product.imageKey))
      .extract({ left: 26, top: 26, width: 972, height: 972 })
      .jpeg({ quality: 40 })
      .toBuffer();
    const near = await productsNearPicture(database.db, await pictureHashes(copy), {
      maxDistance: NEAR_DUPLICATE_DISTANCE,
      limit: 10,
      locale: 'de',
    });
    expect(near[0]).toMatchObject({ id: product.id, active: true });
    expect(near[0]?.distance).toBeLessThanOrEqual(NEAR_DUPLICATE_DISTANCE);
    expect(near[0]?.title).not.toBe('');
    const stranger = await pictureHashes(await renderDemoImage('a bowl of ramen, food photography'));
    expect(
      await productsNearPicture(database.db, stranger, {
        maxDistance: NEAR_DUPLICATE_DISTANCE,
        limit: 10,
        locale: 'en',
      }),
    ).toEqual([]);
  });

  it('name a product on sale by its exact hash, and no product taken off sale', async () => {
    const [product] = await database.db.select().from(products).orderBy(products.id).limit(1);
    if (!product) throw new Error('no product');
    const { hash } = await pictureHashes(await original(product.imageKey));
    expect(await productOnSaleWithHash(database.db, hash)).toEqual({ id: product.id });
    await database.db.update(products).set({ isActive: false }).where(eq(products.id, product.id));
    expect(await productOnSaleWithHash(database.db, hash)).toBeNull();
    await database.db.update(products).set({ isActive: true }).where(eq(products.id, product.id));
  });

  it('are made for products without one, and again for a product whose picture changed', async () => {
    const [first, second] = await database.db.select().from(products).orderBy(products.id).limit(2);
    if (!first || !second) throw new Error('no products');
    await database.db.delete(productImageHashes).where(eq(productImageHashes.productId, first.id));
    // The second product is given the first one's picture: its stored hash no longer holds.
    await database.db.update(products).set({ imageKey: first.imageKey }).where(eq(products.id, second.id));
    expect(
      await productOnSaleWithHash(database.db, (await pictureHashes(await original(second.imageKey))).hash),
    ).toBeNull();
    const firstPicture = await pictureHashes(await original(first.imageKey));
    const options = { maxDistance: 0, limit: 10, locale: 'en' };
    expect((await productsNearPicture(database.db, firstPicture, options)).map((item) => item.id)).toEqual(
      [],
    );
    const [listsBefore] = await database.db.select().from(catalogueVersion);
    expect(await hashProductPictures(database.db, storage)).toBe(2);
    // Storing hashes leaves the catalogue's version, and so every cached list and page, as it was.
    const [listsAfter] = await database.db.select().from(catalogueVersion);
    expect(listsAfter?.version).toBe(listsBefore?.version);
    expect(listsAfter?.picturesVersion).toBe((listsBefore?.picturesVersion ?? 0) + 1);
    // The cached hashes are read again once the batch is stored.
    expect((await productsNearPicture(database.db, firstPicture, options)).map((item) => item.id)).toEqual([
      first.id,
      second.id,
    ]);
    const expected = (await pictureHashes(await original(first.imageKey))).hash;
    const rows = await database.db.select().from(productImageHashes);
    expect(rows.find((row) => row.productId === first.id)?.hash).toBe(expected);
    expect(rows.find((row) => row.productId === second.id)).toMatchObject({
      imageKey: first.imageKey,
      hash: expected,
    });
    expect(await hashProductPictures(database.db, storage)).toBe(0);
    await database.db.update(products).set({ imageKey: second.imageKey }).where(eq(products.id, second.id));
    expect(await hashProductPictures(database.db, storage)).toBe(1);
  });

  it('are made by the server’s background task, which runs soon after start', async () => {
    await database.db.delete(productImageHashes);
    const task = periodicTasks(database, {}, recordingLog(), {
      maxSessionDays: 7,
      imageTimeoutMs: 60_000,
      storage,
    }).find((candidate) => candidate.name === 'picture hashes');
    expect(task?.firstAfterMs).toBeLessThanOrEqual(60_000);
    expect(await task?.run()).toBe(4);
    const [hashCount] = await database.db.select({ n: count() }).from(productImageHashes);
    expect(hashCount?.n).toBe(4);
  });

  it('leave a product whose original is missing for a later try', async () => {
    const [product] = await database.db.select().from(products).orderBy(products.id).limit(1);
    if (!product) throw new Error('no product');
    await database.db.update(products).set({ imageKey: 'nowhere' }).where(eq(products.id, product.id));
    expect(await hashProductPictures(database.db, storage)).toBe(0);
    await database.db.update(products).set({ imageKey: product.imageKey }).where(eq(products.id, product.id));
    expect(await hashProductPictures(database.db, storage)).toBe(0);
  });

  it('are not looked for again while the catalogue stays as it was when none were missing, but hourly', async () => {
    const [product] = await database.db.select().from(products).orderBy(products.id).limit(1);
    if (!product) throw new Error('no product');
    const hashCount = async () => (await database.db.select({ n: count() }).from(productImageHashes))[0]?.n;
    expect(await hashProductPictures(database.db, storage)).toBe(0);
    const all = await hashCount();
    // A hash removed by hand moves no catalogue version: the next look is skipped.
    await database.db.delete(productImageHashes).where(eq(productImageHashes.productId, product.id));
    expect(await hashProductPictures(database.db, storage)).toBe(0);
    expect(await hashCount()).toBe((all ?? 0) - 1);
    // A change to the catalogue moves it: the look is made, and the hash made again.
    await database.db
      .update(products)
      .set({ priceCents: product.priceCents + 1 })
      .where(eq(products.id, product.id));
    expect(await hashProductPictures(database.db, storage)).toBe(1);
    expect(await hashProductPictures(database.db, storage)).toBe(0);
    // With nothing changed, a look is still made once the hour is past.
    await database.db.delete(productImageHashes).where(eq(productImageHashes.productId, product.id));
    expect(await hashProductPictures(database.db, storage)).toBe(0);
    const now = Date.now();
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + SETTLED_LOOK_MS + 1);
    try {
      expect(await hashProductPictures(database.db, storage)).toBe(1);
    } finally {
      later.mockRestore();
    }
    await database.db
      .update(products)
      .set({ priceCents: product.priceCents })
      .where(eq(products.id, product.id));
  });

  it('are copied by the large seed to the products that reuse a picture', async () => {
    await seedLargeCatalogue(database.db, 20);
    const [productCount] = await database.db.select({ n: count() }).from(products);
    const [hashCount] = await database.db.select({ n: count() }).from(productImageHashes);
    expect(hashCount?.n).toBe(productCount?.n);
    expect(await hashProductPictures(database.db, storage)).toBe(0);
  });
});

describe('a near-duplicate lookup at 100,000 products', () => {
  // Its timing is printed for docs/performance.md (and `npm run bench` measures it), never asserted.
  it('finds the one near copy among 100,000 hashes, and prints how long a lookup takes', async () => {
    const [category] = (
      (await database.db.execute(sql`select id from categories order by id limit 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    // The test's own data, made without the shop's limit on a statement: 100,000 rows with their
    // search text take longer than that limit on a busy machine.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`
        insert into products (slug, category_id, price_cents, prompt, image_key)
        select 'bulk-' || n, ${category?.id}, 500, repeat('a long and detailed prompt ', 20), 'bulk-' || n
        from generate_series(1, 100000) n`);
      // Full 64-bit hashes from md5, as random as pictures' hashes are far apart.
      await tx.execute(sql`
        insert into product_image_hashes (product_id, image_key, hash)
        select id, image_key, ('x' || substr(md5(image_key), 1, 16))::bit(64)::bigint
        from products where slug like 'bulk-%'`);
    });
    await database.db.execute(sql`analyze product_image_hashes`);
    await database.db.execute(sql`analyze products`);
    const [hashCount] = await database.db.select({ n: count() }).from(productImageHashes);
    expect(hashCount?.n).toBeGreaterThanOrEqual(100_000);

    const [product] = await database.db.select().from(products).orderBy(products.id).limit(1);
    if (!product) throw new Error('no product');
    const query = await pictureHashes(
      await sharp(await original(product.imageKey))
        .resize(512, 512)
        .toBuffer(),
    );
    const options = { maxDistance: NEAR_DUPLICATE_DISTANCE, limit: 10, locale: 'en' };
    const load = performance.now();
    await productsNearPicture(database.db, query, options);
    const loadMs = performance.now() - load;
    const times: number[] = [];
    let found = 0;
    for (let run = 0; run < 7; run += 1) {
      const started = performance.now();
      const near = await productsNearPicture(database.db, query, options);
      times.push(performance.now() - started);
      found = near.filter((item) => item.id === product.id).length;
    }
    times.sort((a, b) => a - b);
    const median = times[3] as number;
    const exact = performance.now();
    await productOnSaleWithHash(database.db, query.hash);
    const exactMs = performance.now() - exact;
    console.log(
      `${testDatabaseKind()}: near-duplicate lookup over ${hashCount?.n} hashes, median of 7: ${median.toFixed(1)} ms (runs ${times.map((time) => time.toFixed(1)).join(', ')}); first lookup (reads the hashes) ${loadMs.toFixed(0)} ms; exact lookup ${exactMs.toFixed(1)} ms`,
    );
    expect(found).toBe(1);
  }, 300_000);
});
