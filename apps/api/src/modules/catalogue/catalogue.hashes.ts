import { DEFAULT_LOCALE } from '@promptmarket/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type PictureHashes, pictureHashes } from '../../lib/image-hash';
import { forgetPublicAnswers } from '../../lib/public-answers';
import type { Storage } from '../../lib/storage';
import { databaseOf } from '../../lib/transactions';
import { originalKey, previewUrls } from './catalogue.media';
import { catalogueVersion, productImageHashes } from './catalogue.tables';

/**
 * The perceptual hashes of the products' originals (decision 0028), which offers are checked
 * against. A hash belongs to the picture it was made from (`image_key`): a product whose picture
 * changed counts as unhashed until `hashProductPictures` has read the new one.
 */

/** Keeps the hash of a product's picture (replacing an older one). */
export async function storeProductHash(db: Db, productId: number, imageKey: string, hash: bigint) {
  await db
    .insert(productImageHashes)
    .values({ productId, imageKey, hash })
    .onConflictDoUpdate({ target: productImageHashes.productId, set: { imageKey, hash } });
}

/**
 * When a look for products without a hash last found none, by database: the catalogue version
 * then, and the time. Finding them compares every product with its hash, work for the database
 * that grows with the catalogue, so it is not done again while the catalogue version stays (a
 * product added or given a new picture moves it), except once every `SETTLED_LOOK_MS` for hashes
 * removed by hand.
 */
const settledAt = new WeakMap<object, { version: number; at: number }>();
export const SETTLED_LOOK_MS = 60 * 60_000;

async function catalogueNumber(db: Db): Promise<number> {
  const [row] = await db.select({ version: catalogueVersion.version }).from(catalogueVersion);
  return row?.version ?? 0;
}

/**
 * Hashes up to `limit` products whose picture has no hash yet (added before hashes were stored, or
 * by the editor, or given a new picture), oldest first; returns how many it hashed. A product
 * whose original cannot be read is left out and tried again next time.
 */
export async function hashProductPictures(db: Db, storage: Storage, limit = 100): Promise<number> {
  const database = databaseOf(db);
  const version = await catalogueNumber(db);
  const settled = settledAt.get(database);
  if (settled?.version === version && Date.now() - settled.at < SETTLED_LOOK_MS) return 0;
  const missing = await rowsOf<{ id: number; image_key: string }>(
    db,
    sql`select p.id, p.image_key from products p
      left join product_image_hashes h on h.product_id = p.id and h.image_key = p.image_key
      where h.product_id is null order by p.id limit ${limit}`,
  );
  if (missing.length === 0) settledAt.set(database, { version, at: Date.now() });
  else settledAt.delete(database);
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
  // Tells every process's cached hashes (`hashIndex`) to read them again. The catalogue's own version
  // stays: hashes change no list, and moving it would read every list index and tile again at each
  // batch of a backfill. They do change what "more like this picture" answers, and the product
  // pages that show it: the guests' cached answers and pages, kept for seconds, are forgotten in
  // every process once the batch commits.
  if (hashed > 0) {
    await db.update(catalogueVersion).set({ picturesVersion: sql`${catalogueVersion.picturesVersion} + 1` });
    forgetPublicAnswers(db);
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
 * Every product's hash, in memory, split into two signed 32-bit halves: twelve bytes a product
 * with its id, compared here far more quickly than by one `bit_count` over the same rows in
 * PostgreSQL (decision 0028). Cached per database and read again when the
 * catalogue's version (decision 0023) has moved on (adding, removing, re-picturing a product or
 * taking it off sale moves it), or its pictures' version (storing a batch of hashes moves that one
 * alone). `onSale` is 1 for a product on sale whose hash is of its current picture, 0 otherwise.
 */
export type HashIndex = {
  version: string;
  ids: Int32Array;
  high: Int32Array;
  low: Int32Array;
  onSale: Uint8Array;
};
const hashIndexes = new WeakMap<Db, HashIndex>();
/** A reading of the hashes under way, by database: the lookups asked meanwhile wait for it. */
const hashReads = new WeakMap<Db, { version: string; index: Promise<HashIndex> }>();

async function catalogueVersionOf(db: Db): Promise<string> {
  const [row] = await rowsOf<{ version: string | number; pictures_version: string | number }>(
    db,
    sql`select version, pictures_version from catalogue_version`,
  );
  return `${row?.version ?? 0}:${row?.pictures_version ?? 0}`;
}

