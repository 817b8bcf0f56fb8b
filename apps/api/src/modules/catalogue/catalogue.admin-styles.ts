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
import { forgetShopCaches, likePattern, titlesOf } from './catalogue.admin';
import { createNamed, deleteNamed, lockNamed, updateNamed } from './catalogue.admin-named';
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
  return createNamed(db, 'style', input, { position: input.position, imageKey });
}

/** Changes what the update names. Throws NOT_FOUND, or a 422 naming the field (`update.empty` when it names nothing). */
export async function updateStyle(db: Db, styleId: number, input: StyleUpdate): Promise<void> {
  await updateNamed(
    db,
    'style',
    styleId,
    input,
    input.position !== undefined ? { position: input.position } : {},
  );
}

/** Removes a style's picture from the storage once the change that dropped it is committed. */
function forgetImage(db: Db, storage: Storage, imageKey: string | null): void {
  if (imageKey) afterCommit(db, () => void storage.delete('public', imageKey).catch(() => undefined));
}

/** Sets a style's picture; the old one is removed once the change is committed. */
export async function replaceStyleImage(db: Db, storage: Storage, styleId: number, imageKey: string) {
  const current = await lockNamed(db, 'style', styleId);
  await db.update(styles).set({ imageKey }).where(eq(styles.id, styleId));
  forgetImage(db, storage, current.imageKey);
  forgetShopCaches(db);
}

/**
 * Deletes a style: products keep everything else and simply lose this style. Throws a 409
 * (`style.offered`) while a work a seller offered names it: the offer keeps what the seller chose.
 */
export async function deleteStyle(db: Db, storage: Storage, styleId: number): Promise<void> {
  await deleteNamed(db, 'style', styleId, {
    deleted: (current) => forgetImage(db, storage, current.imageKey),
  });
}
