import {
  DEFAULT_LOCALE,
  INT4_MAX,
  type ProductDetail,
  type ProductSummary,
  type RatingSummary,
} from '@promptmarket/contracts';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../errors';
import { forgetCatalogueCounts } from './catalogue.list';
import {
  ownedOf,
  ratingAverage,
  type SummaryRow,
  summarySelect,
  toSummary,
  type Viewer,
} from './catalogue.summaries';
import {
  categories,
  categoryTranslations,
  products,
  productTranslations,
  styles,
  styleTranslations,
} from './catalogue.tables';

/*
 * Reads of products for the shop (one product, the home page's collections) and, below, what other
 * modules read and write of the catalogue. Lists are in `catalogue.list.ts`, menus in
 * `catalogue.menus.ts`, likes in `catalogue.likes.ts`, the sitemap in `catalogue.sitemap.ts`.
 */

/** A short list for the home page: hero, featured, new or top sellers. */
export async function listCollection(
  db: Db,
  collection: 'hero' | 'featured' | 'new' | 'top-sellers',
  viewer: Viewer,
): Promise<ProductSummary[]> {
  const shapes: Record<typeof collection, { where: SQL; order: SQL; limit: number }> = {
    hero: { where: sql`p.is_hero`, order: sql`p.id asc`, limit: 8 },
    featured: { where: sql`p.is_featured`, order: sql`p.id asc`, limit: 12 },
    new: { where: sql`true`, order: sql`p.created_at desc, p.id desc`, limit: 12 },
    // The same order as the popular sort, so both read the same index.
    'top-sellers': {
      where: sql`true`,
      order: sql`p.sales_count desc, p.likes_count desc, p.id desc`,
      limit: 10,
    },
  };
  const shape = shapes[collection];
  const rows = await rowsOf<SummaryRow>(
    db,
    sql`${summarySelect(viewer)} where p.is_active and ${shape.where} order by ${shape.order} limit ${shape.limit}`,
  );
  const owned = await ownedOf(
    viewer,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSummary(row, viewer, owned));
}

const PROMPT_PREVIEW_WORDS = 12;

/**
 * The first words of a prompt, never more than half of them (rounded down) and at most 12, then an
 * ellipsis: the prompt is what a buyer pays for, so no prompt is published whole, however short.
 */
export function promptPreview(prompt: string): string {
  const words = prompt.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const shown = Math.min(PROMPT_PREVIEW_WORDS, Math.floor(words.length / 2));
  return `${words.slice(0, shown).join(' ')}…`;
}

/** One product by id or slug, with its styles and up to 8 similar products of its category. Throws NOT_FOUND. */
export async function getProduct(db: Db, idOrSlug: string, viewer: Viewer): Promise<ProductDetail> {
  // A number past the integer range is no id: it is looked up as a slug, and is not found.
  const isId = /^\d{1,10}$/.test(idOrSlug) && Number(idOrSlug) <= INT4_MAX;
  const match = isId ? sql`p.id = ${Number(idOrSlug)}` : sql`p.slug = ${idOrSlug}`;
  const [row] = await rowsOf<
    SummaryRow & { description: string; prompt: string; created_at: string | Date; rating_spread: unknown }
  >(
    db,
    sql`select s.*, coalesce(tl.description, te.description) as description, p.prompt, p.created_at,
      p.rating_spread
      from (${summarySelect(viewer)} where p.is_active and ${match}) s
      join products p on p.id = s.id
      join product_translations te on te.product_id = p.id and te.locale = ${DEFAULT_LOCALE}
      left join product_translations tl on tl.product_id = p.id and tl.locale = ${viewer.locale}`,
  );
  if (!row) throw AppError.notFound();
  const productStylesRows = await rowsOf<{ id: number; slug: string; title: string }>(
    db,
    sql`select s.id, s.slug, coalesce(stl.title, ste.title) as title
      from product_styles ps
      join styles s on s.id = ps.style_id
      join style_translations ste on ste.style_id = s.id and ste.locale = ${DEFAULT_LOCALE}
      left join style_translations stl on stl.style_id = s.id and stl.locale = ${viewer.locale}
      where ps.product_id = ${row.id}
      order by s.position, s.id`,
  );
  const similar = await rowsOf<SummaryRow>(
    db,
    sql`${summarySelect(viewer)} where p.is_active and p.category_id = ${row.category_id} and p.id <> ${row.id}
      order by p.sales_count desc, p.id desc limit 8`,
  );
  const [owned, inCart] = await Promise.all([
    ownedOf(viewer, [row.id, ...similar.map((item) => item.id)]),
    viewer.userId && viewer.inCart ? viewer.inCart(row.id) : false,
  ]);
  return {
    ...toSummary(row, viewer, owned),
    description: row.description,
    prompt_preview: promptPreview(row.prompt),
    // Only its buyer reads the whole prompt: it is what they paid for.
    prompt: owned.has(row.id) ? row.prompt : null,
    in_cart: inCart,
    styles: productStylesRows,
    created_at: new Date(row.created_at).toISOString(),
    rating: ratingOf(Number(row.rating_sum), Number(row.rating_count), spreadOf(row.rating_spread)),
    similar: similar.map((item) => toSummary(item, viewer, owned)),
  };
}

