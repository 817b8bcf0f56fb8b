import { randomUUID } from 'node:crypto';
import { DEFAULT_LOCALE } from '@promptmarket/contracts';
import type { AdminStyle, adminStyleCreate, adminStyleUpdate } from '@promptmarket/contracts/admin-catalogue';
import { eq, type SQL, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../errors';
import type { Storage } from '../../lib/storage';
import { afterCommit } from '../../lib/transactions';
import type { UploadedFile } from '../../lib/uploads';
import {
  assertSomethingToChange,
  checkLocales,
  forgetShopCaches,
  likePattern,
  refusedWhileReferenced,
  slugIsFree,
  titlesOf,
  withUniqueSlug,
  writeNamedTexts,
} from './catalogue.admin';
import { styles } from './catalogue.tables';

/** The back office's styles: titled in every language the shop has, each with an optional picture. */

type StyleCreate = z.output<typeof adminStyleCreate>;
type StyleUpdate = z.output<typeof adminStyleUpdate>;

/** A style's picture: re-encoded as a 640x640 webp under a new public key. Throws a 422 on `image`. */
export async function styleImageFromUpload(storage: Storage, upload: UploadedFile): Promise<string> {
  const key = `styles/${randomUUID()}.webp`;
  try {
    const original = await storage.get(upload.bucket, upload.key);
    if (!original) throw AppError.validation({ image: ['file.required'] });
    const webp = await sharp(original).resize(640, 640, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();
    await storage.put('public', key, webp, { contentType: 'image/webp' });
    return key;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw AppError.validation({ image: ['image.invalid'] });
  } finally {
    await storage.delete(upload.bucket, upload.key).catch(() => undefined);
  }
}

type StyleListRow = {
  id: number;
  slug: string;
  position: number;
  image_key: string | null;
  title: string;
  product_count: number | string;
};

function styleSelect(locale: string): SQL {
  return sql`select s.id, s.slug, s.position, s.image_key, coalesce(sl.title, se.title, s.slug) as title,
      (select count(*) from product_styles ps where ps.style_id = s.id) as product_count
    from styles s
    left join style_translations se on se.style_id = s.id and se.locale = ${DEFAULT_LOCALE}
    left join style_translations sl on sl.style_id = s.id and sl.locale = ${locale}`;
}

function toAdminStyle(row: StyleListRow, texts: Map<number, Record<string, { title: string }>>): AdminStyle {
  return {
    id: row.id,
    slug: row.slug,
    position: row.position,
    title: row.title,
    image_url: row.image_key ? `/media/${row.image_key}` : null,
    translations: texts.get(row.id) ?? {},
    product_count: Number(row.product_count),
  };
}

export async function listStylesForEditor(
  db: Db,
  query: { page: number; per_page: number; search?: string | undefined },
  locale: string,
): Promise<{ data: AdminStyle[]; total: number }> {
  const where = query.search
    ? sql`(s.slug ilike ${likePattern(query.search)} or s.id in (
        select t.style_id from style_translations t where t.title ilike ${likePattern(query.search)}))`
    : sql`true`;
  const [rows, [count]] = await Promise.all([
    rowsOf<StyleListRow>(
      db,
      sql`${styleSelect(locale)} where ${where} order by s.position, s.id
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
    ),
    rowsOf<{ total: number | string }>(db, sql`select count(*) as total from styles s where ${where}`),
  ]);
  const texts = await titlesOf(
    db,
    'style',
    rows.map((row) => row.id),
  );
  return { data: rows.map((row) => toAdminStyle(row, texts)), total: Number(count?.total ?? 0) };
}

export async function styleForEditor(db: Db, styleId: number, locale: string): Promise<AdminStyle> {
  const [row] = await rowsOf<StyleListRow>(db, sql`${styleSelect(locale)} where s.id = ${styleId}`);
  if (!row) throw AppError.notFound();
  return toAdminStyle(row, await titlesOf(db, 'style', [row.id]));
}

export async function createStyle(db: Db, input: StyleCreate, imageKey: string | null): Promise<number> {
  await checkLocales(db, Object.keys(input.translations));
  if (!(await slugIsFree(db, styles, input.slug))) throw AppError.validation({ slug: ['slug.taken'] });
  const id = await withUniqueSlug(async () => {
    const [row] = await db
      .insert(styles)
      .values({ slug: input.slug, position: input.position, imageKey })
      .returning({ id: styles.id });
    if (!row) throw new Error('style insert returned no row');
    return row.id;
  });
  await writeNamedTexts(db, 'style', id, input.translations);
  forgetShopCaches(db);
  return id;
}

/** Changes what the update names. Throws NOT_FOUND, or a 422 naming the field (`update.empty` when it names nothing). */
export async function updateStyle(db: Db, styleId: number, input: StyleUpdate): Promise<void> {
  assertSomethingToChange(input);
  const [current] = await db.select().from(styles).where(eq(styles.id, styleId)).for('update');
  if (!current) throw AppError.notFound();
  if (input.translations) await checkLocales(db, Object.keys(input.translations));
  if (
    input.slug !== undefined &&
    input.slug !== current.slug &&
    !(await slugIsFree(db, styles, input.slug))
  ) {
    throw AppError.validation({ slug: ['slug.taken'] });
  }
  const changes = {
    ...(input.slug !== undefined ? { slug: input.slug } : {}),
    ...(input.position !== undefined ? { position: input.position } : {}),
  };
  if (Object.keys(changes).length > 0) {
    await withUniqueSlug(() => db.update(styles).set(changes).where(eq(styles.id, styleId)));
  }
  if (input.translations) await writeNamedTexts(db, 'style', styleId, input.translations);
  forgetShopCaches(db);
}

/** Sets a style's picture; the old one is removed once the change is committed. */
export async function replaceStyleImage(db: Db, storage: Storage, styleId: number, imageKey: string) {
  const [current] = await db.select().from(styles).where(eq(styles.id, styleId)).for('update');
  if (!current) throw AppError.notFound();
  await db.update(styles).set({ imageKey }).where(eq(styles.id, styleId));
  const old = current.imageKey;
  if (old) afterCommit(db, () => void storage.delete('public', old).catch(() => undefined));
  forgetShopCaches(db);
}

/**
 * Deletes a style: products keep everything else and simply lose this style. Throws a 409
 * (`style.offered`) while a work a seller offered names it: the offer keeps what the seller chose.
 */
export async function deleteStyle(db: Db, storage: Storage, styleId: number): Promise<void> {
  const [current] = await db.select().from(styles).where(eq(styles.id, styleId)).for('update');
  if (!current) throw AppError.notFound();
  await refusedWhileReferenced('style.offered', () => db.delete(styles).where(eq(styles.id, styleId)));
  const old = current.imageKey;
  if (old) afterCommit(db, () => void storage.delete('public', old).catch(() => undefined));
  forgetShopCaches(db);
}
