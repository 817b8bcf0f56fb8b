import { DEFAULT_LOCALE } from '@promptmarket/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type PictureHashes, pictureHashes } from '../../lib/image-hash';
import type { Storage } from '../../lib/storage';
import { originalKey, previewUrls } from './catalogue.media';
import { productImageHashes } from './catalogue.tables';

/**
 * The perceptual hashes of the products' originals (decision 0028), which offers are checked
 * against. A hash belongs to the picture it was made from (`image_key`): a product whose picture
 * changed counts as unhashed until `hashProductPictures` has read the new one.
 */

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Keeps the hash of a product's picture (replacing an older one). */
export async function storeProductHash(db: Db, productId: number, imageKey: string, hash: bigint) {
  await db
    .insert(productImageHashes)
    .values({ productId, imageKey, hash })
    .onConflictDoUpdate({ target: productImageHashes.productId, set: { imageKey, hash } });
}

/**
 * Hashes up to `limit` products whose picture has no hash yet (added before hashes were kept, or
 * by the editor, or given a new picture), oldest first; returns how many it hashed. A product
 * whose original cannot be read is left out and tried again next time.
 */
export async function hashProductPictures(db: Db, storage: Storage, limit = 100): Promise<number> {
  const missing = await rowsOf<{ id: number; image_key: string }>(
    db,
    sql`select p.id, p.image_key from products p
      left join product_image_hashes h on h.product_id = p.id and h.image_key = p.image_key
      where h.product_id is null order by p.id limit ${limit}`,
  );
  // Products sharing a picture (the large demo catalogue reuses 120) are read once.
  const byKey = new Map<string, bigint | null>();
  let hashed = 0;
  for (const product of missing) {
    if (!byKey.has(product.image_key)) {
      const original = await storage.get('private', originalKey(product.image_key));
      byKey.set(
        product.image_key,
        original
          ? await pictureHashes(original).then(
              ({ hash }) => hash,
              () => null,
            )
          : null,
      );
    }
    const hash = byKey.get(product.image_key);
    if (hash === null || hash === undefined) continue;
    await storeProductHash(db, product.id, product.image_key, hash);
    hashed += 1;
  }
  return hashed;
}

/** A product on sale whose picture has exactly this hash, or null. Read through the hash index. */
export async function productOnSaleWithHash(db: Db, hash: bigint): Promise<{ id: number } | null> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`select p.id from product_image_hashes h
      join products p on p.id = h.product_id and p.image_key = h.image_key
      where h.hash = ${hash.toString()}::bigint and p.is_active
      order by p.id limit 1`,
  );
  return row ?? null;
}

export type SimilarProduct = {
  id: number;
  title: string;
  previewUrl: string;
  distance: number;
  active: boolean;
};

/**
 * The products whose picture lies within `maxDistance` bits of a picture, as it is or mirrored,
 * nearest first, at most `limit`; titles in `locale` (English where missing). Every hash is
 * compared (a scan of the narrow hash table: about 10 ms for 100,000 products, docs/performance.md).
 */
export async function productsNearPicture(
  db: Db,
  picture: PictureHashes,
  options: { maxDistance: number; limit: number; locale: string; exceptProductId?: number | null },
): Promise<SimilarProduct[]> {
  const rows = await rowsOf<{
    id: number;
    distance: number;
    image_key: string;
    is_active: boolean;
    title: string | null;
  }>(
    db,
    sql`select n.product_id as id, n.distance, p.image_key, p.is_active,
        coalesce(tl.title, te.title) as title
      from (
        select product_id, image_key,
          least(bit_count((hash # ${picture.hash.toString()}::bigint)::bit(64)),
                bit_count((hash # ${picture.mirrored.toString()}::bigint)::bit(64)))::int as distance
        from product_image_hashes
      ) n
      join products p on p.id = n.product_id and p.image_key = n.image_key
      left join product_translations tl on tl.product_id = p.id and tl.locale = ${options.locale}
      left join product_translations te on te.product_id = p.id and te.locale = ${DEFAULT_LOCALE}
      where n.distance <= ${options.maxDistance}
        and p.id <> ${options.exceptProductId ?? -1}
      order by n.distance, n.product_id
      limit ${options.limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title ?? '',
    previewUrl: previewUrls(row.image_key).webp['320'] ?? '',
    distance: row.distance,
    active: row.is_active,
  }));
}