/** The stars' spread as stored (`{1,2,3,4,5}`, or its text from a driver that leaves arrays as text). */
function spreadOf(stored: unknown): number[] {
  const list = Array.isArray(stored)
    ? stored
    : typeof stored === 'string'
      ? stored.replace(/[{}]/g, '').split(',')
      : [];
  return [0, 1, 2, 3, 4].map((at) => Number(list[at] ?? 0) || 0);
}

function ratingOf(sum: number, count: number, spread: number[]): RatingSummary {
  return {
    average: ratingAverage(sum, count),
    count,
    spread: {
      1: spread[0] ?? 0,
      2: spread[1] ?? 0,
      3: spread[2] ?? 0,
      4: spread[3] ?? 0,
      5: spread[4] ?? 0,
    },
  };
}

/*
 * What other modules read and write of the catalogue. They call these, never its tables; a caller
 * inside a transaction passes its handle, so the reads and writes are part of its work.
 */

/** Whether a category with this id exists. */
export async function categoryExists(db: Db, categoryId: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  return Boolean(row);
}

/** The ids among these that are styles of the catalogue, each once. */
export async function existingStyleIds(db: Db, styleIds: number[]): Promise<number[]> {
  if (styleIds.length === 0) return [];
  const rows = await db.select({ id: styles.id }).from(styles).where(inArray(styles.id, styleIds));
  return rows.map((row) => row.id);
}

/**
 * The categories' titles in the language, English behind it. A category without an English
 * title has none here.
 */
