import {
  type Category,
  chargeFromEurCents,
  DEFAULT_LOCALE,
  INT4_MAX,
  isLocaleShaped,
  minorUnitsToNumber,
  PRODUCT_PAGE_SIZE,
  type ProductDetail,
  type ProductListQuery,
  type ProductSummary,
  SITEMAP_PRODUCTS_PER_FILE,
  type Style,
} from '@promptmarket/contracts';
import { foldText } from '@promptmarket/contracts/folded-text';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../errors';
import { forgetPublicAnswers, SerializedAnswer } from '../../lib/public-answers';
import { createTtlCache } from '../../lib/ttl-cache';
import {
  currentCatalogue,
  heldTile,
  holdTile,
  type ListIndex,
  type ListMeta,
  listMetaJson,
  packedJson,
  packedText,
  pageFromIndex,
  slotOfId,
  tileWithJson,
} from './catalogue.index';
import { previewUrls, previewUrlsJson, webpPreviewUrl } from './catalogue.media';
import {
  categories,
  categoryTranslations,
  productLikes,
  products,
  productTranslations,
  styles,
  styleTranslations,
} from './catalogue.tables';

/**
 * Who is looking and in which language and currency: what every catalogue read needs. A signed-in
 * viewer's `ownedAmong` answers which of a few products they bought: the orders own that, so the
 * caller passes it in (the tiles mark them `owned`). A viewer without it owns nothing. `inCart`
 * likewise answers whether a product is in their cart (the cart belongs to the orders too).
 */
export type Viewer = {
  locale: string;
  userId: string | null;
  rateEur: number;
  ownedAmong?: (productIds: number[]) => Promise<ReadonlySet<number>>;
  inCart?: (productId: number) => Promise<boolean>;
};

type SummaryRow = {
  id: number;
  slug: string;
  price_cents: number | string;
  image_key: string;
  likes_count: number;
  liked: boolean;
  title: string;
  category_id: number;
  category_slug: string;
  category_title: string;
};

/** Full-text dictionaries PostgreSQL has for the shop's languages; others use `simple`. */
const dictionaries: Record<string, string> = {
  en: 'english',
  de: 'german',
  fr: 'french',
  es: 'spanish',
  it: 'italian',
};

function dictionaryFor(locale: string): string {
  return Object.hasOwn(dictionaries, locale) ? (dictionaries[locale] as string) : 'simple';
}

/** A search's words, folded as the titles' vectors are ("Zachód" -> "zachod"), at most `limit`. */
function searchedWords(search: string, limit: number): string[] {
  return (
    foldText(search)
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, limit) ?? []
  );
}

