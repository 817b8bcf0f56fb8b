import type { ProductSummary } from '@promptmarket/contracts';
import type { SimilarPicturesQuery } from '@promptmarket/contracts/similar-pictures';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../errors';
import { bitCount, type HashIndex, hashIndex } from './catalogue.hashes';
import { slotOfId } from './catalogue.index';
import { currentListIndex } from './catalogue.index-cache';
import { ownedOf, type SummaryRow, summarySelect, toSummary, type Viewer } from './catalogue.summaries';

/*
 * "More like this picture": the products on sale, in any category, whose pictures look most like a
 * product's, by the perceptual hashes the offers are checked with (decision 0028). Every hash is
 * compared in memory (`hashIndex`, two 32-bit halves each), nearest first by the number of bits
 * that differ. The hash is of the picture in grey: colour plays no part.
 */

/** The hashes a search reads: the product of each slot, its hash's two halves, and whether it counts. */
export type PictureHashes = Pick<HashIndex, 'ids' | 'high' | 'low' | 'onSale'>;

/** A product near the picture: its slot in the hashes, its id and its distance in bits (1 to 64). */
export type NearPicture = { slot: number; id: number; distance: number };

/** Marks a slot left out of a search in `distances`: no distance is this large. */
const LEFT_OUT = 255;
/** One distance per slot, kept between searches: a search makes no array as long as the catalogue. */
let distances = new Uint8Array(0);

/** Which pictures were seen, by their hashes' two halves: products sharing a picture count once. */
class PictureSet {
  private readonly lows = new Map<number, Set<number>>();
  size = 0;

  constructor(private readonly hashes: PictureHashes) {}

  /** Adds the picture of `slot`; false when it was there already. */
  add(slot: number): boolean {
    const high = this.hashes.high[slot] as number;
    const low = this.hashes.low[slot] as number;
    let lows = this.lows.get(high);
    if (!lows) {
      lows = new Set();
      this.lows.set(high, lows);
    }
    if (lows.has(low)) return false;
    lows.add(low);
    this.size += 1;
    return true;
  }
}

/**
 * The products near the picture of slot `source`, in slot order, enough for `wanted` distinct
 * pictures: every product on sale at each distance up to the one where that many pictures were
 * found (a whole distance at once, so that `rankNearPictures` breaks the ties among them). Left out:
 * the source itself, products not on sale or whose hash is of an older picture (`onSale` 0), and
 * exact copies of the source's picture (distance 0).
 */
export function picturesNear(hashes: PictureHashes, source: number, wanted: number): NearPicture[] {
  const count = hashes.ids.length;
  if (distances.length < count) distances = new Uint8Array(Math.max(count, distances.length * 2));
  const high = hashes.high[source] as number;
  const low = hashes.low[source] as number;
  const perDistance = new Int32Array(65);
  for (let slot = 0; slot < count; slot += 1) {
    if (hashes.onSale[slot] === 0 || slot === source) {
      distances[slot] = LEFT_OUT;
      continue;
    }
    const distance =
      bitCount((hashes.high[slot] as number) ^ high) + bitCount((hashes.low[slot] as number) ^ low);
    distances[slot] = distance;
    perDistance[distance] = (perDistance[distance] as number) + 1;
  }
  // The first distance at which `wanted` products are found: as many pictures need at least as far.
  let upTo = 1;
  let found = 0;
  while (upTo < 64 && found + (perDistance[upTo] as number) < wanted) {
    found += perDistance[upTo] as number;
    upTo += 1;
  }
  const near: NearPicture[] = [];
  const pictures = new PictureSet(hashes);
  const gather = (from: number, to: number) => {
    for (let slot = 0; slot < count; slot += 1) {
      const distance = distances[slot] as number;
      if (distance < from || distance > to) continue;
      near.push({ slot, id: hashes.ids[slot] as number, distance });
      pictures.add(slot);
    }
  };
  gather(1, upTo);
  // Products sharing a picture count once: further distances are read until enough pictures are found.
  for (let next = upTo + 1; pictures.size < wanted && next <= 64; next += 1) {
    if ((perDistance[next] as number) > 0) gather(next, next);
  }
  return near;
}

/**
 * The nearest `limit` of `near`, nearest first, then the most liked, then the lowest id; each
 * picture once (the first of the products that share it in that order).
 */
export function rankNearPictures(
  hashes: PictureHashes,
  near: NearPicture[],
  likesOf: (id: number) => number,
  limit: number,
): NearPicture[] {
  const likes = new Map(near.map((item) => [item.id, likesOf(item.id)]));
  const ranked = near.toSorted(
    (a, b) =>
      a.distance - b.distance || (likes.get(b.id) as number) - (likes.get(a.id) as number) || a.id - b.id,
  );
  const shown: NearPicture[] = [];
  const pictures = new PictureSet(hashes);
  for (const item of ranked) {
    if (shown.length === limit) break;
    if (pictures.add(item.slot)) shown.push(item);
  }
  return shown;
}

/**
 * The likes of these products: from the list index while it is current (at most a minute old,
 * as the tiles' counts are), otherwise from the database.
 */
async function likesOf(db: Db, ids: number[]): Promise<(id: number) => number> {
  const index = await currentListIndex(db);
  if (index) {
    return (id) => {
      const slot = slotOfId(index, id);
      return slot === -1 ? 0 : (index.likes[slot] as number);
    };
  }
  if (ids.length === 0) return () => 0;
  const rows = await rowsOf<{ id: number; likes_count: number }>(
    db,
    sql`select id, likes_count from products where id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  const likes = new Map(rows.map((row) => [row.id, Number(row.likes_count)]));
  return (id) => likes.get(id) ?? 0;
}

/**
 * How many products beyond the limit are ranked and read: a product given the same picture (key) as
 * the source is a copy of it even where its hash differs, and is only told apart as the tiles are read.
 */
const SPARE_PICTURES = 8;

/**
 * Up to `limit` products on sale whose pictures look most like the product's, as tiles for the
 * viewer. Throws NOT_FOUND for a product that is not on sale; a product whose picture has no hash
 * yet (hashed in the background, decision 0028) has none.
 */
export async function similarPictures(
  db: Db,
  productId: number,
  { limit }: SimilarPicturesQuery,
  viewer: Viewer,
): Promise<ProductSummary[]> {
  const [[product], hashes] = await Promise.all([
    rowsOf<{ image_key: string }>(
      db,
      sql`select image_key from products where id = ${productId} and is_active`,
    ),
    hashIndex(db),
  ]);
  if (!product) throw AppError.notFound();
  const source = hashes.ids.indexOf(productId);
  if (source === -1 || hashes.onSale[source] === 0) return [];
  // A few more than asked: the tiles' read leaves out products given the source's very picture.
  const wanted = limit + SPARE_PICTURES;
  const near = picturesNear(hashes, source, wanted);
  const likes = await likesOf(
    db,
    near.map((item) => item.id),
  );
  const ids = rankNearPictures(hashes, near, likes, wanted).map((item) => item.id);
  if (ids.length === 0) return [];
  const rows = await rowsOf<SummaryRow>(
    db,
    sql`${summarySelect(viewer)} where p.id in ${ids} and p.is_active and p.image_key <> ${product.image_key}`,
  );
  const read = new Map(rows.map((row) => [row.id, row]));
  const shown = ids.flatMap((id) => read.get(id) ?? []).slice(0, limit);
  const owned = await ownedOf(
    viewer,
    shown.map((row) => row.id),
  );
  return shown.map((row) => toSummary(row, viewer, owned));
}
