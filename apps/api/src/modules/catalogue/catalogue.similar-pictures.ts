import { DEFAULT_LOCALE, type ProductSummary } from '@promptmarket/contracts';
import type { SimilarPicturesQuery } from '@promptmarket/contracts/similar-pictures';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../errors';
import { bitCount, type HashIndex, hashIndex } from './catalogue.hashes';
import { type ListIndex, slotOfId } from './catalogue.index';
import { currentListIndex } from './catalogue.index-cache';
import { packedText } from './catalogue.packed-texts';
import { ownedOf, type SummaryRow, summarySelect, toSummary, type Viewer } from './catalogue.summaries';
import { tileFromParts } from './catalogue.tile-cache';

/*
 * "More like this picture": the products on sale, in any category, whose pictures look most like a
 * product's, by the perceptual hashes the offers are checked with (decision 0028). Every distinct
 * hash of a product on sale is compared in memory (`hashIndex`, two 32-bit halves each, grouped by
 * picture), nearest first by the number of bits that differ: about half a millisecond for 100,000
 * pictures. The hash is of the picture in grey: colour plays no part, and a mirrored copy is not
 * found as one.
 */

/** The hashes a search reads: the product of each slot, its hash's two halves, and whether it counts. */
export type PictureHashes = Pick<HashIndex, 'ids' | 'high' | 'low' | 'onSale'>;

/**
 * The distinct pictures (hashes) of the products on sale, each with its products: products sharing a
 * picture (the demo catalogue reuses 120 for 100,000 products) are compared once, and shown once.
 * Made once for each reading of the hashes.
 */
export type Pictures = {
  /** The picture of each slot of the hashes; -1 for a slot not on sale. */
  pictureOf: Int32Array;
  /** Each picture's hash, as two halves. */
  high: Int32Array;
  low: Int32Array;
  /** The slots on sale of picture `p`: `slots[starts[p]]` up to `slots[starts[p + 1]]`. */
  starts: Int32Array;
  slots: Int32Array;
};

const picturesOfHashes = new WeakMap<PictureHashes, Pictures>();

export function picturesOf(hashes: PictureHashes): Pictures {
  const cached = picturesOfHashes.get(hashes);
  if (cached) return cached;
  const count = hashes.ids.length;
  const pictureOf = new Int32Array(count).fill(-1);
  // High half -> low half -> picture.
  const numbers = new Map<number, Map<number, number>>();
  const highs: number[] = [];
  const lows: number[] = [];
  const sizes: number[] = [];
  for (let slot = 0; slot < count; slot += 1) {
    if (hashes.onSale[slot] === 0) continue;
    const high = hashes.high[slot] as number;
    const low = hashes.low[slot] as number;
    let byLow = numbers.get(high);
    if (!byLow) {
      byLow = new Map();
      numbers.set(high, byLow);
    }
    let picture = byLow.get(low);
    if (picture === undefined) {
      picture = highs.length;
      byLow.set(low, picture);
      highs.push(high);
      lows.push(low);
      sizes.push(0);
    }
    pictureOf[slot] = picture;
    sizes[picture] = (sizes[picture] as number) + 1;
  }
  const starts = new Int32Array(highs.length + 1);
  for (let picture = 0; picture < highs.length; picture += 1) {
    starts[picture + 1] = (starts[picture] as number) + (sizes[picture] as number);
  }
  const filled = starts.slice(0, highs.length);
  const slots = new Int32Array(starts[highs.length] as number);
  for (let slot = 0; slot < count; slot += 1) {
    const picture = pictureOf[slot] as number;
    if (picture === -1) continue;
    slots[filled[picture] as number] = slot;
    filled[picture] = (filled[picture] as number) + 1;
  }
  const pictures = { pictureOf, high: Int32Array.from(highs), low: Int32Array.from(lows), starts, slots };
  picturesOfHashes.set(hashes, pictures);
  return pictures;
}

/** A picture near the source's, and its distance in bits (1 to 64). */
export type NearPicture = { picture: number; distance: number };

/** One distance per picture, kept between searches: a search makes no array as long as the catalogue. */
let distances = new Uint8Array(0);