/** "Portrai Słońce" -> "portrai:* & slonce:*": every word, folded, as a prefix. Null when no word remains. */
export function prefixQuery(search: string): string | null {
  const words = searchedWords(search, 8);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** How similar a misspelt word must be to a known title word to stand in for it (pg_trgm similarity). */
export const TYPO_THRESHOLD = 0.35;

function toCents(price: number | string): number {
  return typeof price === 'number' ? price : Number(price);
}

/**
 * A price in EUR cents as a display number in the internal currency (1 unit = `rateEur` EUR): what
 * buying it charges, rounded up as every charge is.
 */
function internalAmount(cents: number, rateEur: number): number {
  return minorUnitsToNumber(chargeFromEurCents(cents, rateEur));
}

function toSummary(row: SummaryRow, viewer: Viewer, owned: ReadonlySet<number>): ProductSummary {
  const cents = toCents(row.price_cents);
  const images = previewUrls(row.image_key);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    price: internalAmount(cents, viewer.rateEur),
    price_eur: minorUnitsToNumber(cents),
    thumb_url: images.webp['320'] ?? '',
    image_url: images.webp['640'] ?? '',
    images,
    likes_count: row.likes_count ?? 0,
    liked: Boolean(row.liked),
    owned: owned.has(row.id),
    category: { id: row.category_id, slug: row.category_slug, title: row.category_title },
  };
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
function heldPartsTile(index: ListIndex, id: number, rateEur: number): ProductSummary | null {
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
function heldPartsListJson(
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

/** The columns of a product tile, titles in the viewer's language with English behind them. */
function summarySelect(viewer: Viewer): SQL {
  const liked = viewer.userId
    ? sql`exists (select 1 from product_likes pl where pl.product_id = p.id and pl.user_id = ${viewer.userId})`
    : sql`false`;
  // In English the titles are the English ones: the joins of the viewer's own are left out, a
  // sixth of the statement's time for a page of tiles.
  if (viewer.locale === DEFAULT_LOCALE) {
    return sql`
    select p.id, p.slug, p.price_cents, p.image_key, p.likes_count, ${liked} as liked,
      te.title as title, c.id as category_id, c.slug as category_slug, ce.title as category_title
    from products p
    join product_translations te on te.product_id = p.id and te.locale = ${DEFAULT_LOCALE}
    join categories c on c.id = p.category_id
    join category_translations ce on ce.category_id = c.id and ce.locale = ${DEFAULT_LOCALE}`;
  }
  return sql`
    select p.id, p.slug, p.price_cents, p.image_key, p.likes_count, ${liked} as liked,
      coalesce(tl.title, te.title) as title,
      c.id as category_id, c.slug as category_slug, coalesce(cl.title, ce.title) as category_title
    from products p
    join product_translations te on te.product_id = p.id and te.locale = ${DEFAULT_LOCALE}
    left join product_translations tl on tl.product_id = p.id and tl.locale = ${viewer.locale}
    join categories c on c.id = p.category_id
    join category_translations ce on ce.category_id = c.id and ce.locale = ${DEFAULT_LOCALE}
    left join category_translations cl on cl.category_id = c.id and cl.locale = ${viewer.locale}`;
}

const NONE_OWNED: ReadonlySet<number> = new Set();

/** Which of these products the viewer owns: asked of the orders once per read, for a signed-in viewer. */
function ownedOf(viewer: Viewer, productIds: number[]): Promise<ReadonlySet<number>> {
  if (!viewer.userId || !viewer.ownedAmong || productIds.length === 0) return Promise.resolve(NONE_OWNED);
  return viewer.ownedAmong(productIds);
}

/**
 * How a search matches: by full text (word prefixes, in the viewer's language and English), or,
 * when that finds nothing, by full text with the known words closest to the ones typed.
 */
type SearchMode = 'text' | 'typo';

/**
 * The parsed full-text query in one dictionary, as a subquery: PostgreSQL evaluates it once per
 * statement (an InitPlan). Written as a plain call, a prepared statement's generic plan would
 * parse the query again for every row it checks or ranks (5,000 rows for `portrait`: 37 ms
 * instead of 12 ms). The dictionary's name comes from the table above.
 */
function parsedQuery(locale: string, tsQuery: string): SQL {
  return sql`(select to_tsquery(${sql.raw(`'${dictionaryFor(locale)}'`)}::regconfig, ${tsQuery}))`;
}

/**
 * A language code written into the statement rather than passed as a value: each language's
 * search is then its own prepared statement, whose generic plan reads that language's own search
 * index (`WHERE locale = 'en'`, …). With the code as a parameter the plan could only read the
 * index over every language and drop the other languages' matches one by one (10,845 entries
 * read for 2,503 English matches of `cyber`). Only a code of the usual shape is ever written.
 */
function localeLiteral(locale: string): SQL {
  if (!isLocaleShaped(locale)) throw new Error(`Not a language code: ${locale}`);
  return sql.raw(`'${locale}'`);
}

function textMatch(viewer: Viewer, tsQuery: string | null): SQL {
  if (!tsQuery) return sql`false`;
  const english = sql`(t.locale = ${localeLiteral(DEFAULT_LOCALE)} and t.search @@ ${parsedQuery(DEFAULT_LOCALE, tsQuery)})`;
  if (viewer.locale === DEFAULT_LOCALE) return english;
  return sql`(t.locale = ${localeLiteral(viewer.locale)} and t.search @@ ${parsedQuery(viewer.locale, tsQuery)})
    or ${english}`;
}

/** How well a matching translation matches, each in its own language's dictionary. */
function textRank(viewer: Viewer, tsQuery: string): SQL {
  const english = parsedQuery(DEFAULT_LOCALE, tsQuery);
  if (viewer.locale === DEFAULT_LOCALE) return sql`ts_rank(t.search, ${english})`;
  return sql`ts_rank(t.search, case when t.locale = ${localeLiteral(DEFAULT_LOCALE)} then ${english}
    else ${parsedQuery(viewer.locale, tsQuery)} end)`;
}

/** How many known words may stand in for one misspelt word. */
const TYPO_CANDIDATES = 5;

/**
 * What a search that found nothing as typed looks for instead: the full-text query in which each
 * word is replaced by the title words most similar to it (pg_trgm on the small `search_words`
 * table, both folded), and the search as the nearest words are written ("słońce zachod" ->
 * "słońca zachód"), offered to the visitor as "did you mean". Null when some word resembles nothing.
 */
export type TypoSearch = { tsQuery: string; suggestion: string };

async function typoQuery(db: Db, search: string): Promise<TypoSearch | null> {
  const groups: string[] = [];
  const nearest: string[] = [];
  for (const word of searchedWords(search, 5)) {
    // `search_words` holds the titles' words (a few thousand), so comparing with each is quick
    // and needs no session setting for the similarity threshold.
    const rows = await preparedRows<{ word: string; folded: string }>(
      db,
      sql`select word, folded from search_words where similarity(folded, ${word}) >= ${TYPO_THRESHOLD}
        order by similarity(folded, ${word}) desc, word limit ${TYPO_CANDIDATES}`,
    );
    // Only plain words go into the query text.
    const candidates = rows.filter(
      (row) => /^[\p{L}\p{N}]+$/u.test(row.word) && /^[\p{L}\p{N}]+$/u.test(row.folded),
    );
    const best = candidates[0];
    if (!best) return null;
    groups.push(`(${[...new Set(candidates.map((row) => `${row.folded}:*`))].join(' | ')})`);
    nearest.push(best.word);
  }
  return groups.length > 0 ? { tsQuery: groups.join(' & '), suggestion: nearest.join(' ') } : null;
}

function filters(
  query: ProductListQuery,
  viewer: Viewer,
  tsQuery: string | null,
  { withSearch = true } = {},
): SQL[] {
  const conditions: SQL[] = [sql`p.is_active`];
  if (query.category_slugs?.length) {
    // A top-level category includes its subcategories.
    conditions.push(sql`p.category_id in (
      select id from categories where slug in ${query.category_slugs}
      union select id from categories where parent_id in (select id from categories where slug in ${query.category_slugs}))`);
  }
  if (query.style_slugs?.length) {
    conditions.push(sql`p.id in (
      select ps.product_id from product_styles ps join styles s on s.id = ps.style_id where s.slug in ${query.style_slugs})`);
  }
  if (query.price_min !== undefined) conditions.push(sql`p.price_cents >= ${query.price_min}`);
  if (query.price_max !== undefined) conditions.push(sql`p.price_cents <= ${query.price_max}`);
  if (query.search && withSearch) {
    conditions.push(
      sql`p.id in (select t.product_id from product_search t where ${textMatch(viewer, tsQuery)})`,
    );
  }
  return conditions;
}

function ordering(sort: Exclude<ProductListQuery['sort'], undefined> | 'relevance'): SQL {
  switch (sort) {
    case 'price_asc':
      return sql`p.price_cents asc, p.id asc`;
    case 'price_desc':
      return sql`p.price_cents desc, p.id desc`;
    case 'popular':
      return sql`p.sales_count desc, p.likes_count desc, p.id desc`;
    default:
      return sql`p.created_at desc, p.id desc`;
  }
}

/**
 * One page of matching ids. A search sorted by relevance ranks each matching title once (the
 * best of the viewer's language and English) and joins the products to that; other sorts read
 * the products' sort indexes. Only ids travel through the offset, so a deep page skips index
 * entries, not joined rows.
 */
function pageOfIds(
  query: ProductListQuery,
  viewer: Viewer,
  tsQuery: string | null,
  page: number,
  perPage: number,
) {
  const sort = query.sort ?? (query.search ? 'relevance' : 'newest');
  const offset = (page - 1) * perPage;
  if (sort === 'relevance' && query.search && tsQuery) {
    const rank = textRank(viewer, tsQuery);
    const ranked = sql`select t.product_id, max(${rank}) as score
        from product_search t where ${textMatch(viewer, tsQuery)} group by t.product_id`;
    const productFilters = filters(query, viewer, tsQuery, { withSearch: false });
    if (productFilters.length === 1) {
      // Only "active" to check: the matches are ranked and sorted first (OFFSET 0 keeps that
      // subquery whole), then each is checked in rank order until the page is full, instead of
      // joining every match to the products.
      return sql`select m.product_id as id from (${ranked} order by score desc, t.product_id desc offset 0) m
        where (select p.is_active from products p where p.id = m.product_id)
        order by m.score desc, m.product_id desc limit ${perPage} offset ${offset}`;
    }
    // With a category, style or price too, only the products that pass them are ranked: the
    // planner may start from those (often a few dozen) rather than rank every match first.
    return sql`select p.id from products p join product_search t on t.product_id = p.id
      where ${sql.join(productFilters, sql` and `)} and (${textMatch(viewer, tsQuery)})
      group by p.id order by max(${rank}) desc, p.id desc limit ${perPage} offset ${offset}`;
  }
  const where = sql.join(filters(query, viewer, tsQuery), sql` and `);
  return sql`select p.id from products p where ${where} order by ${ordering(sort)} limit ${perPage} offset ${offset}`;
}

/**
 * How many products match a filter, kept for a minute: paging through a list, or many visitors
 * opening the same one, should not count the whole catalogue every time (a search's count reads
 * every match). Only the catalogue's own changes move a count, and each of them clears these in
 * every process once committed (`forgetCatalogueCounts`); the minute bounds what a change made
 * past the services would leave. The page itself is always read fresh.
 */
const COUNT_CACHE_MS = 60_000;
const countCache = createTtlCache<Db, number>(COUNT_CACHE_MS, { maxEntries: 1000, name: 'catalogue-counts' });
const typoCache = createTtlCache<Db, TypoSearch | null>(COUNT_CACHE_MS, {
  maxEntries: 1000,
  name: 'catalogue-typos',
});

/**
 * A search sorted by relevance with no other filter is ranked once and kept, like a count, for a
 * minute (cleared with the counts): each page is a slice of that ranking, so paging through the
 * results, or many visitors asking the same words, ranks the matches only once. The best
 * `RANKED_KEEP_LIMIT` are kept; when that is all of them it is also the total, otherwise the total
 * is counted, and a page past them is ranked on its own as before.
 */
const RANKED_KEEP_LIMIT = 10_000;
type Ranking = { ids: number[]; complete: boolean; key: string };
const rankedCache = createTtlCache<Db, Ranking>(COUNT_CACHE_MS, {
  maxEntries: 200,
  name: 'catalogue-ranked',
});

/**
 * The active matches' ids, best first (one more than is kept, to tell whether that is all). Each
 * match is ranked from the translation row the search reads anyway; products off sale are left
 * out through their own small index rather than by looking every match up among the active ones.
 * In English each product has one matching translation, so there is nothing to group.
 */
export function rankedIds(viewer: Viewer, tsQuery: string, keep: number): SQL {
  const onSale = sql`not exists (select 1 from products p where p.id = t.product_id and not p.is_active)`;
  const matches = sql`from product_search t where (${textMatch(viewer, tsQuery)}) and ${onSale}`;
  const rank = textRank(viewer, tsQuery);
  if (viewer.locale === DEFAULT_LOCALE) {
    return sql`select t.product_id as id ${matches} order by ${rank} desc, t.product_id desc limit ${keep + 1}`;
  }
  return sql`select t.product_id as id ${matches} group by t.product_id
    order by max(${rank}) desc, t.product_id desc limit ${keep + 1}`;
}

/**
 * A search's reads (whether its words are found, the title words nearest its typos, its ranking)
 * follow only the catalogue's texts and what is on sale, and every change to those moves the
 * catalogue's number (decision 0023). A list reads the number first, so these reads are kept under
 * it for up to `SEARCH_BY_NUMBER_MS` rather than a minute: read again once the catalogue changes,
 * however it was changed, and not before. At 100,000 products ranking a common word takes the
 * database 40-70 ms, and every worker ranked every word in use again each minute. A list read
 * without the number (`heldKeys: false`) keeps them for a minute.
 */
const SEARCH_BY_NUMBER_MS = 10 * 60_000;
const foundByNumber = createTtlCache<Db, number>(SEARCH_BY_NUMBER_MS, {
  maxEntries: 1000,
  name: 'catalogue-found-by-number',
});
const typosByNumber = createTtlCache<Db, TypoSearch | null>(SEARCH_BY_NUMBER_MS, {
  maxEntries: 1000,
  name: 'catalogue-typos-by-number',
});
const rankedByNumber = createTtlCache<Db, Ranking>(SEARCH_BY_NUMBER_MS, {
  maxEntries: 200,
  name: 'catalogue-ranked-by-number',
});

type SearchReads = {
  found: typeof countCache;
  typos: typeof typoCache;
  ranked: typeof rankedCache;
  /** What the keys carry: the catalogue's number, or nothing. */
  at: string;
};

/** Where a search's reads are kept: under the catalogue's number when it is known, else for a minute. */
function searchReads(version: number | null): SearchReads {
  return version === null
    ? { found: countCache, typos: typoCache, ranked: rankedCache, at: '' }
    : { found: foundByNumber, typos: typosByNumber, ranked: rankedByNumber, at: `@${version}` };
}

/** The kept ranking of a plain relevance search; null for any other list. */
async function keptRanking(
  db: Db,
  query: ProductListQuery,
  viewer: Viewer,
  tsQuery: string | null,
  keep: number,
  reads: SearchReads,
): Promise<Ranking | null> {
  const plain =
    query.search &&
    tsQuery &&
    (query.sort ?? 'relevance') === 'relevance' &&
    filters(query, viewer, tsQuery, { withSearch: false }).length === 1;
  return plain && tsQuery ? rankingOf(db, viewer, tsQuery, keep, reads) : null;
}

/** A search's best `keep` matches on sale, best first, ranked once and kept. */
function rankingOf(
  db: Db,
  viewer: Viewer,
  tsQuery: string,
  keep: number,
  reads: SearchReads,
): Promise<Ranking> {
  const key = `${keep}:${viewer.locale}:${tsQuery}${reads.at}`;
  return reads.ranked.get(db, key, async () => {
    const rows = await preparedRows<{ id: number }>(db, rankedIds(viewer, tsQuery, keep));
    return { ids: rows.slice(0, keep).map((row) => row.id), complete: rows.length <= keep, key };
  });
}

function countKey(query: ProductListQuery, viewer: Viewer, mode: SearchMode): string {
  const { page: _page, per_page: _perPage, sort: _sort, ...filtersOnly } = query;
  return JSON.stringify({ ...filtersOnly, locale: query.search ? viewer.locale : null, mode });
}

/**
 * One page of the catalogue with the Laravel paging meta. Search is full text in the
 * viewer's language and English, by word prefix, and tolerates typos (pg_trgm).
 *
 * The page and its total come from the keys held in memory (`catalogue.index.ts`) when they are
 * current and a search's matches are all ranked; otherwise from the database, as below.
 */
type ListOptions = {
  keepRanked?: number;
  /** False reads the list from the database even when the held keys are current (tests compare both). */
  heldKeys?: boolean;
};

type ProductList = { data: ProductSummary[]; meta: ListMeta };

export function listProducts(
  db: Db,
  query: ProductListQuery,
  viewer: Viewer,
  options: ListOptions = {},
): Promise<ProductList> {
  return listOf(db, query, viewer, options, false) as Promise<ProductList>;
}

/**
 * A list for its route, which sends only its JSON: a visitor's English list of tiles made from
 * the held parts comes as that JSON (`SerializedAnswer`), with no tile objects made; any other as
 * `listProducts` answers it.
 */
export function listProductsAnswer(
  db: Db,
  query: ProductListQuery,
  viewer: Viewer,
  options: ListOptions = {},
): Promise<ProductList | SerializedAnswer> {
  return listOf(db, query, viewer, options, true);
}

async function listOf(
  db: Db,
  query: ProductListQuery,
  viewer: Viewer,
  { keepRanked = RANKED_KEEP_LIMIT, heldKeys = true }: ListOptions,
  asJson: boolean,
): Promise<ProductList | SerializedAnswer> {
  const perPage = query.per_page ?? PRODUCT_PAGE_SIZE;
  const page = query.page ?? 1;
  let tsQuery = query.search ? prefixQuery(query.search) : null;
  let mode: SearchMode = 'text';
  let suggestion: string | undefined;
  const catalogue = heldKeys ? await currentCatalogue(db) : null;
  const index = catalogue?.index ?? null;
  const reads = searchReads(catalogue?.version ?? null);
  if (query.search) {
    const found = await reads.found.get(db, `found:${viewer.locale}:${tsQuery}${reads.at}`, async () => {
      const [row] = await preparedRows<{ found: boolean }>(
        db,
        sql`select exists (select 1 from product_search t where ${textMatch(viewer, tsQuery)}) as found`,
      );
      return row?.found ? 1 : 0;
    });
    if (!found) {
      mode = 'typo';
      const search = query.search;
      // The nearest words change only with the titles: kept with the search's other reads.
      const typo = await reads.typos.get(db, `${foldText(search)}${reads.at}`, () => typoQuery(db, search));
      tsQuery = typo?.tsQuery ?? null;
      suggestion = typo?.suggestion;
    }
  }
  const offset = (page - 1) * perPage;
  if (index) {
    if (query.search && !tsQuery) return pageOf(db, viewer, [], { page, perPage, total: 0 });
    const matches = tsQuery ? await rankingOf(db, viewer, tsQuery, keepRanked, reads) : null;
    if (!matches || matches.complete) {
      const { ids, total } = pageFromIndex(index, query, matches, offset, perPage);
      if (asJson && !viewer.userId && viewer.locale === DEFAULT_LOCALE) {
        const json = heldPartsListJson(index, ids, viewer.rateEur, metaOf(page, perPage, total, suggestion));
        if (json !== null) return json;
      }
      return pageOf(db, viewer, ids, { page, perPage, total, suggestion }, index);
    }
  }
  const where = sql.join(filters(query, viewer, tsQuery), sql` and `);
  const countRead = () =>
    countCache.get(db, countKey(query, viewer, mode), async () => {
      const [countRow] = await preparedRows<{ total: number | string }>(
        db,
        sql`select count(*) as total from products p where ${where}`,
      );
      return Number(countRow?.total ?? 0);
    });
  const ranking = await keptRanking(db, query, viewer, tsQuery, keepRanked, reads);
  if (ranking && (ranking.complete || offset + perPage <= ranking.ids.length)) {
    return pageOf(db, viewer, ranking.ids.slice(offset, offset + perPage), {
      page,
      perPage,
      total: ranking.complete ? ranking.ids.length : await countRead(),
      suggestion,
    });
  }
  const pageRead = () => preparedRows<{ id: number }>(db, pageOfIds(query, viewer, tsQuery, page, perPage));
  // With the count kept (for a few seconds), a page past the end, or a search that finds
  // nothing within the chosen category or style, needs no page query: such a query walks the
  // whole sort index looking for rows that are not there. Otherwise both are read at once.
  const kept = countCache.peek(db, countKey(query, viewer, mode));
  const keptTotal = kept ? await kept : null;
  const [total, idRows] =
    keptTotal === null
      ? await Promise.all([countRead(), pageRead()])
      : [keptTotal, offset < keptTotal ? await pageRead() : []];
  return pageOf(
    db,
    viewer,
    idRows.map((row) => row.id),
    { page, perPage, total, suggestion },
  );
}

/** The summaries of one page's ids, in their order, with the Laravel paging meta. */
async function pageOf(
  db: Db,
  viewer: Viewer,
  ids: number[],
  {
    page,
    perPage,
    total,
    suggestion,
  }: { page: number; perPage: number; total: number; suggestion?: string | undefined },
  index: ListIndex | null = null,
) {
  // A visitor's tiles (nothing liked or owned) are the same for every visitor of a language and
  // rate: held with the keys they were read with, and read from the database only now and then.
  const held = index && !viewer.userId ? index : null;
  const key = (id: number) => `${viewer.locale} ${viewer.rateEur} ${id}`;
  const found = new Map<number, ProductSummary>();
  // In English a visitor's tile is made from the held parts, with no read at all.
  const fromParts = held !== null && viewer.locale === DEFAULT_LOCALE;
  for (const id of held ? ids : []) {
    const tile = fromParts
      ? heldPartsTile(held as ListIndex, id, viewer.rateEur)
      : heldTile(held as ListIndex, key(id));
    if (tile) found.set(id, tile);
  }
  const missing = ids.filter((id) => !found.has(id));
  // Held tiles are a visitor's, who owns nothing: only the tiles read now are asked about.
  const [rows, owned] = await Promise.all([
    missing.length === 0
      ? []
      : preparedRows<SummaryRow>(db, sql`${summarySelect(viewer)} where p.id in ${missing}`),
    ownedOf(viewer, missing),
  ]);
  const read = new Map(rows.map((row) => [row.id, toSummary(row, viewer, owned)]));
  if (held) for (const [id, tile] of read) holdTile(held, key(id), tile);
  return {
    data: ids.flatMap((id) => {
      const tile = found.get(id) ?? read.get(id);
      return tile ? [tile] : [];
    }),
    meta: metaOf(page, perPage, total, suggestion),
  };
}

/**
 * The Laravel paging meta of a list, and for a search that found nothing as typed, the nearest
 * words it looked for instead ("did you mean").
 */
function metaOf(page: number, perPage: number, total: number, suggestion?: string): ListMeta {
  const meta = {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
  return suggestion ? { ...meta, suggestion } : meta;
}

/** A short list for the home page: hero, featured, new or top sellers. */
export async function listCollection(
  db: Db,
  collection: 'hero' | 'featured' | 'new' | 'top-sellers',
  viewer: Viewer,
): Promise<ProductSummary[]> {
  const shapes: Record<typeof collection, { where: SQL; order: SQL; limit: number }> = {
    hero: { where: sql`p.is_hero`, order: sql`p.id asc`, limit: 8 },
    featured: { where: sql`p.is_featured`, order: sql`p.id asc`, limit: 12 },
    new: { where: sql`true`, order: sql`p.created_at desc, p.id desc`, limit: 12 },
    // The same order as the popular sort, so both read the same index.
    'top-sellers': {
      where: sql`true`,
      order: sql`p.sales_count desc, p.likes_count desc, p.id desc`,
      limit: 10,
    },
  };
  const shape = shapes[collection];
  const rows = await rowsOf<SummaryRow>(
    db,
    sql`${summarySelect(viewer)} where p.is_active and ${shape.where} order by ${shape.order} limit ${shape.limit}`,
  );
  const owned = await ownedOf(
    viewer,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSummary(row, viewer, owned));
}

const PROMPT_PREVIEW_WORDS = 12;

/**
 * The first words of a prompt, never more than half of them (rounded down) and at most 12, then an
 * ellipsis: the prompt is what a buyer pays for, so no prompt is published whole, however short.
 */
export function promptPreview(prompt: string): string {
  const words = prompt.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const shown = Math.min(PROMPT_PREVIEW_WORDS, Math.floor(words.length / 2));
  return `${words.slice(0, shown).join(' ')}…`;
}

/** One product by id or slug, with its styles and up to 8 similar products of its category. Throws NOT_FOUND. */
export async function getProduct(db: Db, idOrSlug: string, viewer: Viewer): Promise<ProductDetail> {
  // A number past the integer range is no id: it is looked up as a slug, and is not found.
  const isId = /^\d{1,10}$/.test(idOrSlug) && Number(idOrSlug) <= INT4_MAX;
  const match = isId ? sql`p.id = ${Number(idOrSlug)}` : sql`p.slug = ${idOrSlug}`;
  const [row] = await rowsOf<SummaryRow & { description: string; prompt: string; created_at: string | Date }>(
    db,
    sql`select s.*, coalesce(tl.description, te.description) as description, p.prompt, p.created_at
      from (${summarySelect(viewer)} where p.is_active and ${match}) s
      join products p on p.id = s.id
      join product_translations te on te.product_id = p.id and te.locale = ${DEFAULT_LOCALE}
      left join product_translations tl on tl.product_id = p.id and tl.locale = ${viewer.locale}`,
  );
  if (!row) throw AppError.notFound();
  const productStylesRows = await rowsOf<{ id: number; slug: string; title: string }>(
    db,
    sql`select s.id, s.slug, coalesce(stl.title, ste.title) as title
      from product_styles ps
      join styles s on s.id = ps.style_id
      join style_translations ste on ste.style_id = s.id and ste.locale = ${DEFAULT_LOCALE}
      left join style_translations stl on stl.style_id = s.id and stl.locale = ${viewer.locale}
      where ps.product_id = ${row.id}
      order by s.position, s.id`,
  );
  const similar = await rowsOf<SummaryRow>(
    db,
    sql`${summarySelect(viewer)} where p.is_active and p.category_id = ${row.category_id} and p.id <> ${row.id}
      order by p.sales_count desc, p.id desc limit 8`,
  );
  const [owned, inCart] = await Promise.all([
    ownedOf(viewer, [row.id, ...similar.map((item) => item.id)]),
    viewer.userId && viewer.inCart ? viewer.inCart(row.id) : false,
  ]);
  return {
    ...toSummary(row, viewer, owned),
    description: row.description,
    prompt_preview: promptPreview(row.prompt),
    // Only its buyer reads the whole prompt: it is what they paid for.
    prompt: owned.has(row.id) ? row.prompt : null,
    in_cart: inCart,
    styles: productStylesRows,
    created_at: new Date(row.created_at).toISOString(),
    similar: similar.map((item) => toSummary(item, viewer, owned)),
  };
}

async function titlesOf(db: Db, table: 'category' | 'style', locale: string): Promise<Map<number, string>> {
  const source = table === 'category' ? categoryTranslations : styleTranslations;
  const idColumn = table === 'category' ? categoryTranslations.categoryId : styleTranslations.styleId;
  const rows = await db
    .select({ id: idColumn, locale: source.locale, title: source.title })
    .from(source)
    .where(inArray(source.locale, [...new Set([locale, DEFAULT_LOCALE])]));
  const titles = new Map<number, string>();
  for (const row of rows) if (row.locale === locale || !titles.has(row.id)) titles.set(row.id, row.title);
  return titles;
}

/** The menus (categories, styles) are on every page and change rarely: kept for five seconds. */
const menuCache = createTtlCache<Db, unknown>(5_000, { name: 'catalogue-menus' });

/** Top-level categories with their subcategories, titled in the language, each with its list query. */
export function listCategories(db: Db, locale: string): Promise<Category[]> {
  return menuCache.get(db, `categories:${locale}`, () => loadCategories(db, locale)) as Promise<Category[]>;
}

export function listStyles(db: Db, locale: string): Promise<Style[]> {
  return menuCache.get(db, `styles:${locale}`, () => loadStyles(db, locale)) as Promise<Style[]>;
}

/** Call after changing categories or styles, so this process shows the change at once. */
export function forgetCatalogueMenus(db: Db): void {
  menuCache.clear(db);
  forgetPublicAnswers(db);
}

async function loadCategories(db: Db, locale: string): Promise<Category[]> {
  const [rows, titles] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    titlesOf(db, 'category', locale),
  ]);
  const entry = (row: (typeof rows)[number]) => {
    const title = titles.get(row.id) ?? row.slug;
    return { id: row.id, name: title, title, url: row.slug, query: `category=${row.slug}` };
  };
  return rows
    .filter((row) => row.parentId === null)
    .map((top) => ({
      ...entry(top),
      parent_id: null,
      subcategories: rows
        .filter((row) => row.parentId === top.id)
        .map((sub) => ({ ...entry(sub), parent_id: top.id })),
    }));
}

async function loadStyles(db: Db, locale: string): Promise<Style[]> {
  const [rows, titles] = await Promise.all([
    db.select().from(styles).orderBy(asc(styles.position), asc(styles.id)),
    titlesOf(db, 'style', locale),
  ]);
  return rows.map((row) => {
    const title = titles.get(row.id) ?? row.slug;
    return {
      id: row.id,
      name: title,
      title,
      url: row.slug,
      query: `style=${row.slug}`,
      image_url: row.imageKey ? `/media/${row.imageKey}` : null,
    };
  });
}

/** Call after products are added, removed or changed in bulk, so list totals are counted anew. */
export function forgetCatalogueCounts(db: Db): void {
  countCache.clear(db);
  typoCache.clear(db);
  rankedCache.clear(db);
  foundByNumber.clear(db);
  typosByNumber.clear(db);
  rankedByNumber.clear(db);
  forgetPublicAnswers(db);
}

/**
 * Likes or unlikes a product for a user. The like row and the counter change in one
 * transaction, and a second like of the same user changes nothing, so the count stays exact.
 */
export async function setLike(db: Db, productId: number, userId: string, like: boolean) {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.isActive, true)));
    if (!product) throw AppError.notFound();
    if (like) {
      const inserted = await tx
        .insert(productLikes)
        .values({ productId, userId })
        .onConflictDoNothing()
        .returning();
      if (inserted.length > 0) {
        await tx
          .update(products)
          .set({ likesCount: sql`${products.likesCount} + 1` })
          .where(eq(products.id, productId));
      }
    } else {
      const removed = await tx
        .delete(productLikes)
        .where(and(eq(productLikes.productId, productId), eq(productLikes.userId, userId)))
        .returning();
      if (removed.length > 0) {
        await tx
          .update(products)
          .set({ likesCount: sql`${products.likesCount} - 1` })
          .where(eq(products.id, productId));
      }
    }
    const [counted] = await tx
      .select({ likes: products.likesCount })
      .from(products)
      .where(eq(products.id, productId));
    return { liked: like, likes_count: counted?.likes ?? 0 };
  });
}

