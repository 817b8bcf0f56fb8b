import { randomUUID } from 'node:crypto';
import { DEFAULT_LOCALE, minorUnitsToNumber, PREVIEW_WIDTHS } from '@promptmarket/contracts';
import type {
  AdminProduct,
  AdminProductRow,
  adminProductCreate,
  adminProductsQuery,
  adminProductUpdate,
} from '@promptmarket/contracts/admin-catalogue';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation, pgErrorCode } from '../../db/errors';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../errors';
import { slugBase } from '../../lib/slug';
import type { Storage } from '../../lib/storage';
import { afterCommit } from '../../lib/transactions';
import type { UploadedFile } from '../../lib/uploads';
import { productSold } from '../orders/orders.service';
import { checkLanguages } from '../site/site.admin';
import { forgetCatalogueCounts } from './catalogue.list';
import { originalKey, PREVIEW_FORMATS, previewKey, previewUrls, storeProductImage } from './catalogue.media';
import { forgetCatalogueMenus } from './catalogue.menus';
import { categoryExists, existingStyleIds } from './catalogue.service';
import {
  type categories,
  categoryTranslations,
  productStyles,
  products,
  productTranslations,
  type styles,
  styleTranslations,
} from './catalogue.tables';

/**
 * The back office's catalogue editor: products here, the category tree in
 * `catalogue.admin-categories.ts` and styles in `catalogue.admin-styles.ts`, with the checks and
 * writes they share. Each function takes
 * the handle of the caller's transaction (the back office writes its audit entry in the same one)
 * and clears the shop's caches once that transaction commits, so the storefront shows the change
 * at once.
 */

type ProductCreate = z.output<typeof adminProductCreate>;
type ProductUpdate = z.output<typeof adminProductUpdate>;

/** What the shop shows of the catalogue (menus, list totals) is read anew after this commits. */
export function forgetShopCaches(db: Db): void {
  forgetCatalogueCounts(db);
  forgetCatalogueMenus(db);
}

/** Throws a 422 on `translations.<code>` for a language the shop does not have. */
export function checkLocales(db: Db, codes: string[]): Promise<void> {
  return checkLanguages(db, codes, 'translations');
}

/** Runs a write whose unique slug may collide, answering the collision as a 422 on `slug`. */
export async function withUniqueSlug<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.validation({ slug: ['slug.taken'] });
    throw error;
  }
}

/**
 * Throws a 422 (`update.empty`) for an update that names nothing to change (no field, or only an
 * empty `translations`): an editor's mistake, answered as one rather than a write of nothing.
 */
export function assertSomethingToChange(input: Record<string, unknown>): void {
  const named = Object.entries(input).filter(
    ([name, value]) =>
      value !== undefined && !(name === 'translations' && Object.keys(value as object).length === 0),
  );
  if (named.length === 0) throw AppError.validation({ _: ['update.empty'] });
}

/**
 * Runs a delete, turning a row of another module that still points at the deleted one (an
 * offered work's category or style: restrict_violation 23001, or foreign_key_violation 23503)
 * into a 409 with `key`.
 */
export async function refusedWhileReferenced(
  key: 'category.offered' | 'style.offered',
  work: () => Promise<unknown>,
) {
  try {
    await work();
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === '23001' || code === '23503') throw AppError.conflict(key);
    throw error;
  }
}

export async function slugIsFree(
  db: Db,
  table: typeof products | typeof categories | typeof styles,
  slug: string,
) {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.slug, slug));
  return !row;
}

export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The titles of categories or styles in every language, by id. */
export async function titlesOf(db: Db, kind: 'category' | 'style', ids: number[]) {
  const byId = new Map<number, Record<string, { title: string }>>();
  if (ids.length === 0) return byId;
  const table = kind === 'category' ? categoryTranslations : styleTranslations;
  const owner = kind === 'category' ? categoryTranslations.categoryId : styleTranslations.styleId;
  const rows = await db
    .select({ id: owner, locale: table.locale, title: table.title })
    .from(table)
    .where(inArray(owner, ids))
    .orderBy(asc(table.locale));
  for (const row of rows) {
    byId.set(row.id, { ...(byId.get(row.id) ?? {}), [row.locale]: { title: row.title } });
  }
  return byId;
}

