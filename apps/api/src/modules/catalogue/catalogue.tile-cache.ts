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
import { internalAmount } from './catalogue.summaries';

/** The most tiles held; the first held go first. */
export const TILES_HELD = 50_000;

/** Each cached tile's JSON, checked against the tile's schema once, when it was cached. */
const tileJson = new WeakMap<ProductSummary, string>();

export function holdTile(index: ListIndex, key: string, tile: ProductSummary): void {
  tileJson.set(tile, JSON.stringify(productSummary.parse(tile)));
  index.tiles.set(key, { tile, heldAt: Date.now() });
  if (index.tiles.size > TILES_HELD) index.tiles.delete(index.tiles.keys().next().value as string);
}

/** A held tile no older than `INDEX_REFRESH_MS`. */
export function heldTile(index: ListIndex, key: string): ProductSummary | undefined {
  const held = index.tiles.get(key);
  return held && Date.now() - held.heldAt <= INDEX_REFRESH_MS ? held.tile : undefined;
}

/**
 * Holds a tile's JSON made without the schema's check, for tiles made from the held parts, whose
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
 * A list's JSON as its route's schema makes it, when every tile of it is held; null otherwise.
 * Checking and serializing a page of tiles again for every list took a sixth of its time.
 */
export function heldListJson(list: { data: ProductSummary[]; meta: unknown }): string | null {
  const parts: string[] = [];
  for (const tile of list.data) {
    const json = tileJson.get(tile);
    if (json === undefined) return null;
    parts.push(json);
  }
  return listJson(parts, list.meta);
}

/** What an English tile shows from the held parts, for a slot; null when a part is missing. */
type TileSlot = { slot: number; slug: string; title: string; imageKey: string; category: HeldCategory };
type HeldCategory = { slug: string; title: string; json: string };

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
 * A tile's JSON from the held parts, as the route's schema serializes the tile `heldPartsTile`
 * makes (a test compares the bytes): its fields joined in the schema's order, its slug's, title's
 * and category's JSON as held, its pictures' addresses joined from texts made once.
 * `JSON.stringify` of the tile took about ten times as long.
 */
function partsTileJson(index: ListIndex, id: number, found: TileSlot, rateEur: number): string {
  const { parts } = index;
  const { slot, imageKey } = found;
  const cents = index.price[slot] as number;
  const text = JSON.stringify;
  return `{"id":${id},"slug":${packedJson(parts.slugs, slot)},"title":${packedJson(parts.titles, slot)},"price":${internalAmount(cents, rateEur)},"price_eur":${minorUnitsToNumber(cents)},"thumb_url":${text(webpPreviewUrl(imageKey, '320'))},"image_url":${text(webpPreviewUrl(imageKey, '640'))},"images":${previewUrlsJson(imageKey)},"likes_count":${index.likes[slot] as number},"liked":false,"owned":false,"category":${found.category.json}}`;
}

/**
 * A visitor's English tile from the held keys and parts (`TileParts`), as `toSummary` makes it from
 * the tile query, held with its JSON; null when the product is not held or a part is missing (it
 * is read instead).
 */
export function heldPartsTile(index: ListIndex, id: number, rateEur: number): ProductSummary | null {
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
  };
  return tileWithJson(tile, partsTileJson(index, id, found, rateEur));
}

/**
 * Visitors' English tiles' JSON as UTF-8, for one reading of the keys at one rate: a list is
 * joined from them rather than having each tile's JSON made and encoded again (together a quarter
 * of the server's time for a list nobody asked for before). Held for the reading they were made
 * from, whose likes and parts they show, written one after another into one buffer that grows up to
 * `TILE_BYTES_HELD` bytes (all of a 100,000-product catalogue's tiles); a tile that would not fit
 * starts it over. Held as a buffer of their own each, they took eight times the memory: each held
 * on to the shared 8 KB block it was cut from.
 */
export const TILE_BYTES_HELD = 64 * 1024 * 1024;
const FIRST_TILE_BYTES = 1024 * 1024;

export type HeldTileBytes = {
  rateEur: number;
  bytes: Buffer;
  used: number;
  /** Where each slot's tile starts in `bytes`, and its length: 0 for a tile not written yet. */
  starts: Int32Array;
  lengths: Int32Array;
};
const tileBytes = new WeakMap<ListIndex, HeldTileBytes>();

function heldTileBytes(index: ListIndex, rateEur: number): HeldTileBytes {
  let held = tileBytes.get(index);
  if (held === undefined || held.rateEur !== rateEur) {
    const slots = index.ids.length;
    held = {
      rateEur,
      bytes: Buffer.allocUnsafe(FIRST_TILE_BYTES),
      used: 0,
      starts: new Int32Array(slots),
      lengths: new Int32Array(slots),
    };
    tileBytes.set(index, held);
  }
  return held;
}

/** Writes a slot's tile JSON into the held bytes (made room for, or started over past `limit` bytes). */
export function holdTileBytes(
  held: HeldTileBytes,
  slot: number,
  json: string,
  limit = TILE_BYTES_HELD,
): void {
  // A UTF-16 code unit takes at most three bytes in UTF-8.
  const room = json.length * 3;
  if (held.used + room > limit) {
    held.used = 0;
    held.lengths.fill(0);
  }
  // Grown after starting over too, so that a tile never finds less room than it may take.
  if (held.used + room > held.bytes.length) {
    const grown = Buffer.allocUnsafe(Math.min(limit, Math.max(held.bytes.length * 2, held.used + room)));
    held.bytes.copy(grown, 0, 0, held.used);
    held.bytes = grown;
  }
  const length = held.bytes.write(json, held.used, 'utf8');
  held.starts[slot] = held.used;
  held.lengths[slot] = length;
  held.used += length;
}

const LIST_START = Buffer.from('{"data":[');
const COMMA = 44;

/**
 * The JSON of a visitor's English page of tiles, when every tile is made from the held parts:
 * for the route, which sends only the JSON, so no tile object is made. Null when a part is missing.
 */
export function heldPartsListJson(
  index: ListIndex,
  ids: number[],
  rateEur: number,
  meta: ListMeta,
): SerializedAnswer | null {
  const held = heldTileBytes(index, rateEur);
  const slots: number[] = [];
  for (const id of ids) {
    const slot = slotOfId(index, id);
    if (slot === -1) return null;
    if (held.lengths[slot] === 0) {
      const found = tileSlotOf(index, id);
      if (found === null) return null;
      holdTileBytes(held, slot, partsTileJson(index, id, found, rateEur));
    }
    slots.push(slot);
  }
  // Written again only when the held bytes started over meanwhile.
  if (slots.some((slot) => held.lengths[slot] === 0)) return heldPartsListJson(index, ids, rateEur, meta);
  const end = Buffer.from(`],"meta":${listMetaJson(meta)}}`, 'utf8');
  let size = LIST_START.length + end.length + Math.max(0, slots.length - 1);
  for (const slot of slots) size += held.lengths[slot] as number;
  const body = Buffer.allocUnsafe(size);
  let at = LIST_START.copy(body, 0);
  slots.forEach((slot, place) => {
    if (place > 0) body[at++] = COMMA;
    const start = held.starts[slot] as number;
    at += held.bytes.copy(body, at, start, start + (held.lengths[slot] as number));
  });
  end.copy(body, at);
  return new SerializedAnswer(body);
}