/** Slugs and change dates of active products, in id order, for the sitemaps. */
export async function listSitemapProducts(db: Db, page: number) {
  const [countRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.isActive, true));
  const total = Number(countRow?.n ?? 0);
  const rows = await db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.id))
    .limit(SITEMAP_PRODUCTS_PER_FILE)
    .offset((page - 1) * SITEMAP_PRODUCTS_PER_FILE);
  return {
    data: rows.map((row) => ({ slug: row.slug, updated_at: row.updatedAt.toISOString() })),
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / SITEMAP_PRODUCTS_PER_FILE)),
      per_page: SITEMAP_PRODUCTS_PER_FILE,
      total,
    },
  };
}

/*
 * What other modules read and write of the catalogue. They call these, never its tables; a caller
 * inside a transaction passes its handle, so the reads and writes are part of its work.
 */

/** Whether a category with this id exists. */
export async function categoryExists(db: Db, categoryId: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  return Boolean(row);
}

/** The ids among these that are styles of the catalogue, each once. */
export async function existingStyleIds(db: Db, styleIds: number[]): Promise<number[]> {
  if (styleIds.length === 0) return [];
  const rows = await db.select({ id: styles.id }).from(styles).where(inArray(styles.id, styleIds));
  return rows.map((row) => row.id);
}

