import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStorage, type Storage } from '../../lib/storage';
import { seed } from '../../seed';
import { openTestDatabase, type TestDatabase } from '../../test/database';
import { renderDemoImage } from '../generation/local-engine';
import { originalKey } from './catalogue.media';
import { pickDemoProducts, seedDemoCatalogue } from './catalogue.seed';
import { demoCatalogue } from './catalogue.seed-data';
import { categories, products, styles } from './catalogue.tables';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await seed(database.db);
});
afterAll(() => database.drop());

async function rowCounts() {
  const [categoryRows] = await database.db.select({ n: count() }).from(categories);
  const [styleRows] = await database.db.select({ n: count() }).from(styles);
  const [productRows] = await database.db.select({ n: count() }).from(products);
  return { categories: categoryRows?.n, styles: styleRows?.n, products: productRows?.n };
}

describe('the demo catalogue seed', () => {
  it('spreads a small catalogue over every category', () => {
    const picked = pickDemoProducts(16);
    expect(picked).toHaveLength(16);
    expect(new Set(picked.map((product) => product.category)).size).toBe(16);
    expect(pickDemoProducts(10_000)).toHaveLength(demoCatalogue().products.length);
  });

  it('leaves nothing behind when it fails half way, so the next start seeds in full', async () => {
    // A style already stored under a demo slug makes the insert fail after the categories went in.
    await database.db
      .insert(styles)
      .values({ slug: 'watercolor', imageKey: 'styles/taken.webp', position: 0 });
    const storage = memoryStorage();
    await expect(seedDemoCatalogue(database.db, storage, { products: 1 })).rejects.toThrow();
    expect(await rowCounts()).toEqual({ categories: 0, styles: 1, products: 0 });

    await database.db.delete(styles);
    await seedDemoCatalogue(database.db, storage, { products: 1 });
    expect(await rowCounts()).toEqual({ categories: 24, styles: 10, products: 1 });
  });

  it('stores no rows when storing the pictures fails', async () => {
    const other = await openTestDatabase();
    await seed(other.db);
    const broken: Storage = {
      ...memoryStorage(),
      put: async () => {
        throw new Error('disk full');
      },
    };
    await expect(seedDemoCatalogue(other.db, broken, { products: 1 })).rejects.toThrow('disk full');
    const [row] = await other.db.select({ n: count() }).from(categories);
    expect(row?.n).toBe(0);
    await other.drop();
  });

  it("draws each product's picture from its own prompt, and each style's tile in its style", async () => {
    const other = await openTestDatabase();
    await seed(other.db);
    const storage = memoryStorage();
    await seedDemoCatalogue(other.db, storage, { products: 2 });
    const pixels = (image: Buffer) => sharp(image).resize(32, 32).removeAlpha().raw().toBuffer();
    const closeness = async (a: Buffer, b: Buffer) => {
      const [x, y] = await Promise.all([pixels(a), pixels(b)]);
      let sum = 0;
      for (let i = 0; i < x.length; i += 1) sum += Math.abs((x[i] ?? 0) - (y[i] ?? 0));
      return sum / x.length;
    };
    const [first, second] = pickDemoProducts(2);
    const stored = await storage.get('private', originalKey(`demo-${first?.slug}`));
    expect(stored).not.toBeNull();
    expect(await closeness(stored as Buffer, await renderDemoImage(first?.prompt ?? ''))).toBeLessThan(1);
    expect(await closeness(stored as Buffer, await renderDemoImage(second?.prompt ?? ''))).toBeGreaterThan(
      20,
    );

    const watercolor = demoCatalogue().styles.find((style) => style.slug === 'watercolor');
    const tile = await storage.get('public', 'styles/watercolor.webp');
    expect(await sharp(tile as Buffer).metadata()).toMatchObject({ format: 'webp', width: 640, height: 640 });
    const drawn = await renderDemoImage(watercolor?.prompt ?? '', { label: false });
    expect(await closeness(tile as Buffer, drawn)).toBeLessThan(4);
    // No words in the tile: its bottom right corner is the picture, without the demo engine's label.
    const corner = (image: Buffer) =>
      sharp(image).resize(640, 640).extract({ left: 440, top: 600, width: 200, height: 40 }).toBuffer();
    expect(await closeness(await corner(tile as Buffer), await corner(drawn))).toBeLessThan(4);
    expect(
      await closeness(
        await corner(tile as Buffer),
        await corner(await renderDemoImage(watercolor?.prompt ?? '')),
      ),
    ).toBeGreaterThan(8);
    await other.drop();
  });
});