export async function writeNamedTexts(
  db: Db,
  kind: 'category' | 'style',
  ownerId: number,
  texts: Record<string, { title: string } | null>,
): Promise<void> {
  for (const [locale, text] of Object.entries(texts)) {
    if (kind === 'category') {
      if (text === null) {
        await db
          .delete(categoryTranslations)
          .where(and(eq(categoryTranslations.categoryId, ownerId), eq(categoryTranslations.locale, locale)));
      } else {
        await db
          .insert(categoryTranslations)
          .values({ categoryId: ownerId, locale, title: text.title })
          .onConflictDoUpdate({
            target: [categoryTranslations.categoryId, categoryTranslations.locale],
            set: { title: text.title },
          });
      }
    } else if (text === null) {
      await db
        .delete(styleTranslations)
        .where(and(eq(styleTranslations.styleId, ownerId), eq(styleTranslations.locale, locale)));
    } else {
      await db
        .insert(styleTranslations)
        .values({ styleId: ownerId, locale, title: text.title })
        .onConflictDoUpdate({
          target: [styleTranslations.styleId, styleTranslations.locale],
          set: { title: text.title },
        });
    }
  }
}

async function checkCategory(db: Db, categoryId: number): Promise<void> {
  if (!(await categoryExists(db, categoryId))) {
    throw AppError.validation({ category_id: ['category.invalid'] });
  }
}

async function checkStyles(db: Db, styleIds: number[]): Promise<void> {
  const unique = [...new Set(styleIds)];
  if ((await existingStyleIds(db, unique)).length !== unique.length) {
    throw AppError.validation({ style_ids: ['styles.invalid'] });
  }
}

/* Product pictures */

/**
 * Turns an uploaded original into a product picture: the 1024x1024 PNG buyers get and the public
 * previews, under a new key (a key never changes content, since previews are cached for a year).
 * The upload itself is removed. Throws a 422 on `image` when the bytes are no readable picture.
 */
export async function productImageFromUpload(storage: Storage, upload: UploadedFile): Promise<string> {
  const imageKey = `admin-${randomUUID()}`;
  try {
    const original = await storage.get(upload.bucket, upload.key);
    if (!original) throw AppError.validation({ image: ['file.required'] });
    await storeProductImage(storage, imageKey, original);
    return imageKey;
  } catch (error) {
    await deleteProductImage(storage, imageKey);
    if (error instanceof AppError) throw error;
    throw AppError.validation({ image: ['image.invalid'] });
  } finally {
    await storage.delete(upload.bucket, upload.key).catch(() => undefined);
  }
}

/** Removes a product picture's original and previews; missing files are no error. */
export async function deleteProductImage(storage: Storage, imageKey: string): Promise<void> {
  const keys: ['public' | 'private', string][] = [['private', originalKey(imageKey)]];
  for (const width of PREVIEW_WIDTHS) {
    for (const format of PREVIEW_FORMATS) keys.push(['public', previewKey(imageKey, width, format)]);
  }
  await Promise.all(keys.map(([bucket, key]) => storage.delete(bucket, key).catch(() => undefined)));
}

/* Products */

export type NewProduct = {
  slug: string;
  categoryId: number;
  priceCents: number;
  prompt: string;
  imageKey: string;
  styleIds: number[];
  texts: Record<string, { title: string; description: string }>;
  hero?: boolean;
  featured?: boolean;
  hidden?: boolean;
};

/**
 * Adds a product with its texts and styles (the picture is stored already). Throws a 422 on
 * `slug` when the slug is taken.
 */
export async function insertProduct(db: Db, input: NewProduct): Promise<number> {
  const id = await withUniqueSlug(async () => {
    const [row] = await db
      .insert(products)
      .values({
        slug: input.slug,
        categoryId: input.categoryId,
        priceCents: input.priceCents,
        prompt: input.prompt,
        imageKey: input.imageKey,
        isHero: input.hero ?? false,
        isFeatured: input.featured ?? false,
        isActive: !(input.hidden ?? false),
      })
      .returning({ id: products.id });
    if (!row) throw new Error('product insert returned no row');
    return row.id;
  });
  await db.insert(productTranslations).values(
    Object.entries(input.texts).map(([locale, text]) => ({
      productId: id,
      locale,
      title: text.title,
      description: text.description,
    })),
  );
  const styleIds = [...new Set(input.styleIds)];
  if (styleIds.length > 0) {
    await db.insert(productStyles).values(styleIds.map((styleId) => ({ productId: id, styleId })));
  }
  forgetShopCaches(db);
  return id;
}

/** A slug made from the title that no product has yet. */
async function freeProductSlug(db: Db, title: string): Promise<string> {
  const base = slugBase(title);
  if (await slugIsFree(db, products, base)) return base;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const candidate = `${base}-${randomUUID().slice(0, 6)}`;
    if (await slugIsFree(db, products, candidate)) return candidate;
  }
  return `${base}-${randomUUID()}`;
}

