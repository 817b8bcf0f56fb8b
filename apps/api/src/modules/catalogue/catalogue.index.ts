import {
  DEFAULT_LOCALE,
  type ProductListQuery,
  type ProductSummary,
  productListResponse,
  productSummary,
} from '@promptmarket/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { databaseOf } from '../../lib/transactions';

/**
 * The product lists' keys held in each process (decision 0023): for every product on sale its
 * category, price and styles, and its place in each sort order, as the database sorts them. A list
 * of any filters and sort, and its total, is then read here in well under a millisecond, instead of
 * a count and a page query for every address nobody asked before.
 *
 * The database keeps a number that moves on with every change a list shows (`catalogue_version`,
 * by triggers). Each list reads it first; while the held keys are of an older number, lists are
 * read from the database and the keys are read again once. Sales and likes do not move the number:
 * the keys are read again when older than `INDEX_REFRESH_MS`, while the older keys still answer.
 * Visitors' tiles read meanwhile are held for as long, so a tile's likes count, like the popular
 * order, is at most that old for visitors; signed-in users' tiles are always read afresh.
 */
export const INDEX_REFRESH_MS = 60_000;

type Order = 'newest' | 'price_asc' | 'price_desc' | 'popular';

export type ListIndex = {
  version: number;
  readAt: number;
  /** Product id of each slot: slots are the products on sale in id order. */
  ids: Int32Array;
  /** Category id of each slot. */
  category: Int32Array;
  price: Float64Array;
  /** Style id -> a flag for each slot. */
  styles: Map<number, Uint8Array>;
  /** Each sort order as slots, first shown first. */
  orders: Record<Order, Int32Array>;
  /** Each slot's place in each order. */
  places: Record<Order, Int32Array>;
  /** Category slug -> the category ids it lists: its own and its direct subcategories'. */
  categories: Map<string, number[]>;
  /** Category slug -> the slots it lists (its own and its subcategories' products), in each order. */
  categoryOrders: Map<string, Record<Order, Int32Array>>;
  /** Style slug -> its products' slots, in each order. */
  styleOrders: Map<string, Record<Order, Int32Array>>;
  /** Which slots each style's and category's lists hold, to sort them again by a new popular order. */
  groups: { styles: Grouping; categories: Grouping };
  /** Lists' totals counted since these keys were read, by their filters (`totalKey`). */
  totals: Map<string, number>;
  /** One past the largest category id, for flags by category id. */
  categoryLimit: number;
  styleIds: Map<string, number>;
  /** Visitors' tiles (`holdTile`), by language, rate and id; kept while the number stays. */
  tiles: Map<string, HeldTile>;
  /** Likes count of each slot, as read with the keys (at most `INDEX_REFRESH_MS` old, like the popular order). */
  likes: Int32Array;
  /** What an English tile shows beyond the keys, read when the number moved on (`TileParts`). */
  parts: TileParts;
};

/**
 * The parts of each slot's tile in English (slug, title, picture key) and the categories' English
 * titles: a visitor's English tile is made from them and the keys, with no read of the database.
 * They change only with the catalogue's number, so a read of the keys at the same number keeps them.
 * A slot without an English title (null) is read from the database, as before.
 */
export type TileParts = {
  version: number;
  slugs: PackedTexts;
  titles: PackedTexts;
  imageKeys: PackedTexts;
  /** Category id -> its slug and English title, and the tile's JSON of them. */
  categories: Map<number, { slug: string; title: string; json: string }>;
};

/** The most tiles held; the first held go first. */
export const TILES_HELD = 50_000;

type HeldTile = { tile: ProductSummary; heldAt: number };
/** Each held tile's JSON, checked against the tile's schema once, when it was held. */
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

type IndexRow = {
  version: number | string;
  /** Every product on sale as `id,sales,likes`, most popular first (`popularityOf`). */
  popularity: string | null;
  /**
   * JSON arrays, or null when the number is the one the parts were read at: the slugs and picture
   * keys in the order of `listing_slots`, the English titles in the order of `title_ids`.
   */
  slugs: string | null;
  titles: string | null;
  image_keys: string | null;
  category_titles: string | null;
  /** The slot of each item of the listing (`ids` to `image_keys`), in the order they came. */
  listing_slots: string | null;
  /** The product of each title: every product's English title, on sale or not. */
  title_ids: string | null;
  /** Texts of integers; these (up to `styles`) are null when the number is the held keys' own. */
  ids: string | null;
  categories_of: string | null;
  prices: string | null;
  newest: string | null;
  cheapest: string | null;
  style_slots: string | null;
  style_ids: string | null;
  categories: string | null;
  styles: string | null;
};

/**
 * Every product on sale as `id,sales,likes`, most popular first, in one text. The order comes from
 * reading the popular index backwards, without a sort (aggregates ordered by sales and by slot took
 * 240-430 ms at 100,000 products, this 30-40 ms); the order is checked when read (`popularityOf`).
 */
