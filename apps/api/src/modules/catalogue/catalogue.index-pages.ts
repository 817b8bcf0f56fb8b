import type { ProductListQuery } from '@promptmarket/contracts';
import { type ListIndex, type Order, slotOfId } from './catalogue.index';

/* A page of a list and its total, read from the list index (`catalogue.index.ts`). */

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
  const cached = matchSlots.get(matches);
  if (cached?.index === index) return cached;
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

/** The most totals cached with one reading of the index; the first counted go first. */
const TOTALS_CACHED = 20_000;

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

/** A list's filters as the cached index checks them: null where a filter is not asked. */
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
 * A list's total from the index: each group's products (a category's, a style's, a search's
 * matches, or all) are listed by price in it, so the ones in a price range are found by two
 * binary searches in the shortest group, and only the filters that group is not are
 * checked, within that range. A price range alone, or one category or style with or without it,
 * is counted without a walk; the rest walk their range of the shortest group rather than the
 * whole of it (totals so walked are cached with the index, by filters).
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
  const filtersKey = key();
  const known = index.totals.get(filtersKey);
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
  index.totals.set(filtersKey, total);
  if (index.totals.size > TOTALS_CACHED) index.totals.delete(index.totals.keys().next().value as string);
  return total;
}

/**
 * One page of a list from the cached index: the products passing every filter, in the asked order
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
  // range by dearest first walked past every dearer product, most of the catalogue for a cheap
  // range).
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
