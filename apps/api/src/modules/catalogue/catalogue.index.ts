import { DEFAULT_LOCALE, type ProductSummary } from '@promptmarket/contracts';
import { sql } from 'drizzle-orm';
import {
  bySlot,
  integers,
  listingSlots,
  type PackedTexts,
  packedByIds,
  packedBySlot,
  packedTexts,
  slotIn,
} from './catalogue.packed-texts';

/**
 * The list index (decision 0023): the product lists' keys cached in each process. For every
 * product on sale its category, price and styles, and its place in each sort order, as the
 * database sorts them. A list of any filters and sort, and its total, is then read here from
 * memory, instead of a count and a page query for every address nobody asked before.
 *
 * The database keeps a catalogue version that moves on with every change a list shows
 * (`catalogue_version`, by triggers). Each list reads it first; while the cached index is of an
 * older catalogue version, lists are read from the database and the index is read again once.
 * Sales and likes do not move the catalogue version: the index is read again when older than
 * `INDEX_REFRESH_MS`, while the older one still answers. Visitors' tiles read meanwhile are cached
 * for as long, so a tile's likes count, like the popular order, is at most that old for visitors;
 * signed-in users' tiles are always read afresh.
 */

export type Order = 'newest' | 'price_asc' | 'price_desc' | 'popular' | 'rating';

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
  /** Visitors' tiles (`cacheTile`), by language, rate and id; cached while the catalogue version stays. */
  tiles: Map<string, CachedTile>;
  /** How many visible reviews each slot has, and the sum of their stars (the tiles' rating). */
  ratingCount: Int32Array;
  ratingSum: Int32Array;
  /** Likes count of each slot, as read with the keys (at most `INDEX_REFRESH_MS` old, like the popular order). */
  likes: Int32Array;
  /** What an English tile shows beyond the keys, read when the catalogue version moved on (`TileParts`). */
  parts: TileParts;
};

/** A visitor's tile cached with the index (`catalogue.tile-cache.ts`), and when it was cached. */
export type CachedTile = { tile: ProductSummary; cachedAt: number };

/**
 * The parts of each slot's tile in English (slug, title, picture key) and the categories' English
 * titles: a visitor's English tile is made from them and the keys, with no read of the database.
 * They change only with the catalogue version, so a read of the keys at the same version reuses them.
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

export type IndexRow = {
  version: number | string;
  /** Every product on sale as `id,sales,likes`, most popular first (`popularityOf`). */
  popularity: string | null;
  /**
   * JSON arrays, or null when the catalogue version is the one the parts were read at: the slugs and picture
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
  /** Texts of integers; these (up to `styles`) are null when the version is the cached index's own. */
  ids: string | null;
  categories_of: string | null;
  prices: string | null;
  /** Each slot's reviews count and sum of stars, in the order of `listing_slots`. */
  rating_counts: string | null;
  rating_sums: string | null;
  newest: string | null;
  /** Slots by rating: the best average first, then the most reviews, then the newest. */
  best_rated: string | null;
  cheapest: string | null;
  style_slots: string | null;
  style_ids: string | null;
  categories: string | null;
  styles: string | null;
};

/**
 * Every product on sale as `id,sales,likes`, most popular first, in one text. The order comes from
 * reading the popular index backwards, without a sort: aggregates ordered by sales and by slot
 * sorted every product on sale, in every worker each minute (decision 0023). The order is checked
 * when read (`popularityOf`).
 */
const POPULARITY = sql`(select string_agg(p.id || ',' || p.sales_count || ',' || p.likes_count, ',')
    from (select id, sales_count, likes_count from products where is_active
      order by sales_count desc, likes_count desc, id desc) p)`;

/**
 * The rating sort in SQL (the lists read from the database use it too): the best average of the
 * visible reviews first, products without one last, then the most reviews, then the newest.
 */
const BY_RATING = sql.raw(
  'rating_sum::float8 / nullif(rating_count, 0) desc nulls last, rating_count desc, created_at desc, id desc',
);

/** What the minute's timer reads at the cached index's version: the version, and what sales and likes move. */
export const popularityQuery = sql`select version, ${POPULARITY} as popularity from catalogue_version`;

/**
 * Everything in one statement, so the keys are of one moment. The database numbers the products
 * on sale (their slots) and sorts them; each list comes as one text of integers (`string_agg`)
 * rather than a row per product, which the driver would take far longer to read, and the sorting is
 * done there rather than in the process that answers the visitors. The tile parts come only with
 * a new catalogue version, and what sales and likes move comes as `popularity` (read alone on the
 * minute's timer, `popularityQuery`).
 *
 * What only needs each product's slot comes unsorted, with the slots (`listing_slots`), and the
 * English titles with their products' ids: aggregates ordered by slot would each sort every
 * product on sale, and join the titles to the products besides, which made the whole read longer
 * (decision 0023). They are put in slot order here (`bySlot`).
 */
