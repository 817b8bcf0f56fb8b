import {
  minorUnitsToNumber,
  type ProductSummary,
  productListResponse,
  productSummary,
} from '@promptmarket/contracts';
import { SerializedAnswer } from '../../lib/public-answers';
import { type ListIndex, slotOfId } from './catalogue.index';
import { INDEX_REFRESH_MS } from './catalogue.index-cache';
import { previewUrls, previewUrlsJson, webpPreviewUrl } from './catalogue.media';
import { packedJson, packedText } from './catalogue.packed-texts';
import { internalAmount, ratingAverage } from './catalogue.summaries';

/*
 * Visitors' tiles cached with the list index: as objects with their checked JSON, and (English
 * ones) made from the index's parts and cached as UTF-8 bytes, so that a list is joined from them.
 */

/** The most tiles cached with one index; the first cached go first. */
export const TILES_CACHED = 50_000;

/** Each cached tile's JSON, checked against the tile's schema once, when it was cached. */
const tileJson = new WeakMap<ProductSummary, string>();

export function cacheTile(index: ListIndex, key: string, tile: ProductSummary): void {
  tileJson.set(tile, JSON.stringify(productSummary.parse(tile)));
  index.tiles.set(key, { tile, cachedAt: Date.now() });
  if (index.tiles.size > TILES_CACHED) index.tiles.delete(index.tiles.keys().next().value as string);
}

/** A cached tile no older than `INDEX_REFRESH_MS`. */
export function cachedTile(index: ListIndex, key: string): ProductSummary | undefined {
  const entry = index.tiles.get(key);
  return entry && Date.now() - entry.cachedAt <= INDEX_REFRESH_MS ? entry.tile : undefined;
}

/**
 * Caches a tile's JSON made without the schema's check, for tiles made from the cached parts, whose
 * fields are made from values of the schema's types and joined in the schema's order (a test
 * compares the bytes with the schema's serialization).
 */
export function tileWithJson(tile: ProductSummary, json: string): ProductSummary {
  tileJson.set(tile, json);
  return tile;
}

export type ListMeta = {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  /** A search that found nothing as typed: the words it looked for instead. */
  suggestion?: string;
};

/** A list's JSON from its tiles' JSON and its meta, as its route's schema makes it. */
export function listJson(tiles: string[], meta: unknown): string {
  return `{"data":[${tiles.join(',')}],"meta":${listMetaJson(meta)}}`;
}

/** A list's meta as its route's schema serializes it. */
export function listMetaJson(meta: unknown): string {
  return JSON.stringify(productListResponse.shape.meta.parse(meta));
}

/**
 * A list's JSON as its route's schema makes it, when every tile of it is cached; null otherwise.
 * Its tiles were checked and serialized when they were cached, so a list is not made to do it again.
 */
export function cachedListJson(list: { data: ProductSummary[]; meta: unknown }): string | null {
  const parts: string[] = [];
  for (const tile of list.data) {
    const json = tileJson.get(tile);
    if (json === undefined) return null;
    parts.push(json);
  }
  return listJson(parts, list.meta);
}

/** What an English tile shows from the cached parts, for a slot; null when a part is missing. */
type TileSlot = { slot: number; slug: string; title: string; imageKey: string; category: TileCategory };
type TileCategory = { slug: string; title: string; json: string };

function tileSlotOf(index: ListIndex, id: number): TileSlot | null {
  const slot = slotOfId(index, id);
  if (slot === -1) return null;
  const { parts } = index;
  const title = packedText(parts.titles, slot);
  const slug = packedText(parts.slugs, slot);
  const imageKey = packedText(parts.imageKeys, slot);
  const category = parts.categories.get(index.category[slot] as number);
  if (title === null || slug === null || imageKey === null || category === undefined) return null;
  return { slot, slug, title, imageKey, category };
}

/**
 * A tile's JSON from the cached parts, as the route's schema serializes the tile `tileFromParts`
 * makes (a test compares the bytes): its fields joined in the schema's order, its slug's, title's
 * and category's JSON as cached, its pictures' addresses joined from texts made once.
 * Not `JSON.stringify` of the tile: it walks the object and escapes every text again for every list.
 */
function partsTileJson(index: ListIndex, id: number, found: TileSlot, rateEur: number): string {
  const { parts } = index;
  const { slot, imageKey } = found;
  const cents = index.price[slot] as number;
  const text = JSON.stringify;
  return `{"id":${id},"slug":${packedJson(parts.slugs, slot)},"title":${packedJson(parts.titles, slot)},"price":${internalAmount(cents, rateEur)},"price_eur":${minorUnitsToNumber(cents)},"thumb_url":${text(webpPreviewUrl(imageKey, '320'))},"image_url":${text(webpPreviewUrl(imageKey, '640'))},"images":${previewUrlsJson(imageKey)},"likes_count":${index.likes[slot] as number},"liked":false,"owned":false,"category":${found.category.json},"rating_average":${ratingAverage(index.ratingSum[slot] as number, index.ratingCount[slot] as number)},"rating_count":${index.ratingCount[slot] as number}}`;
}

/**
 * A visitor's English tile from the cached index and parts (`TileParts`), as `toSummary` makes it from
 * the tile query, cached with its JSON; null when the product is not in the index or a part is missing (it
 * is read instead).
 */
