import {
  DEFAULT_LOCALE,
  PRODUCT_PAGE_SIZE,
  type ProductListQuery,
  type ProductSummary,
} from '@promptmarket/contracts';
import { foldText } from '@promptmarket/contracts/folded-text';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { forgetPublicAnswers, type SerializedAnswer } from '../../lib/public-answers';
import { createTtlCache } from '../../lib/ttl-cache';
import type { ListIndex } from './catalogue.index';
import { currentCatalogue } from './catalogue.index-cache';
import { pageFromIndex } from './catalogue.index-pages';
import {
  filters,
  pageOfIds,
  prefixQuery,
  rankedIds,
  type SearchMode,
  type TypoSearch,
  textMatch,
  typoQuery,
} from './catalogue.search';
import { ownedOf, type SummaryRow, summarySelect, toSummary, type Viewer } from './catalogue.summaries';
import {
  cachedTile,
  cacheTile,
  type ListMeta,
  listJsonFromParts,
  tileFromParts,
} from './catalogue.tile-cache';

/*
 * The product lists (`/api/products`): one page with its total, from the list index when it is
 * current (`catalogue.index.ts`), otherwise from the database through the search's SQL
 * (`catalogue.search.ts`). The caches of what a list reads from the database live here with it.
 */

/**
 * How many products match a filter, cached for a minute: paging through a list, or many visitors
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
 * A search sorted by relevance with no other filter is ranked once and cached, like a count, for a
 * minute (cleared with the counts): each page is a slice of that ranking, so paging through the
 * results, or many visitors asking the same words, ranks the matches only once. The best
 * `RANKED_CACHE_LIMIT` are cached; when that is all of them it is also the total, otherwise the
 * total is counted, and a page past them is ranked on its own as before.
 */
const RANKED_CACHE_LIMIT = 10_000;
type Ranking = { ids: number[]; complete: boolean; key: string };
const rankedCache = createTtlCache<Db, Ranking>(COUNT_CACHE_MS, {
  maxEntries: 200,
  name: 'catalogue-ranked',
});

/**
 * A search's reads (whether its words are found, the title words nearest its typos, its ranking)
 * follow only the catalogue's texts and what is on sale, and every change to those moves the
 * catalogue version (decision 0023). A list reads the version first, so these reads are cached
 * under it for up to `SEARCH_BY_VERSION_MS` rather than a minute: read again once the catalogue
 * changes, however it was changed, and not before. Ranking a common word is one of the dearest
 * reads of a large catalogue, and with a cache of a minute every worker ranked every word in use
 * again each minute. A list read without the catalogue version (`useIndex: false`) caches them
 * for a minute.
 */
const SEARCH_BY_VERSION_MS = 10 * 60_000;
const foundByVersion = createTtlCache<Db, number>(SEARCH_BY_VERSION_MS, {
  maxEntries: 1000,
  name: 'catalogue-found-by-version',
});
const typosByVersion = createTtlCache<Db, TypoSearch | null>(SEARCH_BY_VERSION_MS, {
  maxEntries: 1000,
  name: 'catalogue-typos-by-version',
});
const rankedByVersion = createTtlCache<Db, Ranking>(SEARCH_BY_VERSION_MS, {
  maxEntries: 200,
  name: 'catalogue-ranked-by-version',
});

type SearchReads = {
  found: typeof countCache;
  typos: typeof typoCache;
  ranked: typeof rankedCache;
  /** What the keys carry: the catalogue version, or nothing. */
  at: string;
};

/** Where a search's reads are cached: under the catalogue version when it is known, else for a minute. */
function searchReads(version: number | null): SearchReads {
  return version === null
    ? { found: countCache, typos: typoCache, ranked: rankedCache, at: '' }
    : { found: foundByVersion, typos: typosByVersion, ranked: rankedByVersion, at: `@${version}` };
}