export async function hashIndex(db: Db): Promise<HashIndex> {
  // Read before the hashes: a change committed in between is loaded now and read again next time.
  const version = await catalogueVersionOf(db);
  const cached = hashIndexes.get(db);
  if (cached?.version === version) return cached;
  // Read once for all the lookups asked while it is read: every product's hash is a large read.
  const reading = hashReads.get(db);
  if (reading?.version === version) return reading.index;
  const index = readHashIndex(db, version).finally(() => {
    if (hashReads.get(db)?.index === index) hashReads.delete(db);
  });
  hashReads.set(db, { version, index });
  return index;
}

async function readHashIndex(db: Db, version: string): Promise<HashIndex> {
  const rows = await rowsOf<{ product_id: number; hash: string; on_sale: boolean }>(
    db,
    sql`select h.product_id, h.hash::text as hash, (p.is_active and p.image_key = h.image_key) as on_sale
      from product_image_hashes h join products p on p.id = h.product_id`,
  );
  const index: HashIndex = {
    version,
    ids: new Int32Array(rows.length),
    high: new Int32Array(rows.length),
    low: new Int32Array(rows.length),
    onSale: new Uint8Array(rows.length),
  };
  for (const [at, row] of rows.entries()) {
    const hash = BigInt(row.hash);
    index.ids[at] = row.product_id;
    index.high[at] = Number(BigInt.asIntN(32, hash >> 32n));
    index.low[at] = Number(BigInt.asIntN(32, hash));
    index.onSale[at] = row.on_sale ? 1 : 0;
  }
  hashIndexes.set(db, index);
  return index;
}

/** The number of bits set in a 32-bit integer. */
export function bitCount(value: number): number {
  let bits = value - ((value >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  bits = (bits + (bits >>> 4)) & 0x0f0f0f0f;
  return Math.imul(bits, 0x01010101) >>> 24;
}

/**
 * The products whose picture lies within `maxDistance` bits of a picture, as it is or mirrored,
 * nearest first, at most `limit`; titles in `locale` (English where missing). Every product's
 * hash is compared, in memory.
 */
export async function productsNearPicture(
  db: Db,
  picture: PictureHashes,
  options: { maxDistance: number; limit: number; locale: string; exceptProductId?: number | null },
): Promise<SimilarProduct[]> {
  const index = await hashIndex(db);
  const high = Number(BigInt.asIntN(32, picture.hash >> 32n));
  const low = Number(BigInt.asIntN(32, picture.hash));
  const mirroredHigh = Number(BigInt.asIntN(32, picture.mirrored >> 32n));
  const mirroredLow = Number(BigInt.asIntN(32, picture.mirrored));
  const found: { id: number; distance: number }[] = [];
  for (let at = 0; at < index.ids.length; at += 1) {
    const storedHigh = index.high[at] as number;
    const storedLow = index.low[at] as number;
    const distance = Math.min(
      bitCount(storedHigh ^ high) + bitCount(storedLow ^ low),
      bitCount(storedHigh ^ mirroredHigh) + bitCount(storedLow ^ mirroredLow),
    );
    const id = index.ids[at] as number;
    if (distance <= options.maxDistance && id !== options.exceptProductId) found.push({ id, distance });
  }
  found.sort((a, b) => a.distance - b.distance || a.id - b.id);
  const nearest = found.slice(0, options.limit);
  if (nearest.length === 0) return [];
  const distances = new Map(nearest.map((item) => [item.id, item.distance]));
  // The picture a hash was made from must still be the product's.
  const rows = await rowsOf<{ id: number; image_key: string; is_active: boolean; title: string | null }>(
    db,
    sql`select p.id, p.image_key, p.is_active, coalesce(tl.title, te.title) as title
      from products p
      join product_image_hashes h on h.product_id = p.id and h.image_key = p.image_key
      left join product_translations tl on tl.product_id = p.id and tl.locale = ${options.locale}
      left join product_translations te on te.product_id = p.id and te.locale = ${DEFAULT_LOCALE}
      where p.id in ${[...distances.keys()]}`,
  );
  return rows
    .map((row) => ({
      id: row.id,
      title: row.title ?? '',
      previewUrl: previewUrls(row.image_key).webp['320'] ?? '',
      distance: distances.get(row.id) ?? 0,
      active: row.is_active,
    }))
    .sort((a, b) => a.distance - b.distance || a.id - b.id);
}
