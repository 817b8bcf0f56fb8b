import { count, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { pictureHashes } from '../../lib/image-hash';
import type { Storage } from '../../lib/storage';
import { renderDemoImage } from '../generation/local-engine';
import { forgetCatalogueCounts } from './catalogue.list';
import { storeProductImage } from './catalogue.media';
import { forgetCatalogueMenus } from './catalogue.menus';
import { demoCatalogue, type SeedProduct, type Texts } from './catalogue.seed-data';
import {
  categories,
  categoryTranslations,
  productImageHashes,
  productStyles,
  products,
  productTranslations,
  styles,
  styleTranslations,
} from './catalogue.tables';

const translations = (texts: Texts) => Object.entries(texts).map(([locale, title]) => ({ locale, title }));

/** A small deterministic sequence for demo sales counts and dates. */
function demoNumber(index: number, modulo: number): number {
  return (index * 7919 + 104_729) % modulo;
}

/**
 * A style's tile: its prompt drawn by the demo engine, which shows the style in the picture
 * itself. No text in it: the shop captions the tile with the style's name in the visitor's language.
 */
async function styleImage(prompt: string): Promise<Buffer> {
  return sharp(await renderDemoImage(prompt, { label: false }))
    .resize(640, 640)
    .webp({ quality: 80 })
    .toBuffer();
}

/** Runs `work` over items, `limit` at a time. */
async function inBatches<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  for (let start = 0; start < items.length; start += limit) {
    await Promise.all(items.slice(start, start + limit).map((item, offset) => work(item, start + offset)));
  }
}

export async function isCatalogueSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(categories);
  return (row?.n ?? 0) > 0;
}

export type DemoSeedOptions = {
  log?: (line: string) => void;
  /** How many of the demo products to add (all by default); fewer start faster, for tests. */
  products?: number;
};

/**
 * `count` demo products spread over the categories: the first of each category, then the
 * second of each, and so on, so a small catalogue still fills every menu and filter.
 */
export function pickDemoProducts(count: number): SeedProduct[] {
  const seedProducts = demoCatalogue().products;
  const byCategory = new Map<string, SeedProduct[]>();
  for (const product of seedProducts) {
    byCategory.set(product.category, [...(byCategory.get(product.category) ?? []), product]);
  }
  const picked: SeedProduct[] = [];
  for (let round = 0; picked.length < Math.min(count, seedProducts.length); round += 1) {
    for (const group of byCategory.values()) {
      const product = group[round];
      if (product && picked.length < count) picked.push(product);
    }
  }
  return picked;
}

/**
 * The demo catalogue: 8 categories with subcategories, 10 styles with pictures, 120
 * products in six languages, each with a 1024x1024 original drawn by the demo engine and
 * its previews. Writes nothing when categories exist already; says whether it seeded now.
 *
 * All or nothing: the pictures are stored first (writing one again is harmless), then every
 * row goes in one transaction, so a crash half way leaves no rows that would stop the next
 * start from seeding.
 */