export function indexQuery(partsVersion: number, keysVersion: number) {
  return sql`with current_version as materialized (select version from catalogue_version),
  listed as materialized (
    select id, category_id, price_cents, created_at, slug, image_key, rating_count, rating_sum,
      (row_number() over (order by id) - 1)::int as slot
    from products where is_active
  ), styled as materialized (
    select l.slot, ps.style_id from product_styles ps join listed l on l.id = ps.product_id
    where (select version from current_version) <> ${keysVersion}
  ), listing as materialized (
    select string_agg(slot::text, ',') as slots, string_agg(id::text, ',') as ids,
      string_agg(category_id::text, ',') as categories_of, string_agg(price_cents::text, ',') as prices,
      string_agg(rating_count::text, ',') as rating_counts, string_agg(rating_sum::text, ',') as rating_sums,
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
  (select rating_counts from listing where (select version from current_version) <> ${keysVersion}) as rating_counts,
  (select rating_sums from listing where (select version from current_version) <> ${keysVersion}) as rating_sums,
  (select string_agg(slot::text, ',' order by created_at desc, id desc) from listed
    where (select version from current_version) <> ${keysVersion}) as newest,
  (select string_agg(slot::text, ',' order by price_cents asc, id asc) from listed
    where (select version from current_version) <> ${keysVersion}) as cheapest,
  (select string_agg(slot::text, ',' order by ${BY_RATING}) from listed
    where (select version from current_version) <> ${keysVersion}) as best_rated,
  (select string_agg(slot::text, ',' order by style_id, slot) from styled) as style_slots,
  (select string_agg(style_id::text, ',' order by style_id, slot) from styled) as style_ids,
  (select string_agg(c.id || ':' || c.slug || ':' || coalesce(c.parent_id::text, ''), ',') from categories c
    where (select version from current_version) <> ${keysVersion}) as categories,
  (select string_agg(s.id || ':' || s.slug, ',') from styles s
    where (select version from current_version) <> ${keysVersion}) as styles`;
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
 * Lets what waits for the event loop run: the keys are built in short steps, so reading them
 * again (every minute, and whenever the catalogue changes) never makes the visitors' answers wait
 * for the whole build, which grows with the catalogue.
 */
function yieldToEventLoop(): Promise<void> {
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

const NO_TEXTS: PackedTexts = packedTexts('[]');
export const NO_PARTS: TileParts = {
  version: -1,
  slugs: NO_TEXTS,
  titles: NO_TEXTS,
  imageKeys: NO_TEXTS,
  categories: new Map(),
};

/** The tile parts of this reading, or the cached ones when not read again (the version stayed). */
function tilePartsOf(row: IndexRow, cached: TileParts, ids: Int32Array, slots: Int32Array | null): TileParts {
  const version = Number(row.version);
  if (row.slugs === null || row.titles === null || row.image_keys === null) {
    // No products on sale: json_agg of nothing. Otherwise the catalogue version is the cached parts' own.
    return cached.version === version ? cached : { ...NO_PARTS, version };
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

const ORDERS: readonly Order[] = ['newest', 'price_asc', 'price_desc', 'popular', 'rating'];

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
    await yieldToEventLoop();
  }
  return lists;
}

/**
 * The keys from a reading. Read at the catalogue version `cached` is of, the reading has only the likes
 * and the popular order, and the rest is `cached`'s; otherwise everything is built from the reading.
 */
export async function buildListIndex(
  row: IndexRow,
  readAt: number,
  cached: ListIndex | null = null,
): Promise<ListIndex> {
  const version = Number(row.version);
  if (cached !== null && cached.version === version && row.ids === null) {
    const again = await withPopularityReadAgain(cached, row.popularity, readAt);
    if (!again) throw new Error('the popular order is not of the cached index');
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
  await yieldToEventLoop();
  const cheapest = integers(row.cheapest, int32);
  const orders: Record<Order, Int32Array> = {
    newest: integers(row.newest, int32),
    price_asc: cheapest,
    price_desc: cheapest.slice().reverse(),
    popular: popularity.popular,
    rating: integers(row.best_rated, int32),
  };
  await yieldToEventLoop();

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
  await yieldToEventLoop();
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
    rating: placesOf(orders.rating),
  };
  await yieldToEventLoop();
  const parts = tilePartsOf(row, cached?.parts ?? NO_PARTS, ids, slots);

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
    ratingCount: bySlot(integers(row.rating_counts, int32), slots),
    ratingSum: bySlot(integers(row.rating_sums, int32), slots),
    likes: popularity.likes,
    parts,
  };
}

/**
 * The cached index with the likes and the popular order of a reading at its catalogue version:
 * nothing else a list shows moved, so the other orders, the groups, the parts, the totals and the
 * cached tiles stay. Null when the reading is not of the cached index's products.
 */
export async function withPopularityReadAgain(
  cached: ListIndex,
  popularity: string | null,
  readAt: number,
): Promise<ListIndex | null> {
  const read = popularityOf(popularity, cached.ids);
  if (!read) return null;
  const { popular, likes } = read;
  await yieldToEventLoop();
  const styleLists = groupsInOrder(popular, cached.groups.styles);
  await yieldToEventLoop();
  const categoryLists = groupsInOrder(popular, cached.groups.categories);
  const popularOf = (orders: Map<string, Record<Order, Int32Array>>, lists: Int32Array[]) =>
    new Map(
      [...orders].map(([slug, each], group) => [slug, { ...each, popular: lists[group] as Int32Array }]),
    );
  return {
    ...cached,
    readAt,
    orders: { ...cached.orders, popular },
    places: { ...cached.places, popular: placesOf(popular) },
    styleOrders: popularOf(cached.styleOrders, styleLists),
    categoryOrders: popularOf(cached.categoryOrders, categoryLists),
    likes,
  };
}

/** The slot of a product id, or -1 when it is not on sale: slots are in id order. */
export function slotOfId(index: ListIndex, id: number): number {
  return slotIn(index.ids, id);
}