/**
 * The pictures on sale nearest to picture `source`, in no order: at least `wanted` (when there are
 * as many), every one at each distance up to the one where that many were found (a whole distance
 * at once, so that `rankNearPictures` breaks the ties among them). The source's own picture is left
 * out: exact copies of it lie at distance 0.
 */
export function picturesNear(pictures: Pictures, source: number, wanted: number): NearPicture[] {
  const count = pictures.high.length;
  if (distances.length < count) distances = new Uint8Array(Math.max(count, distances.length * 2));
  const high = pictures.high[source] as number;
  const low = pictures.low[source] as number;
  const perDistance = new Int32Array(65);
  for (let picture = 0; picture < count; picture += 1) {
    const distance =
      bitCount((pictures.high[picture] as number) ^ high) + bitCount((pictures.low[picture] as number) ^ low);
    distances[picture] = distance;
    perDistance[distance] = (perDistance[distance] as number) + 1;
  }
  // The first distance at which `wanted` pictures are found.
  let upTo = 1;
  let found = perDistance[1] as number;
  while (upTo < 64 && found < wanted) {
    upTo += 1;
    found += perDistance[upTo] as number;
  }
  const near: NearPicture[] = [];
  for (let picture = 0; picture < count; picture += 1) {
    const distance = distances[picture] as number;
    if (distance >= 1 && distance <= upTo) near.push({ picture, distance });
  }
  return near;
}

/** The products on sale of these pictures: whose likes `rankNearPictures` reads. */
export function productsOf(hashes: PictureHashes, pictures: Pictures, near: NearPicture[]): number[] {
  return near.flatMap(({ picture }) =>
    Array.from(
      pictures.slots.subarray(pictures.starts[picture], pictures.starts[picture + 1]),
      (slot) => hashes.ids[slot] as number,
    ),
  );
}

/** A product shown for a picture: its id, its likes and its picture's distance. */
export type ShownPicture = { id: number; likes: number; distance: number };

/**
 * The products' likes, and when they are the list index's, the product each picture is shown by
 * (`rankNearPictures`) for as long as that reading of the likes is current: 0 for a picture not
 * ranked yet.
 */
export type Likes = { of: (id: number) => number; shownBy?: Int32Array };

/**
 * The nearest `limit` of `near`, each shown by its most liked product (then the lowest id), nearest
 * first, then the most liked, then the lowest id.
 */
export function rankNearPictures(
  hashes: PictureHashes,
  pictures: Pictures,
  near: NearPicture[],
  likes: Likes,
  limit: number,
): ShownPicture[] {
  const { shownBy } = likes;
  const shown = near.map(({ picture, distance }) => {
    const known = shownBy?.[picture] ?? 0;
    if (known !== 0) return { id: known, likes: likes.of(known), distance };
    let best = { id: Number.MAX_SAFE_INTEGER, likes: -1, distance };
    for (
      let at = pictures.starts[picture] as number;
      at < (pictures.starts[picture + 1] as number);
      at += 1
    ) {
      const id = hashes.ids[pictures.slots[at] as number] as number;
      const count = likes.of(id);
      if (count > best.likes || (count === best.likes && id < best.id)) best = { id, likes: count, distance };
    }
    if (shownBy) shownBy[picture] = best.id;
    return best;
  });
  return shown.sort((a, b) => a.distance - b.distance || b.likes - a.likes || a.id - b.id).slice(0, limit);
}

/** The product each picture is shown by, for a reading of the list index's likes and of the hashes. */
const shownByReading = new WeakMap<Int32Array, WeakMap<Pictures, Int32Array>>();

/**
 * The products' likes: from the list index while it is current (at most a minute old, as the
 * tiles' counts are), otherwise those of the `products`, from the database.
 */