export async function seedDemoCatalogue(
  db: Db,
  storage: Storage,
  { log = () => {}, products: productCount }: DemoSeedOptions = {},
): Promise<boolean> {
  if (await isCatalogueSeeded(db)) return false;
  const started = Date.now();
  const { categories: seedCategories, styles: seedStyles, products: seedProducts } = demoCatalogue();
  const demoProducts = pickDemoProducts(productCount ?? seedProducts.length);

  const styleImageKey = (slug: string) => `styles/${slug}.webp`;
  const productImageKey = (slug: string) => `demo-${slug}`;
  for (const style of seedStyles) {
    await storage.put('public', styleImageKey(style.slug), await styleImage(style.prompt), {
      contentType: 'image/webp',
    });
  }
  const hashes = new Map<string, bigint>();
  await inBatches(demoProducts, 2, async (product) => {
    const picture = await renderDemoImage(product.prompt);
    await storeProductImage(storage, productImageKey(product.slug), picture);
    hashes.set(product.slug, (await pictureHashes(picture)).hash);
  });

  await db.transaction(async (tx) => {
    const categoryIds = new Map<string, number>();
    for (const [position, top] of seedCategories.entries()) {
      const [row] = await tx
        .insert(categories)
        .values({ slug: top.slug, position })
        .returning({ id: categories.id });
      if (!row) throw new Error('category insert returned no row');
      categoryIds.set(top.slug, row.id);
      const subRows = top.subcategories.length
        ? await tx
            .insert(categories)
            .values(
              top.subcategories.map((sub, index) => ({ slug: sub.slug, parentId: row.id, position: index })),
            )
            .returning({ id: categories.id, slug: categories.slug })
        : [];
      for (const sub of subRows) categoryIds.set(sub.slug, sub.id);
      const texts = [
        ...translations(top.title).map((t) => ({ categoryId: row.id, ...t })),
        ...top.subcategories.flatMap((sub) =>
          translations(sub.title).map((t) => ({ categoryId: categoryIds.get(sub.slug) as number, ...t })),
        ),
      ];
      await tx.insert(categoryTranslations).values(texts);
    }

    const styleRows = await tx
      .insert(styles)
      .values(
        seedStyles.map((style, position) => ({
          slug: style.slug,
          imageKey: styleImageKey(style.slug),
          position,
        })),
      )
      .returning({ id: styles.id, slug: styles.slug });
    const styleIds = new Map(styleRows.map((row) => [row.slug, row.id]));
    await tx
      .insert(styleTranslations)
      .values(
        seedStyles.flatMap((style) =>
          translations(style.title).map((t) => ({ styleId: styleIds.get(style.slug) as number, ...t })),
        ),
      );

    const now = Date.now();
    for (const [index, product] of demoProducts.entries()) {
      const categoryId = categoryIds.get(product.category);
      if (!categoryId) throw new Error(`unknown category ${product.category}`);
      const [row] = await tx
        .insert(products)
        .values({
          slug: product.slug,
          categoryId,
          priceCents: product.priceCents,
          prompt: product.prompt,
          imageKey: productImageKey(product.slug),
          salesCount: demoNumber(index, 250),
          isHero: index % 15 === 0,
          isFeatured: index % 6 === 1,
          createdAt: new Date(now - demoNumber(index, 120) * 86_400_000 - index * 60_000),
        })
        .returning({ id: products.id });
      if (!row) throw new Error('product insert returned no row');
      const hash = hashes.get(product.slug);
      if (hash !== undefined) {
        await tx
          .insert(productImageHashes)
          .values({ productId: row.id, imageKey: productImageKey(product.slug), hash });
      }
      await tx.insert(productTranslations).values(
        Object.keys(product.title).map((locale) => ({
          productId: row.id,
          locale,
          title: product.title[locale as keyof Texts],
          description: product.description[locale as keyof Texts],
        })),
      );
      const linked = product.styles
        .map((slug) => styleIds.get(slug))
        .filter((id): id is number => id !== undefined);
      if (linked.length > 0)
        await tx.insert(productStyles).values(linked.map((styleId) => ({ productId: row.id, styleId })));
    }
  });
  forgetCatalogueMenus(db);
  forgetCatalogueCounts(db);
  log(
    `seeded the demo catalogue (${demoProducts.length} products) in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  return true;
}

/**
 * Adds `total` products for load tests, reusing the demo products' texts, pictures and picture
 * hashes with numbered slugs; inserted in batches of 1,000.
 */
export async function seedLargeCatalogue(db: Db, total: number, log: (line: string) => void = () => {}) {
  const demo = await db
    .select({
      id: products.id,
      slug: products.slug,
      categoryId: products.categoryId,
      imageKey: products.imageKey,
      prompt: products.prompt,
      priceCents: products.priceCents,
    })
    .from(products)
    .orderBy(products.id)
    .limit(demoCatalogue().products.length);
  if (demo.length === 0) throw new Error('seed the demo catalogue first');
  const demoHashes = new Map(
    (await db.select().from(productImageHashes)).map((row) => [row.imageKey, row.hash] as const),
  );
  const [existing] = await db.select({ n: count() }).from(products);
  const start = existing?.n ?? 0;
  for (let offset = 0; offset < total; offset += 1000) {
    const size = Math.min(1000, total - offset);
    await db.transaction(async (tx) => {
      const batch = Array.from({ length: size }, (_, i) => {
        const number = start + offset + i;
        const source = demo[number % demo.length]!;
        return {
          slug: `${source.slug}-${number}`,
          categoryId: source.categoryId,
          priceCents: 199 + ((number * 37) % 2800),
          prompt: source.prompt,
          imageKey: source.imageKey,
          salesCount: (number * 13) % 500,
          createdAt: new Date(Date.now() - ((number * 7) % 400) * 86_400_000),
        };
      });
      const rows = await tx
        .insert(products)
        .values(batch)
        .returning({ id: products.id, slug: products.slug, imageKey: products.imageKey });
      const hashRows = rows.flatMap((row) => {
        const hash = demoHashes.get(row.imageKey);
        return hash === undefined ? [] : [{ productId: row.id, imageKey: row.imageKey, hash }];
      });
      if (hashRows.length > 0) await tx.insert(productImageHashes).values(hashRows);
      const sourceBySlug = new Map(demo.map((item) => [item.slug, item.id]));
      const translationRows = (await tx.execute(
        sql`select product_id, locale, title, description from product_translations where product_id in ${demo.map((item) => item.id)}`,
      )) as unknown as { rows: { product_id: number; locale: string; title: string; description: string }[] };
      const bySource = new Map<number, typeof translationRows.rows>();
      for (const row of translationRows.rows)
        bySource.set(row.product_id, [...(bySource.get(row.product_id) ?? []), row]);
      const values = rows.flatMap((row) => {
        const sourceSlug = row.slug.replace(/-\d+$/, '');
        const texts = bySource.get(sourceBySlug.get(sourceSlug) ?? -1) ?? [];
        const number = row.slug.match(/-(\d+)$/)?.[1] ?? '';
        return texts.map((text) => ({
          productId: row.id,
          locale: text.locale,
          title: `${text.title} #${number}`,
          description: text.description,
        }));
      });
      for (let index = 0; index < values.length; index += 2000) {
        await tx.insert(productTranslations).values(values.slice(index, index + 2000));
      }
    });
    log(`${offset + size} of ${total} products added`);
  }
}