/** Creates a product from the editor's form; the picture was stored by `productImageFromUpload`. */
export async function createProduct(db: Db, input: ProductCreate, imageKey: string): Promise<number> {
  await checkLocales(db, Object.keys(input.translations));
  await checkCategory(db, input.category_id);
  await checkStyles(db, input.style_ids);
  const english = input.translations[DEFAULT_LOCALE];
  if (!english) throw AppError.validation({ 'translations.en.title': ['translations.english'] });
  if (input.slug && !(await slugIsFree(db, products, input.slug))) {
    throw AppError.validation({ slug: ['slug.taken'] });
  }
  return insertProduct(db, {
    slug: input.slug ?? (await freeProductSlug(db, english.title)),
    categoryId: input.category_id,
    priceCents: input.price,
    prompt: input.prompt,
    imageKey,
    styleIds: input.style_ids,
    texts: input.translations,
    hero: input.hero,
    featured: input.featured,
    hidden: input.hidden,
  });
}

/**
 * Changes what the update names and nothing else. Throws NOT_FOUND, or a 422 naming the field
 * (`update.empty` when it names nothing).
 */
export async function updateProduct(db: Db, productId: number, input: ProductUpdate): Promise<void> {
  assertSomethingToChange(input);
  const [current] = await db.select().from(products).where(eq(products.id, productId)).for('update');
  if (!current) throw AppError.notFound();
  if (input.translations) await checkLocales(db, Object.keys(input.translations));
  if (input.category_id !== undefined) await checkCategory(db, input.category_id);
  if (input.style_ids) await checkStyles(db, input.style_ids);
  if (
    input.slug !== undefined &&
    input.slug !== current.slug &&
    !(await slugIsFree(db, products, input.slug))
  ) {
    throw AppError.validation({ slug: ['slug.taken'] });
  }
  const texts = Object.entries(input.translations ?? {});
  const existing = await db
    .select()
    .from(productTranslations)
    .where(eq(productTranslations.productId, productId));
  // A language without texts yet needs its title: a description alone cannot make one.
  const errors: Record<string, string[]> = {};
  for (const [locale, text] of texts) {
    if (text && text.title === undefined && !existing.some((row) => row.locale === locale)) {
      errors[`translations.${locale}.title`] = ['title.required'];
    }
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);

  await withUniqueSlug(() =>
    db
      .update(products)
      .set({
        ...(input.slug !== undefined ? { slug: input.slug } : {}),
        ...(input.category_id !== undefined ? { categoryId: input.category_id } : {}),
        ...(input.price !== undefined ? { priceCents: input.price } : {}),
        ...(input.prompt !== undefined ? { prompt: input.prompt } : {}),
        ...(input.hero !== undefined ? { isHero: input.hero } : {}),
        ...(input.featured !== undefined ? { isFeatured: input.featured } : {}),
        ...(input.hidden !== undefined ? { isActive: !input.hidden } : {}),
        updatedAt: new Date(),
      })
      .where(eq(products.id, productId)),
  );
  for (const [locale, text] of texts) {
    if (text === null) {
      await db
        .delete(productTranslations)
        .where(and(eq(productTranslations.productId, productId), eq(productTranslations.locale, locale)));
      continue;
    }
    const known = existing.find((row) => row.locale === locale);
    await db
      .insert(productTranslations)
      .values({
        productId,
        locale,
        title: text.title ?? known?.title ?? '',
        description: text.description ?? known?.description ?? '',
      })
      .onConflictDoUpdate({
        target: [productTranslations.productId, productTranslations.locale],
        set: {
          ...(text.title !== undefined ? { title: text.title } : {}),
          ...(text.description !== undefined ? { description: text.description } : {}),
        },
      });
  }
  if (input.style_ids) {
    await db.delete(productStyles).where(eq(productStyles.productId, productId));
    const styleIds = [...new Set(input.style_ids)];
    if (styleIds.length > 0) {
      await db.insert(productStyles).values(styleIds.map((styleId) => ({ productId, styleId })));
    }
  }
  forgetShopCaches(db);
}

/** Puts a new picture on a product; the old files are removed once the change is committed. */
export async function replaceProductImage(
  db: Db,
  storage: Storage,
  productId: number,
  imageKey: string,
): Promise<void> {
  const [current] = await db.select().from(products).where(eq(products.id, productId)).for('update');
  if (!current) throw AppError.notFound();
  await db.update(products).set({ imageKey, updatedAt: new Date() }).where(eq(products.id, productId));
  afterCommit(db, () => void deleteProductImage(storage, current.imageKey));
  forgetShopCaches(db);
}

/**
 * Deletes a product that nobody has bought, with its picture once committed. A product with
 * orders is refused (422 `product.sold`): its buyers keep their prompt and its download, so the
 * editor hides it instead.
 */
export async function deleteProduct(db: Db, storage: Storage, productId: number): Promise<void> {
  const [current] = await db.select().from(products).where(eq(products.id, productId)).for('update');
  if (!current) throw AppError.notFound();
  if (await productSold(db, productId)) throw AppError.validation({ product: ['product.sold'] });
  await db.delete(products).where(eq(products.id, productId));
  afterCommit(db, () => void deleteProductImage(storage, current.imageKey));
  forgetShopCaches(db);
}