/**
 * The categories' titles in the language, English behind it. A category without an English
 * title has none here.
 */
export async function categoryTitles(
  db: Db,
  categoryIds: number[],
  locale: string,
): Promise<Map<number, string>> {
  const ids = [...new Set(categoryIds)];
  if (ids.length === 0) return new Map();
  const english = alias(categoryTranslations, 'english_title');
  const local = alias(categoryTranslations, 'local_title');
  const rows = await db
    .select({ id: english.categoryId, title: sql<string>`coalesce(${local.title}, ${english.title})` })
    .from(english)
    .leftJoin(local, and(eq(local.categoryId, english.categoryId), eq(local.locale, locale)))
    .where(and(inArray(english.categoryId, ids), eq(english.locale, DEFAULT_LOCALE)));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** The styles' titles in the language, English behind it, in the order of their titles. */
export async function styleTitles(
  db: Db,
  styleIds: number[],
  locale: string,
): Promise<{ id: number; title: string }[]> {
  const ids = [...new Set(styleIds)];
  if (ids.length === 0) return [];
  const english = alias(styleTranslations, 'english_style');
  const local = alias(styleTranslations, 'local_style');
  const rows = await db
    .select({ id: english.styleId, title: sql<string>`coalesce(${local.title}, ${english.title})` })
    .from(english)
    .leftJoin(local, and(eq(local.styleId, english.styleId), eq(local.locale, locale)))
    .where(and(inArray(english.styleId, ids), eq(english.locale, DEFAULT_LOCALE)));
  return rows.sort((a, b) => a.title.localeCompare(b.title, locale));
}

/** A product as the cart, the orders and the owned prompts show it. */
export type ProductShown = {
  id: number;
  slug: string;
  imageKey: string;
  priceCents: number;
  prompt: string;
  isActive: boolean;
  title: string;
  description: string | null;
};

/**
 * The products with these ids, active or not, titled in the language with English behind it.
 * A product without an English title is left out.
 */
export async function productsShown(
  db: Db,
  productIds: number[],
  locale: string,
): Promise<Map<number, ProductShown>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const english = alias(productTranslations, 'english');
  const local = alias(productTranslations, 'local');
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      imageKey: products.imageKey,
      priceCents: products.priceCents,
      prompt: products.prompt,
      isActive: products.isActive,
      title: sql<string>`coalesce(${local.title}, ${english.title})`,
      description: sql<string | null>`coalesce(${local.description}, ${english.description})`,
    })
    .from(products)
    .innerJoin(english, and(eq(english.productId, products.id), eq(english.locale, DEFAULT_LOCALE)))
    .leftJoin(local, and(eq(local.productId, products.id), eq(local.locale, locale)))
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The products on sale among these ids, with their prices in euro cents. A purchase passes its
 * transaction and compares the count with what it asked for: a prompt gone is refused.
 */
export async function productsOnSale(
  db: Db,
  productIds: number[],
): Promise<{ id: number; priceCents: number }[]> {
  if (productIds.length === 0) return [];
  return db
    .select({ id: products.id, priceCents: products.priceCents })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.isActive, true)));
}

/** Counts one more sale of each of these products, in the purchase's transaction. */
export async function recordSales(db: Db, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .update(products)
    .set({ salesCount: sql`${products.salesCount} + 1` })
    .where(inArray(products.id, productIds));
}

/** What the download of a bought product holds besides the picture: its slug and prompt. */
export async function productDownload(
  db: Db,
  productId: number,
): Promise<{ slug: string; prompt: string; imageKey: string } | null> {
  const [row] = await db
    .select({ slug: products.slug, prompt: products.prompt, imageKey: products.imageKey })
    .from(products)
    .where(eq(products.id, productId));
  return row ?? null;
}