export async function categoryTitles(
  db: Db,
  categoryIds: number[],
  locale: string,
): Promise<Map<number, string>> {
  const ids = [...new Set(categoryIds)];
  if (ids.length === 0) return new Map();
  const english = alias(categoryTranslations, 'english_title');
  const local = alias(categoryTranslations, 'local_title');
  const rows = await db
    .select({ id: english.categoryId, title: sql<string>`coalesce(${local.title}, ${english.title})` })
    .from(english)
    .leftJoin(local, and(eq(local.categoryId, english.categoryId), eq(local.locale, locale)))
    .where(and(inArray(english.categoryId, ids), eq(english.locale, DEFAULT_LOCALE)));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** The styles' titles in the language, English behind it, in the order of their titles. */
export async function styleTitles(
  db: Db,
  styleIds: number[],
  locale: string,
): Promise<{ id: number; title: string }[]> {
  const ids = [...new Set(styleIds)];
  if (ids.length === 0) return [];
  const english = alias(styleTranslations, 'english_style');
  const local = alias(styleTranslations, 'local_style');
  const rows = await db
    .select({ id: english.styleId, title: sql<string>`coalesce(${local.title}, ${english.title})` })
    .from(english)
    .leftJoin(local, and(eq(local.styleId, english.styleId), eq(local.locale, locale)))
    .where(and(inArray(english.styleId, ids), eq(english.locale, DEFAULT_LOCALE)));
  return rows.sort((a, b) => a.title.localeCompare(b.title, locale));
}

/** A product as the cart, the orders and the owned prompts show it. */
export type ProductShown = {
  id: number;
  slug: string;
  imageKey: string;
  priceCents: number;
  prompt: string;
  isActive: boolean;
  title: string;
  description: string | null;
};

/**
 * The products with these ids, active or not, titled in the language with English behind it.
 * A product without an English title is left out.
 */
export async function productsShown(
  db: Db,
  productIds: number[],
  locale: string,
): Promise<Map<number, ProductShown>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const english = alias(productTranslations, 'english');
  const local = alias(productTranslations, 'local');
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      imageKey: products.imageKey,
      priceCents: products.priceCents,
      prompt: products.prompt,
      isActive: products.isActive,
      title: sql<string>`coalesce(${local.title}, ${english.title})`,
      description: sql<string | null>`coalesce(${local.description}, ${english.description})`,
    })
    .from(products)
    .innerJoin(english, and(eq(english.productId, products.id), eq(english.locale, DEFAULT_LOCALE)))
    .leftJoin(local, and(eq(local.productId, products.id), eq(local.locale, locale)))
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The products on sale among these ids, with their prices in euro cents. A purchase passes its
 * transaction and compares the count with what it asked for: a prompt gone is refused.
 */
export async function productsOnSale(
  db: Db,
  productIds: number[],
): Promise<{ id: number; priceCents: number }[]> {
  if (productIds.length === 0) return [];
  return db
    .select({ id: products.id, priceCents: products.priceCents })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.isActive, true)));
}

/** Counts one more sale of each of these products, in the purchase's transaction. */
export async function recordSales(db: Db, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .update(products)
    .set({ salesCount: sql`${products.salesCount} + 1` })
    .where(inArray(products.id, productIds));
}

/** What the download of a bought product holds besides the picture: its slug and prompt. */
export async function productDownload(
  db: Db,
  productId: number,
): Promise<{ slug: string; prompt: string; imageKey: string } | null> {
  const [row] = await db
    .select({ slug: products.slug, prompt: products.prompt, imageKey: products.imageKey })
    .from(products)
    .where(eq(products.id, productId));
  return row ?? null;
}

/** A product's rating as the reviews count it: how many visible reviews gave 1 to 5 stars each. */
export type ProductRating = { spread: readonly [number, number, number, number, number] };

/**
 * Stores a product's rating from its visible reviews (modules/reviews), in the review's
 * transaction. Its count and sum move the catalogue version (migration 0050), so the lists and
 * tiles show it once read again; the cached answers and pages are cleared after the commit.
 */
export async function setProductRating(db: Db, productId: number, rating: ProductRating): Promise<void> {
  const spread = [...rating.spread];
  const count = spread.reduce((total, each) => total + each, 0);
  const sum = spread.reduce((total, each, at) => total + each * (at + 1), 0);
  await db
    .update(products)
    .set({ ratingCount: count, ratingSum: sum, ratingSpread: spread })
    .where(eq(products.id, productId));
  forgetCatalogueCounts(db);
}

/** The product's rating as its page shows it: null when no product has the id. */
export async function productRating(db: Db, productId: number): Promise<RatingSummary | null> {
  const [row] = await db
    .select({ count: products.ratingCount, sum: products.ratingSum, spread: products.ratingSpread })
    .from(products)
    .where(eq(products.id, productId));
  return row ? ratingOf(row.sum, row.count, spreadOf(row.spread)) : null;
}

/** The most liked products on sale (then the best sold, then the newest id), `limit` at most: the demo's reviewed ones. */
export async function mostLikedOnSale(db: Db, limit: number): Promise<{ id: number; priceCents: number }[]> {
  return db
    .select({ id: products.id, priceCents: products.priceCents })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(desc(products.likesCount), desc(products.salesCount), desc(products.id))
    .limit(limit);
}