export function tileFromParts(index: ListIndex, id: number, rateEur: number): ProductSummary | null {
  const found = tileSlotOf(index, id);
  if (found === null) return null;
  const { slot, category } = found;
  const cents = index.price[slot] as number;
  const images = previewUrls(found.imageKey);
  const tile: ProductSummary = {
    id,
    slug: found.slug,
    title: found.title,
    price: internalAmount(cents, rateEur),
    price_eur: minorUnitsToNumber(cents),
    thumb_url: images.webp['320'] ?? '',
    image_url: images.webp['640'] ?? '',
    images,
    likes_count: index.likes[slot] as number,
    liked: false,
    owned: false,
    category: { id: index.category[slot] as number, slug: category.slug, title: category.title },
    rating_average: ratingAverage(index.ratingSum[slot] as number, index.ratingCount[slot] as number),
    rating_count: index.ratingCount[slot] as number,
  };
  return tileWithJson(tile, partsTileJson(index, id, found, rateEur));
}

/**
 * Visitors' English tiles' JSON as UTF-8, for one reading of the keys at one rate: a list is
 * joined from them rather than having each tile's JSON made and encoded again, a large part of
 * the work of a list nobody asked for before. Cached for the reading they were made
 * from, whose likes and parts they show, written one after another into one buffer that grows up to
 * `TILE_BYTES_LIMIT` bytes (enough for every tile of the catalogue the bench seeds); a tile that
 * would not fit starts it over. Not a buffer of their own each: each would keep alive the shared
 * 8 KB block of Node's buffer pool it was cut from.
 */
export const TILE_BYTES_LIMIT = 64 * 1024 * 1024;
const FIRST_TILE_BYTES = 1024 * 1024;

export type TileBytesCache = {
  rateEur: number;
  bytes: Buffer;
  used: number;
  /** Where each slot's tile starts in `bytes`, and its length: 0 for a tile not written yet. */
  starts: Int32Array;
  lengths: Int32Array;
};
const tileBytes = new WeakMap<ListIndex, TileBytesCache>();

function tileBytesOf(index: ListIndex, rateEur: number): TileBytesCache {
  let cache = tileBytes.get(index);
  if (cache === undefined || cache.rateEur !== rateEur) {
    const slots = index.ids.length;
    cache = {
      rateEur,
      bytes: Buffer.allocUnsafe(FIRST_TILE_BYTES),
      used: 0,
      starts: new Int32Array(slots),
      lengths: new Int32Array(slots),
    };
    tileBytes.set(index, cache);
  }
  return cache;
}

/** Writes a slot's tile JSON into the cache's bytes (made room for, or started over past `limit` bytes). */
export function writeTileBytes(
  cache: TileBytesCache,
  slot: number,
  json: string,
  limit = TILE_BYTES_LIMIT,
): void {
  // A UTF-16 code unit takes at most three bytes in UTF-8.
  const room = json.length * 3;
  if (cache.used + room > limit) {
    cache.used = 0;
    cache.lengths.fill(0);
  }
  // Grown after starting over too, so that a tile never finds less room than it may take.
  if (cache.used + room > cache.bytes.length) {
    const grown = Buffer.allocUnsafe(Math.min(limit, Math.max(cache.bytes.length * 2, cache.used + room)));
    cache.bytes.copy(grown, 0, 0, cache.used);
    cache.bytes = grown;
  }
  const length = cache.bytes.write(json, cache.used, 'utf8');
  cache.starts[slot] = cache.used;
  cache.lengths[slot] = length;
  cache.used += length;
}

const LIST_START = Buffer.from('{"data":[');
const COMMA = 44;

/**
 * The JSON of a visitor's English page of tiles, when every tile is made from the cached parts:
 * for the route, which sends only the JSON, so no tile object is made. Null when a part is missing.
 */
export function listJsonFromParts(
  index: ListIndex,
  ids: number[],
  rateEur: number,
  meta: ListMeta,
): SerializedAnswer | null {
  const cache = tileBytesOf(index, rateEur);
  const slots: number[] = [];
  for (const id of ids) {
    const slot = slotOfId(index, id);
    if (slot === -1) return null;
    if (cache.lengths[slot] === 0) {
      const found = tileSlotOf(index, id);
      if (found === null) return null;
      writeTileBytes(cache, slot, partsTileJson(index, id, found, rateEur));
    }
    slots.push(slot);
  }
  // Written again only when the cache's bytes started over meanwhile.
  if (slots.some((slot) => cache.lengths[slot] === 0)) return listJsonFromParts(index, ids, rateEur, meta);
  const end = Buffer.from(`],"meta":${listMetaJson(meta)}}`, 'utf8');
  let size = LIST_START.length + end.length + Math.max(0, slots.length - 1);
  for (const slot of slots) size += cache.lengths[slot] as number;
  const body = Buffer.allocUnsafe(size);
  let at = LIST_START.copy(body, 0);
  slots.forEach((slot, place) => {
    if (place > 0) body[at++] = COMMA;
    const start = cache.starts[slot] as number;
    at += cache.bytes.copy(body, at, start, start + (cache.lengths[slot] as number));
  });
  end.copy(body, at);
  return new SerializedAnswer(body);
}