async function likesOf(
  db: Db,
  index: ListIndex | null,
  pictures: Pictures,
  products: () => number[],
): Promise<Likes> {
  if (index) {
    let byPictures = shownByReading.get(index.likes);
    if (!byPictures) {
      byPictures = new WeakMap();
      shownByReading.set(index.likes, byPictures);
    }
    let shownBy = byPictures.get(pictures);
    if (!shownBy) {
      shownBy = new Int32Array(pictures.high.length);
      byPictures.set(pictures, shownBy);
    }
    return {
      of: (id) => {
        const slot = slotOfId(index, id);
        return slot === -1 ? 0 : (index.likes[slot] as number);
      },
      shownBy,
    };
  }
  const ids = products();
  const rows =
    ids.length === 0
      ? []
      : await rowsOf<{ id: number; likes_count: number }>(
          db,
          sql`select id, likes_count from products where id = any(${`{${ids.join(',')}}`}::int[])`,
        );
  const likes = new Map(rows.map((row) => [row.id, Number(row.likes_count)]));
  return { of: (id) => likes.get(id) ?? 0 };
}

/**
 * How many products beyond the limit are ranked and read: a product given the same picture (key) as
 * the source is a copy of it even where its hash differs, and is only told apart as the tiles are read.
 */
const SPARE_PICTURES = 8;

/**
 * The key of the product's picture while it is on sale, or null: from the list index while it is
 * current, otherwise from the database.
 */
async function pictureKeyOnSale(db: Db, index: ListIndex | null, productId: number): Promise<string | null> {
  if (index) {
    const slot = slotOfId(index, productId);
    if (slot === -1) return null;
    const key = packedText(index.parts.imageKeys, slot);
    if (key !== null) return key;
  }
  const [product] = await rowsOf<{ image_key: string }>(
    db,
    sql`select image_key from products where id = ${productId} and is_active`,
  );
  return product?.image_key ?? null;
}

/**
 * A visitor's English tiles of these products from the list index's parts, as the lists make them,
 * without the products off sale or given the picture `sourceKey`; null when a part is missing.
 */
function tilesFromParts(
  index: ListIndex,
  ids: number[],
  sourceKey: string,
  rateEur: number,
): ProductSummary[] | null {
  const tiles: ProductSummary[] = [];
  for (const id of ids) {
    const slot = slotOfId(index, id);
    if (slot === -1) continue;
    const key = packedText(index.parts.imageKeys, slot);
    if (key === null) return null;
    if (key === sourceKey) continue;
    const tile = tileFromParts(index, id, rateEur);
    if (tile === null) return null;
    tiles.push(tile);
  }
  return tiles;
}

/**
 * Up to `limit` products on sale whose pictures look most like the product's, as tiles for the
 * viewer. Throws NOT_FOUND for a product that is not on sale; a product whose picture has no hash
 * yet (hashed in the background, decision 0028) has none. While the list index is current, a
 * visitor's English answer is made from it with no read but the hashes' version, as a list's is.
 */
export async function similarPictures(
  db: Db,
  productId: number,
  { limit }: SimilarPicturesQuery,
  viewer: Viewer,
): Promise<ProductSummary[]> {
  const [hashes, index] = await Promise.all([hashIndex(db), currentListIndex(db)]);
  const sourceKey = await pictureKeyOnSale(db, index, productId);
  if (sourceKey === null) throw AppError.notFound();
  const slot = hashes.ids.indexOf(productId);
  if (slot === -1 || hashes.onSale[slot] === 0) return [];
  const pictures = picturesOf(hashes);
  // A few more than asked: the tiles' read leaves out products given the source's very picture.
  const wanted = limit + SPARE_PICTURES;
  const near = picturesNear(pictures, pictures.pictureOf[slot] as number, wanted);
  const likes = await likesOf(db, index, pictures, () => productsOf(hashes, pictures, near));
  const ids = rankNearPictures(hashes, pictures, near, likes, wanted).map((item) => item.id);
  if (ids.length === 0) return [];
  if (index && !viewer.userId && viewer.locale === DEFAULT_LOCALE) {
    const tiles = tilesFromParts(index, ids, sourceKey, viewer.rateEur);
    if (tiles) return tiles.slice(0, limit);
  }
  const rows = await rowsOf<SummaryRow>(
    db,
    sql`${summarySelect(viewer)} where p.id in ${ids} and p.is_active and p.image_key <> ${sourceKey}`,
  );
  const read = new Map(rows.map((row) => [row.id, row]));
  const shown = ids.flatMap((id) => read.get(id) ?? []).slice(0, limit);
  const owned = await ownedOf(
    viewer,
    shown.map((row) => row.id),
  );
  return shown.map((row) => toSummary(row, viewer, owned));
}