const POPULARITY = sql`(select string_agg(p.id || ',' || p.sales_count || ',' || p.likes_count, ',')
    from (select id, sales_count, likes_count from products where is_active
      order by sales_count desc, likes_count desc, id desc) p)`;

/** What the minute's timer reads at the held keys' number: the number, and what sales and likes move. */
const popularityQuery = sql`select version, ${POPULARITY} as popularity from catalogue_version`;

/**
 * Everything in one statement, so the keys are of one moment. The database numbers the products
 * on sale (their slots) and sorts them; each list comes as one text of integers (`string_agg`)
 * rather than 100,000 rows, which the driver would take far longer to read, and the sorting is
 * done there rather than in the process that answers the visitors. The tile parts come only with a
 * new number, and what sales and likes move comes as `popularity` (read alone on the minute's timer,
 * `popularityQuery`).
 *
 * What only needs each product's slot comes unsorted, with the slots (`listing_slots`), and the
 * English titles with their products' ids: aggregates ordered by slot sorted 100,000 rows each,
 * and the titles joined to the products besides: the whole read at 100,000 products took 780-1,170 ms
 * in `psql`, and 610-830 ms so (docs/performance.md). They are put in slot order here (`bySlot`).
 */
function indexQuery(partsVersion: number, keysVersion: number) {
  return sql`with current_version as materialized (select version from catalogue_version),
  listed as materialized (
    select id, category_id, price_cents, created_at, slug, image_key,
      (row_number() over (order by id) - 1)::int as slot
    from products where is_active
  ), styled as materialized (
    select l.slot, ps.style_id from product_styles ps join listed l on l.id = ps.product_id
    where (select version from current_version) <> ${keysVersion}
  ), listing as materialized (
    select string_agg(slot::text, ',') as slots, string_agg(id::text, ',') as ids,
      string_agg(category_id::text, ',') as categories_of, string_agg(price_cents::text, ',') as prices,
      json_agg(slug)::text as slugs, json_agg(image_key)::text as image_keys
    from listed
    where (select version from current_version) <> ${keysVersion}
      or (select version from current_version) <> ${partsVersion}
  ), titled as materialized (
    select string_agg(product_id::text, ',') as ids, coalesce(json_agg(title)::text, '[]') as titles
    from product_translations
    where locale = ${DEFAULT_LOCALE} and (select version from current_version) <> ${partsVersion}
  )
  select
  (select version from current_version) as version,
  ${POPULARITY} as popularity,
  (select slots from listing) as listing_slots,
  (select slugs from listing where (select version from current_version) <> ${partsVersion}) as slugs,
  (select image_keys from listing where (select version from current_version) <> ${partsVersion}) as image_keys,
  (select ids from titled where (select version from current_version) <> ${partsVersion}) as title_ids,
  (select titles from titled where (select version from current_version) <> ${partsVersion}) as titles,
  (select json_agg(json_build_array(c.id, c.slug, t.title))::text from categories c
    left join category_translations t on t.category_id = c.id and t.locale = ${DEFAULT_LOCALE}
    where (select version from current_version) <> ${partsVersion}) as category_titles,
  (select ids from listing where (select version from current_version) <> ${keysVersion}) as ids,
  (select categories_of from listing where (select version from current_version) <> ${keysVersion}) as categories_of,
  (select prices from listing where (select version from current_version) <> ${keysVersion}) as prices,
  (select string_agg(slot::text, ',' order by created_at desc, id desc) from listed
    where (select version from current_version) <> ${keysVersion}) as newest,
  (select string_agg(slot::text, ',' order by price_cents asc, id asc) from listed
    where (select version from current_version) <> ${keysVersion}) as cheapest,
  (select string_agg(slot::text, ',' order by style_id, slot) from styled) as style_slots,
  (select string_agg(style_id::text, ',' order by style_id, slot) from styled) as style_ids,
  (select string_agg(c.id || ':' || c.slug || ':' || coalesce(c.parent_id::text, ''), ',') from categories c
    where (select version from current_version) <> ${keysVersion}) as categories,
  (select string_agg(s.id || ':' || s.slug, ',') from styles s
    where (select version from current_version) <> ${keysVersion}) as styles`;
}

/** "3,14,15" -> its integers, read a character at a time: 100,000 of them in a millisecond or two. */
function integers<T extends Int32Array | Float64Array>(text: string | null, make: (length: number) => T): T {
  if (!text) return make(0);
  let length = 1;
  for (let at = 0; at < text.length; at++) if (text.charCodeAt(at) === 44) length++;
  const list = make(length);
  let item = 0;
  let value = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 44) {
      list[item++] = value;
      value = 0;
    } else value = value * 10 + (code - 48);
  }
  list[item] = value;
  return list;
}

/**
 * The popular order as slots, and each slot's likes, from `popularity` (`id,sales,likes` of every
 * product on sale). The database sends them most popular first: they are checked to be so, and
 * sorted here if they are not (an aggregate is not bound to keep the order of what it reads). Null
 * when a product is not among `ids`, the keys' products.
 */