/** The cached ranking of a plain relevance search; null for any other list. */
async function cachedRanking(
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

/** A search's best `keep` matches on sale, best first, ranked once and cached. */
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
 * The page and its total come from the list index cached in memory (`catalogue.index.ts`) when it
 * is current and a search's matches are all ranked; otherwise from the database, as below.
 */
type ListOptions = {
  rankedLimit?: number;
  /** False reads the list from the database even when the cached index is current (tests compare both). */
  useIndex?: boolean;
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
 * the cached parts comes as that JSON (`SerializedAnswer`), with no tile objects made; any other as
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
  { rankedLimit = RANKED_CACHE_LIMIT, useIndex = true }: ListOptions,
  asJson: boolean,
): Promise<ProductList | SerializedAnswer> {
  const perPage = query.per_page ?? PRODUCT_PAGE_SIZE;
  const page = query.page ?? 1;
  let tsQuery = query.search ? prefixQuery(query.search) : null;
  let mode: SearchMode = 'text';
  let suggestion: string | undefined;
  const catalogue = useIndex ? await currentCatalogue(db) : null;
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
      // The nearest words change only with the titles: cached with the search's other reads.
      const typo = await reads.typos.get(db, `${foldText(search)}${reads.at}`, () => typoQuery(db, search));
      tsQuery = typo?.tsQuery ?? null;
      suggestion = typo?.suggestion;
    }
  }
  const offset = (page - 1) * perPage;
  if (index) {
    if (query.search && !tsQuery) return pageOf(db, viewer, [], { page, perPage, total: 0 });
    const matches = tsQuery ? await rankingOf(db, viewer, tsQuery, rankedLimit, reads) : null;
    if (!matches || matches.complete) {
      const { ids, total } = pageFromIndex(index, query, matches, offset, perPage);
      if (asJson && !viewer.userId && viewer.locale === DEFAULT_LOCALE) {
        const json = listJsonFromParts(index, ids, viewer.rateEur, metaOf(page, perPage, total, suggestion));
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
  const ranking = await cachedRanking(db, query, viewer, tsQuery, rankedLimit, reads);
  if (ranking && (ranking.complete || offset + perPage <= ranking.ids.length)) {
    return pageOf(db, viewer, ranking.ids.slice(offset, offset + perPage), {
      page,
      perPage,
      total: ranking.complete ? ranking.ids.length : await countRead(),
      suggestion,
    });
  }
  const pageRead = () => preparedRows<{ id: number }>(db, pageOfIds(query, viewer, tsQuery, page, perPage));
  // With the count cached (for a few seconds), a page past the end, or a search that finds
  // nothing within the chosen category or style, needs no page query: such a query walks the
  // whole sort index looking for rows that are not there. Otherwise both are read at once.
  const cachedCount = countCache.peek(db, countKey(query, viewer, mode));
  const cachedTotal = cachedCount ? await cachedCount : null;
  const [total, idRows] =
    cachedTotal === null
      ? await Promise.all([countRead(), pageRead()])
      : [cachedTotal, offset < cachedTotal ? await pageRead() : []];
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
  // rate: cached with the index they were read with, and read from the database only now and then.
  const cached = index && !viewer.userId ? index : null;
  const key = (id: number) => `${viewer.locale} ${viewer.rateEur} ${id}`;
  const found = new Map<number, ProductSummary>();
  // In English a visitor's tile is made from the cached parts, with no read at all.
  const fromParts = cached !== null && viewer.locale === DEFAULT_LOCALE;
  for (const id of cached ? ids : []) {
    const tile = fromParts
      ? tileFromParts(cached as ListIndex, id, viewer.rateEur)
      : cachedTile(cached as ListIndex, key(id));
    if (tile) found.set(id, tile);
  }
  const missing = ids.filter((id) => !found.has(id));
  // Cached tiles are a visitor's, who owns nothing: only the tiles read now are asked about.
  const [rows, owned] = await Promise.all([
    missing.length === 0
      ? []
      : preparedRows<SummaryRow>(db, sql`${summarySelect(viewer)} where p.id in ${missing}`),
    ownedOf(viewer, missing),
  ]);
  const read = new Map(rows.map((row) => [row.id, toSummary(row, viewer, owned)]));
  if (cached) for (const [id, tile] of read) cacheTile(cached, key(id), tile);
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

/** Call after products are added, removed or changed in bulk, so list totals are counted anew. */
export function forgetCatalogueCounts(db: Db): void {
  countCache.clear(db);
  typoCache.clear(db);
  rankedCache.clear(db);
  foundByVersion.clear(db);
  typosByVersion.clear(db);
  rankedByVersion.clear(db);
  forgetPublicAnswers(db);
}