type ProductListRow = {
  id: number;
  slug: string;
  title: string;
  category_id: number;
  category_title: string;
  price_cents: number | string;
  is_hero: boolean;
  is_featured: boolean;
  is_active: boolean;
  sales_count: number;
  image_key: string;
  updated_at: string | Date;
};

function productRow(row: ProductListRow): AdminProductRow {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    category_id: row.category_id,
    category_title: row.category_title,
    price: minorUnitsToNumber(Number(row.price_cents)),
    hero: row.is_hero,
    featured: row.is_featured,
    hidden: !row.is_active,
    sales_count: row.sales_count,
    thumb_url: previewUrls(row.image_key).webp['320'] ?? '',
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function productSelect(locale: string): SQL {
  return sql`select p.id, p.slug, coalesce(tl.title, te.title, p.slug) as title,
      c.id as category_id, coalesce(cl.title, ce.title, c.slug) as category_title,
      p.price_cents, p.is_hero, p.is_featured, p.is_active, p.sales_count, p.image_key, p.updated_at
    from products p
    left join product_translations te on te.product_id = p.id and te.locale = ${DEFAULT_LOCALE}
    left join product_translations tl on tl.product_id = p.id and tl.locale = ${locale}
    join categories c on c.id = p.category_id
    left join category_translations ce on ce.category_id = c.id and ce.locale = ${DEFAULT_LOCALE}
    left join category_translations cl on cl.category_id = c.id and cl.locale = ${locale}`;
}

/**
 * Every product, hidden ones too, newest first: found by a title in any language or the slug,
 * filtered by category (with its subcategories) and by visibility.
 */
export async function listProductsForEditor(
  db: Db,
  query: z.output<typeof adminProductsQuery>,
  locale: string,
) {
  const conditions: SQL[] = [sql`true`];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(sql`(p.slug ilike ${pattern} or p.id in (
      select t.product_id from product_translations t where t.title ilike ${pattern}))`);
  }
  if (query.category_id !== undefined) {
    conditions.push(sql`p.category_id in (
      select id from categories where id = ${query.category_id} or parent_id = ${query.category_id})`);
  }
  if (query.hidden) conditions.push(query.hidden === 'yes' ? sql`not p.is_active` : sql`p.is_active`);
  const where = sql.join(conditions, sql` and `);
  const [rows, [count]] = await Promise.all([
    rowsOf<ProductListRow>(
      db,
      sql`${productSelect(locale)} where ${where} order by p.created_at desc, p.id desc
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
    ),
    rowsOf<{ total: number | string }>(db, sql`select count(*) as total from products p where ${where}`),
  ]);
  return { data: rows.map(productRow), total: Number(count?.total ?? 0) };
}

/** One product as the editor shows it, hidden or not, with its texts in every language. Throws NOT_FOUND. */
export async function productForEditor(db: Db, productId: number, locale: string): Promise<AdminProduct> {
  const [row] = await rowsOf<
    ProductListRow & { prompt: string; likes_count: number; created_at: string | Date }
  >(
    db,
    sql`select s.*, p.prompt, p.likes_count, p.created_at from (${productSelect(locale)} where p.id = ${productId}) s
      join products p on p.id = s.id`,
  );
  if (!row) throw AppError.notFound();
  const [texts, styleRows] = await Promise.all([
    db
      .select()
      .from(productTranslations)
      .where(eq(productTranslations.productId, productId))
      .orderBy(asc(productTranslations.locale)),
    db
      .select({ id: productStyles.styleId })
      .from(productStyles)
      .where(eq(productStyles.productId, productId))
      .orderBy(asc(productStyles.styleId)),
  ]);
  return {
    ...productRow(row),
    prompt: row.prompt,
    likes_count: row.likes_count,
    image_url: previewUrls(row.image_key).webp['640'] ?? '',
    style_ids: styleRows.map((style) => style.id),
    translations: Object.fromEntries(
      texts.map((text) => [text.locale, { title: text.title, description: text.description }]),
    ),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** What the audit log keeps of a product: its own fields and texts, not the derived urls. */
export async function productSnapshot(db: Db, productId: number) {
  const product = await productForEditor(db, productId, DEFAULT_LOCALE);
  // The stored cents, not the display price turned back: the audit keeps the exact amount.
  const [stored] = await db
    .select({ priceCents: products.priceCents })
    .from(products)
    .where(eq(products.id, productId));
  return {
    slug: product.slug,
    category_id: product.category_id,
    price_cents: stored?.priceCents ?? null,
    prompt: product.prompt,
    hero: product.hero,
    featured: product.featured,
    hidden: product.hidden,
    style_ids: product.style_ids,
    translations: product.translations,
  };
}