export function popularityOf(
  popularity: string | null,
  ids: Int32Array,
): { popular: Int32Array; likes: Int32Array } | null {
  const triples = integers(popularity, (length) => new Int32Array(length));
  const count = popularity ? triples.length / 3 : 0;
  if (count !== ids.length) return null;
  const slots = new Int32Array(count);
  const likes = new Int32Array(count);
  const sales = new Int32Array(count);
  let sorted = true;
  for (let at = 0; at < count; at++) {
    const slot = slotIn(ids, triples[at * 3] as number);
    if (slot === -1) return null;
    slots[at] = slot;
    sales[slot] = triples[at * 3 + 1] as number;
    likes[slot] = triples[at * 3 + 2] as number;
    if (at > 0 && morePopular(sales, likes, slot, slots[at - 1] as number)) sorted = false;
  }
  if (!sorted)
    slots.sort((a, b) => {
      if (a === b) return 0;
      return morePopular(sales, likes, a, b) ? -1 : 1;
    });
  return { popular: slots, likes };
}

/** Whether slot `a` comes before slot `b` in the popular order: more sales, then likes, then newer id. */
function morePopular(sales: Int32Array, likes: Int32Array, a: number, b: number): boolean {
  const bySales = (sales[a] as number) - (sales[b] as number);
  if (bySales !== 0) return bySales > 0;
  const byLikes = (likes[a] as number) - (likes[b] as number);
  if (byLikes !== 0) return byLikes > 0;
  // Slots are in id order.
  return a > b;
}

function pairs(text: string | null): string[][] {
  return text ? text.split(',').map((item) => item.split(':')) : [];
}

function placesOf(order: Int32Array): Int32Array {
  const places = new Int32Array(order.length);
  for (let place = 0; place < order.length; place++) places[order[place] as number] = place;
  return places;
}

/**
 * Groups (a category slug's or a style's products) as lists of slots in each order. Which groups a
 * slot is in is read as `list[start[key] .. start[key + 1]]`, where `key` is the slot itself or,
 * with `keyOf`, its category; `sizes` is how many slots each group holds.
 */
type Membership = { start: Int32Array; list: Int32Array; keyOf: Int32Array | null };
export type Grouping = Membership & { sizes: Int32Array };

function groupingOf(member: Membership, groups: number, slots: number): Grouping {
  const { start, list, keyOf } = member;
  const sizes = new Int32Array(groups);
  for (let slot = 0; slot < slots; slot++) {
    const key = keyOf === null ? slot : (keyOf[slot] as number);
    for (let at = start[key] as number; at < (start[key + 1] as number); at++)
      bump(sizes, list[at] as number);
  }
  return { ...member, sizes };
}

/** Each group's slots in `order`: the order is walked once, every slot written to its groups' lists. */
function groupsInOrder(order: Int32Array, grouping: Grouping): Int32Array[] {
  const { start, list, keyOf, sizes } = grouping;
  const lists = Array.from(sizes, (length) => new Int32Array(length));
  const filled = new Int32Array(sizes.length);
  for (const slot of order) {
    const key = keyOf === null ? slot : (keyOf[slot] as number);
    for (let at = start[key] as number; at < (start[key + 1] as number); at++) {
      const group = list[at] as number;
      (lists[group] as Int32Array)[bump(filled, group)] = slot;
    }
  }
  return lists;
}

/**
 * Lets what waits for the event loop run: the keys are built in steps of a few milliseconds, so
 * reading them again (every minute, and whenever the catalogue changes) never holds the visitors'
 * answers for the whole build (100-300 ms at 100,000 products on a small processor).
 */
function aTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Adds one at `at`; answers the count before. */
function bump(counts: Int32Array, at: number): number {
  const before = counts[at] as number;
  counts[at] = before + 1;
  return before;
}

/** Membership from (key, group) pairs: keys 0 .. keys - 1. */
function membershipOf(keys: number, pairsOf: [number, number][], keyOf: Int32Array | null): Membership {
  const start = new Int32Array(keys + 1);
  for (const [key] of pairsOf) bump(start, key + 1);
  for (let key = 0; key < keys; key++) start[key + 1] = (start[key + 1] as number) + (start[key] as number);
  const list = new Int32Array(pairsOf.length);
  const filled = start.slice(0, keys);
  for (const [key, group] of pairsOf) list[bump(filled, key)] = group;
  return { start, list, keyOf };
}

/**
 * A JSON array of texts (or nulls) as the database writes it, held as that one text with where each
 * item's JSON starts and ends: three texts rather than 300,000 strings at 100,000 products, about
 * 10 MB instead of 17 MB of each process, and nothing for the garbage collector to walk. An item's
 * JSON goes into a tile's JSON as it is.
 */
export type PackedTexts = {
  json: string;
  /** Where each item's JSON (quotes included) starts; -1 for null. */
  starts: Int32Array;
  /** Where it ends (one past its closing quote); negative when it holds an escape. */
  ends: Int32Array;
};

/** The items of a JSON array of texts or nulls, read a character at a time. */
export function packedTexts(json: string): PackedTexts {
  const starts: number[] = [];
  const ends: number[] = [];
  for (let at = 1; at < json.length; at++) {
    const code = json.charCodeAt(at);
    if (code === 110 /* n of null */) {
      starts.push(-1);
      ends.push(-1);
      at += 3;
    } else if (code === 34 /* " */) {
      const start = at;
      let escaped = false;
      for (at++; json.charCodeAt(at) !== 34; at++) {
        if (json.charCodeAt(at) === 92 /* \ */) {
          escaped = true;
          at++;
        }
      }
      starts.push(start);
      ends.push(escaped ? -(at + 1) : at + 1);
    }
  }
  return { json, starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
}

/** An item's JSON (a quoted text), or null. */
export function packedJson(texts: PackedTexts, at: number): string | null {
  const start = texts.starts[at];
  if (start === undefined || start === -1) return null;
  return texts.json.slice(start, Math.abs(texts.ends[at] as number));
}

/** An item's text, or null. */
export function packedText(texts: PackedTexts, at: number): string | null {
  const start = texts.starts[at];
  if (start === undefined || start === -1) return null;
  const end = texts.ends[at] as number;
  return end < 0
    ? (JSON.parse(texts.json.slice(start, -end)) as string)
    : texts.json.slice(start + 1, end - 1);
}

const NO_TEXTS: PackedTexts = packedTexts('[]');
const NO_PARTS: TileParts = {
  version: -1,
  slugs: NO_TEXTS,
  titles: NO_TEXTS,
  imageKeys: NO_TEXTS,
  categories: new Map(),
};

/**
 * Slot of each item of a listing read in any order (`listing_slots`), or null when the items came
 * in slot order already, as they do from the database's numbering.
 */
export function listingSlots(text: string | null): Int32Array | null {
  const slots = integers(text, (length) => new Int32Array(length));
  for (let at = 0; at < slots.length; at++) if (slots[at] !== at) return slots;
  return null;
}

/** Values of a listing put in slot order (`listingSlots`). */
export function bySlot<T extends Int32Array | Float64Array>(values: T, slots: Int32Array | null): T {
  if (slots === null) return values;
  const ordered = values.slice() as T;
  for (let at = 0; at < slots.length; at++) ordered[slots[at] as number] = values[at] as number;
  return ordered;
}

/** Packed texts of a listing put in slot order: where each item's JSON starts and ends moves with it. */
export function packedBySlot(texts: PackedTexts, slots: Int32Array | null): PackedTexts {
  if (slots === null) return texts;
  return { json: texts.json, starts: bySlot(texts.starts, slots), ends: bySlot(texts.ends, slots) };
}

/**
 * Packed texts of products read with their ids, in any order (the English titles), by the slots of
 * `ids`: a product not on sale is left out, and a product without one is null.
 */
export function packedByIds(texts: PackedTexts, itemIds: Int32Array, ids: Int32Array): PackedTexts {
  const starts = new Int32Array(ids.length).fill(-1);
  const ends = new Int32Array(ids.length).fill(-1);
  for (let at = 0; at < itemIds.length; at++) {
    const slot = slotIn(ids, itemIds[at] as number);
    if (slot === -1) continue;
    starts[slot] = texts.starts[at] as number;
    ends[slot] = texts.ends[at] as number;
  }
  return { json: texts.json, starts, ends };
}

/** The tile parts of this reading, or the ones held when they were not read again (the number stayed). */
function tilePartsOf(row: IndexRow, held: TileParts, ids: Int32Array, slots: Int32Array | null): TileParts {
  const version = Number(row.version);
  if (row.slugs === null || row.titles === null || row.image_keys === null) {
    // No products on sale: json_agg of nothing. Otherwise the number is the held parts' own.
    return held.version === version ? held : { ...NO_PARTS, version };
  }
  const categories = new Map<number, { slug: string; title: string; json: string }>();
  for (const [id, slug, title] of JSON.parse(row.category_titles ?? '[]') as [
    number,
    string,
    string | null,
  ][])
    if (title !== null) categories.set(id, { slug, title, json: JSON.stringify({ id, slug, title }) });
  return {
    version,
    slugs: packedBySlot(packedTexts(row.slugs), slots),
    titles: packedByIds(
      packedTexts(row.titles),
      integers(row.title_ids, (length) => new Int32Array(length)),
      ids,
    ),
    imageKeys: packedBySlot(packedTexts(row.image_keys), slots),
    categories,
  };
}

const ORDERS: readonly Order[] = ['newest', 'price_asc', 'price_desc', 'popular'];

/** Each group's lists in every order, by its slug, from the lists in each order of `grouping`. */
function ordersBySlug(slugs: string[], listsByOrder: Record<Order, Int32Array[]>) {
  return new Map(
    slugs.map((slug, group) => [
      slug,
      Object.fromEntries(ORDERS.map((order) => [order, listsByOrder[order][group] as Int32Array])) as Record<
        Order,
        Int32Array
      >,
    ]),
  );
}

/** Every order's lists of each group, a step per order. */
async function listsInEveryOrder(
  orders: Record<Order, Int32Array>,
  grouping: Grouping,
): Promise<Record<Order, Int32Array[]>> {
  const lists = {} as Record<Order, Int32Array[]>;
  for (const order of ORDERS) {
    lists[order] = groupsInOrder(orders[order], grouping);
    await aTurn();
  }
  return lists;
}

/**
 * The keys from a reading. Read at the number `held` is of, the reading has only the likes and the
 * popular order, and the rest is `held`'s; otherwise everything is built from the reading.
 */
export async function buildListIndex(
  row: IndexRow,
  readAt: number,
  held: ListIndex | null = null,
): Promise<ListIndex> {
  const version = Number(row.version);
  if (held !== null && held.version === version && row.ids === null) {
    const again = await withPopularityReadAgain(held, row.popularity, readAt);
    if (!again) throw new Error('the popular order is not of the held keys');
    return again;
  }
  const int32 = (length: number) => new Int32Array(length);
  const slots = listingSlots(row.listing_slots);
  const ids = bySlot(integers(row.ids, int32), slots);
  const size = ids.length;
  const popularity = popularityOf(row.popularity, ids);
  if (!popularity) throw new Error('the popular order is not of the products read');
  const category = bySlot(integers(row.categories_of, int32), slots);
  const price = bySlot(
    integers(row.prices, (length) => new Float64Array(length)),
    slots,
  );
  await aTurn();
  const cheapest = integers(row.cheapest, int32);
  const orders: Record<Order, Int32Array> = {
    newest: integers(row.newest, int32),
    price_asc: cheapest,
    price_desc: cheapest.slice().reverse(),
    popular: popularity.popular,
  };
  await aTurn();

  const styleIds = new Map(pairs(row.styles).map(([id, slug]) => [slug as string, Number(id)]));
  const styleSlots = integers(row.style_slots, int32);
  const styleOfSlot = integers(row.style_ids, int32);
  const styles = new Map<number, Uint8Array>();
  const styleSlugs = [...styleIds.keys()];
  const styleGroup = new Map(styleSlugs.map((slug, group) => [styleIds.get(slug) as number, group]));
  const stylePairs: [number, number][] = [];
  styleSlots.forEach((slot, at) => {
    const styleId = styleOfSlot[at] as number;
    let flags = styles.get(styleId);
    if (!flags) {
      flags = new Uint8Array(size);
      styles.set(styleId, flags);
    }
    flags[slot] = 1;
    const group = styleGroup.get(styleId);
    if (group !== undefined) stylePairs.push([slot, group]);
  });
  const styleGrouping = groupingOf(membershipOf(size, stylePairs, null), styleSlugs.length, size);
  await aTurn();
  const styleOrders = ordersBySlug(styleSlugs, await listsInEveryOrder(orders, styleGrouping));

  const categoryRows = pairs(row.categories);
  const categories = new Map<string, number[]>();
  let categoryLimit = 1;
  for (const [id] of categoryRows) categoryLimit = Math.max(categoryLimit, Number(id) + 1);
  // A category's products are listed by its own slug and its parent's.
  const listing: [number, number][] = [];
  categoryRows.forEach(([id, slug], group) => {
    const children = categoryRows.filter(([, , parent]) => parent === id).map(([child]) => Number(child));
    const listed = [Number(id), ...children];
    categories.set(slug as string, listed);
    for (const each of listed) listing.push([each, group]);
  });
  const categoryGrouping = groupingOf(
    membershipOf(categoryLimit, listing, category),
    categoryRows.length,
    size,
  );
  const categoryOrders = ordersBySlug(
    categoryRows.map(([, slug]) => slug as string),
    await listsInEveryOrder(orders, categoryGrouping),
  );
  const places = {
    newest: placesOf(orders.newest),
    price_asc: placesOf(orders.price_asc),
    price_desc: placesOf(orders.price_desc),
    popular: placesOf(orders.popular),
  };
  await aTurn();
  const parts = tilePartsOf(row, held?.parts ?? NO_PARTS, ids, slots);

  return {
    version,
    readAt,
    ids,
    category,
    price,
    styles,
    orders,
    places,
    categories,
    categoryOrders,
    styleOrders,
    groups: { styles: styleGrouping, categories: categoryGrouping },
    categoryLimit,
    styleIds,
    totals: new Map(),
    tiles: new Map(),
    likes: popularity.likes,
    parts,
  };
}

/**
 * The held keys with the likes and the popular order of a reading at their number: nothing else a
 * list shows moved, so the other orders, the groups, the parts, the totals and the held tiles stay.
 * Null when the reading is not of the held keys' products.
 */
async function withPopularityReadAgain(
  held: ListIndex,
  popularity: string | null,
  readAt: number,
): Promise<ListIndex | null> {
  const read = popularityOf(popularity, held.ids);
  if (!read) return null;
  const { popular, likes } = read;
  await aTurn();
  const styleLists = groupsInOrder(popular, held.groups.styles);
  await aTurn();
  const categoryLists = groupsInOrder(popular, held.groups.categories);
  const popularOf = (orders: Map<string, Record<Order, Int32Array>>, lists: Int32Array[]) =>
    new Map(
      [...orders].map(([slug, each], group) => [slug, { ...each, popular: lists[group] as Int32Array }]),
    );
  return {
    ...held,
    readAt,
    orders: { ...held.orders, popular },
    places: { ...held.places, popular: placesOf(popular) },
    styleOrders: popularOf(held.styleOrders, styleLists),
    categoryOrders: popularOf(held.categoryOrders, categoryLists),
    likes,
  };
}

/** The slot of a product id, or -1 when it is not on sale: slots are in id order. */
export function slotOfId(index: ListIndex, id: number): number {
  return slotIn(index.ids, id);
}

function slotIn(ids: Int32Array, id: number): number {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = ids[middle] as number;
    if (found === id) return middle;
    if (found < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** A search's matches on sale, best first, when all of them are known; `key` names the search (words and language). */
export type SearchMatches = { ids: number[]; key: string };

/** A search's matches as slots of one index: best first, in each order, and as flags. */
type MatchSlots = {
  index: ListIndex;
  ranked: Int32Array;
  flags: Uint8Array;
  orders: Partial<Record<Order, Int32Array>>;
};
const matchSlots = new WeakMap<SearchMatches, MatchSlots>();

function slotsOf(index: ListIndex, matches: SearchMatches): MatchSlots {
  const kept = matchSlots.get(matches);
  if (kept?.index === index) return kept;
  const ranked: number[] = [];
  const flags = new Uint8Array(index.ids.length);
  for (const id of matches.ids) {
    const slot = slotOfId(index, id);
    // A product taken off sale since the ranking was made is not in the index.
    if (slot === -1) continue;
    ranked.push(slot);
    flags[slot] = 1;
  }
  const made = { index, ranked: Int32Array.from(ranked), flags, orders: {} };
  matchSlots.set(matches, made);
  return made;
}

/** The matches in one sort order, made once per search and order. */
function matchesInOrder(index: ListIndex, slots: MatchSlots, order: Order): Int32Array {
  let sorted = slots.orders[order];
  if (!sorted) {
    const places = index.places[order];
    sorted = slots.ranked.slice().sort((a, b) => (places[a] as number) - (places[b] as number));
    slots.orders[order] = sorted;
  }
  return sorted;
}

/** The most totals held with one reading of the keys; the first counted go first. */
const TOTALS_HELD = 20_000;

/** What a list's total depends on: its filters, not its sort or page. */
function totalKey(query: ProductListQuery, matches: SearchMatches | null): string {
  return JSON.stringify([
    query.category_slugs ?? null,
    query.style_slugs ?? null,
    query.price_min ?? null,
    query.price_max ?? null,
    matches?.key ?? null,
  ]);
}

/**
 * The first place in `list` whose slot `passes`, for a test that fails along the list up to some
 * place and holds from there on (a price bound along a list by price): a binary search.
 */
function firstPassing(list: Int32Array, passes: (slot: number) => boolean): number {
  let from = 0;
  let to = list.length;
  while (from < to) {
    const middle = (from + to) >>> 1;
    if (passes(list[middle] as number)) to = middle;
    else from = middle + 1;
  }
  return from;
}

/**
 * The places of `list`, a list of slots by price (cheapest first, or dearest first with
 * `dearestFirst`), whose prices are within `low` and `high`: one run of it, found by two binary
 * searches.
 */
function priceRun(
  price: Float64Array,
  list: Int32Array,
  low: number,
  high: number,
  dearestFirst = false,
): { from: number; to: number } {
  const cents = (slot: number) => price[slot] as number;
  return dearestFirst
    ? {
        from: firstPassing(list, (slot) => cents(slot) <= high),
        to: firstPassing(list, (slot) => cents(slot) < low),
      }
    : {
        from: firstPassing(list, (slot) => cents(slot) >= low),
        to: firstPassing(list, (slot) => cents(slot) > high),
      };
}

/** A list's filters as the held keys check them: null where a filter is not asked. */
type Checks = {
  categoryFlags: Uint8Array | null;
  styleFlags: Uint8Array | null;
  matchFlags: Uint8Array | null;
  checksPrice: boolean;
  low: number;
  high: number;
};

/** A list of slots by price that holds every answer, and which of the filters it already is. */
type Counted = { list: Int32Array; category: boolean; style: boolean; matches: boolean };

/**
 * A list's total from the counts held with the keys: each group's products (a category's, a
 * style's, a search's matches, or all) are held by price, so the ones in a price range are found
 * by two binary searches in the shortest group, and only the filters that group is not are
 * checked, within that range. A price range alone, or one category or style with or without it,
 * is counted without a walk; the rest walk their range of the shortest group rather than the
 * whole of it (totals so walked are kept with the keys, by filters).
 */
function totalOf(index: ListIndex, checks: Checks, groups: Counted[], key: () => string): number {
  const counted = groups.reduce((a, b) => (b.list.length < a.list.length ? b : a));
  const { list } = counted;
  const { price } = index;
  const { from, to } = checks.checksPrice
    ? priceRun(price, list, checks.low, checks.high)
    : { from: 0, to: list.length };
  if (to <= from) return 0;
  const categoryFlags = counted.category ? null : checks.categoryFlags;
  const styleFlags = counted.style ? null : checks.styleFlags;
  const matchFlags = counted.matches ? null : checks.matchFlags;
  if (categoryFlags === null && styleFlags === null && matchFlags === null) return to - from;
  const kept = key();
  const known = index.totals.get(kept);
  if (known !== undefined) return known;
  const { category } = index;
  let total = 0;
  for (let at = from; at < to; at++) {
    const slot = list[at] as number;
    if (matchFlags !== null && matchFlags[slot] === 0) continue;
    if (categoryFlags !== null && categoryFlags[category[slot] as number] !== 1) continue;
    if (styleFlags !== null && styleFlags[slot] === 0) continue;
    total++;
  }
  index.totals.set(kept, total);
  if (index.totals.size > TOTALS_HELD) index.totals.delete(index.totals.keys().next().value as string);
  return total;
}

/**
 * One page of a list from the held keys: the products passing every filter, in the asked order
 * (a search by relevance in its matches' order), as the database's list query would answer them.
 * Its total is counted first (`totalOf`); then it walks the shortest list that holds every answer
 * (a search's matches, one category's or one style's products, or the whole order), checks every
 * filter on each, and stops with the page.
 */
export function pageFromIndex(
  index: ListIndex,
  query: ProductListQuery,
  matches: SearchMatches | null,
  offset: number,
  limit: number,
): { ids: number[]; total: number } {
  const none = { ids: [], total: 0 };
  const sort = query.sort ?? (matches ? 'relevance' : 'newest');
  const order: Order = sort === 'relevance' ? 'newest' : sort;
  const walks: Int32Array[] = [index.orders[order]];
  const groups: Counted[] = [{ list: index.orders.price_asc, category: false, style: false, matches: false }];

  let categoryFlags: Uint8Array | null = null;
  const categorySlugs = query.category_slugs ?? [];
  if (categorySlugs.length > 0) {
    const listed = categorySlugs.flatMap((slug) => index.categories.get(slug) ?? []);
    if (listed.length === 0) return none;
    categoryFlags = new Uint8Array(index.categoryLimit);
    for (const id of listed) categoryFlags[id] = 1;
    const own = categorySlugs.length === 1 ? index.categoryOrders.get(categorySlugs[0] as string) : undefined;
    if (own) {
      walks.push(own[order]);
      groups.push({ list: own.price_asc, category: true, style: false, matches: false });
    }
  }

  let styleFlags: Uint8Array | null = null;
  const styleSlugs = query.style_slugs ?? [];
  if (styleSlugs.length > 0) {
    const flags = styleSlugs.flatMap((slug) => {
      const found = index.styles.get(index.styleIds.get(slug) ?? -1);
      return found ? [found] : [];
    });
    if (flags.length === 0) return none;
    if (flags.length === 1) {
      styleFlags = flags[0] as Uint8Array;
      // The one style with products on sale (another asked may have none).
      const own = index.styleOrders.get(
        styleSlugs.find((slug) => index.styles.has(index.styleIds.get(slug) ?? -1)) as string,
      );
      if (own) {
        walks.push(own[order]);
        groups.push({ list: own.price_asc, category: false, style: true, matches: false });
      }
    } else {
      const any = new Uint8Array(index.ids.length);
      for (const each of flags)
        for (let slot = 0; slot < each.length; slot++)
          any[slot] = (any[slot] as number) | (each[slot] as number);
      styleFlags = any;
    }
  }

  let matchFlags: Uint8Array | null = null;
  let sequence: Int32Array;
  if (matches) {
    const slots = slotsOf(index, matches);
    matchFlags = slots.flags;
    groups.push({
      list: matchesInOrder(index, slots, 'price_asc'),
      category: false,
      style: false,
      matches: true,
    });
    // By relevance the matches' own order is the only walk; otherwise they are one more candidate.
    if (sort === 'relevance') sequence = slots.ranked;
    else {
      const shortest = walks.reduce((a, b) => (b.length < a.length ? b : a));
      sequence = slots.ranked.length < shortest.length ? matchesInOrder(index, slots, order) : shortest;
    }
  } else sequence = walks.reduce((a, b) => (b.length < a.length ? b : a));

  const checksPrice = query.price_min !== undefined || query.price_max !== undefined;
  const checks: Checks = {
    categoryFlags,
    styleFlags,
    matchFlags,
    checksPrice,
    low: query.price_min ?? Number.NEGATIVE_INFINITY,
    high: query.price_max ?? Number.POSITIVE_INFINITY,
  };
  const total = totalOf(index, checks, groups, () => totalKey(query, matches));
  const end = Math.min(offset + limit, total);
  const page: number[] = [];
  if (offset >= end) return { ids: page, total };
  const { category, price, ids } = index;
  const { low, high } = checks;
  // Walked in a price order, the products within the price range are one run of the walk: the
  // walk starts and ends with it, rather than passing every product priced outside it (a price
  // range by dearest first walked past every dearer product: 68,000 of them on average in the
  // bench's lists at 100,000 products).
  const { from, to } =
    checksPrice && (sort === 'price_asc' || sort === 'price_desc')
      ? priceRun(price, sequence, low, high, sort === 'price_desc')
      : { from: 0, to: sequence.length };
  let passed = 0;
  for (let at = from; at < to; at++) {
    const slot = sequence[at] as number;
    if (matchFlags !== null && matchFlags[slot] === 0) continue;
    if (categoryFlags !== null && categoryFlags[category[slot] as number] !== 1) continue;
    if (styleFlags !== null && styleFlags[slot] === 0) continue;
    if (checksPrice) {
      const cents = price[slot] as number;
      if (cents < low || cents > high) continue;
    }
    if (passed >= offset) {
      page.push(ids[slot] as number);
      if (passed + 1 >= end) break;
    }
    passed++;
  }
  return { ids: page, total };
}

/** A read of the catalogue's number: when it was sent, and its answer. */
type Probe = { sentAt: number; version: Promise<number> };

type Held = {
  index: ListIndex | null;
  reading: Promise<void> | null;
  /** The read of the number under way, and the one to send once it is answered. */
  probe: Probe | null;
  nextProbe: Promise<number> | null;
};
const held = new WeakMap<object, Held>();

function sendProbe(db: Db, state: Held): Probe {
  const probe: Probe = {
    sentAt: performance.now(),
    version: preparedRows<{ version: number | string }>(db, sql`select version from catalogue_version`).then(
      ([row]) => Number(row?.version ?? -1),
    ),
  };
  state.probe = probe;
  const settled = () => {
    if (state.probe === probe) state.probe = null;
  };
  probe.version.then(settled, settled);
  return probe;
}

/**
 * The catalogue's number as of a moment after `askedAt`: every change committed before the list
 * was asked for is seen. One read answers every list asked before it was sent; lists asked while
 * it is under way share the next, sent once it is answered. Under load that is one small read per
 * round trip to the database rather than one per list.
 */
function versionSince(db: Db, state: Held, askedAt: number): Promise<number> {
  const current = state.probe;
  if (!current) return sendProbe(db, state).version;
  if (current.sentAt >= askedAt) return current.version;
  if (!state.nextProbe) {
    const next = current.version
      .catch(() => undefined)
      .then(() => {
        if (state.nextProbe === next) state.nextProbe = null;
        return sendProbe(db, state).version;
      });
    state.nextProbe = next;
  }
  return state.nextProbe;
}

/**
 * The held keys when they are of the database's current number; null while they are read again
 * (the caller then reads the list from the database). Keys of the current number but older than
 * `INDEX_REFRESH_MS` still answer while fresh ones are read.
 */
export async function currentListIndex(db: Db): Promise<ListIndex | null> {
  return (await currentCatalogue(db)).index;
}

/** The catalogue's number as of now, and the held keys when they are of it (`currentListIndex`). */
export async function currentCatalogue(db: Db): Promise<{ index: ListIndex | null; version: number }> {
  const askedAt = performance.now();
  const database = databaseOf(db);
  let state = held.get(database);
  if (!state) {
    state = { index: null, reading: null, probe: null, nextProbe: null };
    held.set(database, state);
  }
  const version = await versionSince(database as Db, state, askedAt);
  const index = state.index;
  const current = index !== null && index.version === version;
  if (!state.reading && (!current || Date.now() - index.readAt > INDEX_REFRESH_MS)) {
    const owner = state;
    owner.reading = readListIndex(db, index, current)
      .then((fresh) => {
        owner.index = fresh;
      })
      .catch(() => {
        // The lists are read from the database until a later read succeeds.
      })
      .finally(() => {
        owner.reading = null;
      });
  }
  return { index: current ? index : null, version };
}

/**
 * The keys read again. Held keys of the current number (the minute's timer) ask first for only
 * what sales and likes move, and are kept with it while the number is still theirs.
 */
async function readListIndex(db: Db, held: ListIndex | null, current: boolean): Promise<ListIndex> {
  const readAt = Date.now();
  const database = databaseOf(db) as Db;
  if (held !== null && current) {
    const [popularity] = await preparedRows<{ version: number | string; popularity: string | null }>(
      database,
      popularityQuery,
    );
    if (popularity && Number(popularity.version) === held.version) {
      const again = await withPopularityReadAgain(held, popularity.popularity, readAt);
      if (again) return again;
    }
  }
  const [row] = await preparedRows<IndexRow>(
    database,
    indexQuery(held?.parts.version ?? NO_PARTS.version, held?.version ?? -1),
  );
  if (!row) throw new Error('the catalogue index query answered no row');
  return buildListIndex(row, readAt, held);
}

/** Waits for a read of the keys under way (tests, and a warm start). */
export async function listIndexRead(db: Db): Promise<void> {
  await held.get(databaseOf(db))?.reading;
}
