import { DEFAULT_LOCALE, isLocaleShaped, type ProductListQuery } from '@promptmarket/contracts';
import { foldText } from '@promptmarket/contracts/folded-text';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import type { Viewer } from './catalogue.summaries';

/*
 * The SQL of a product list read from the database: full-text search in the viewer's language and
 * English, the nearest words for a typo, the filters, the sort orders and a page of ids. No caches:
 * the list (`catalogue.list.ts`) caches what these read.
 */

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

/**
 * How a search matches: by full text (word prefixes, in the viewer's language and English), or,
 * when that finds nothing, by full text with the known words closest to the ones typed.
 */
export type SearchMode = 'text' | 'typo';

/**
 * The parsed full-text query in one dictionary, as a subquery: PostgreSQL evaluates it once per
 * statement (an InitPlan). Written as a plain call, a prepared statement's generic plan would
 * parse the query again for every row it checks or ranks, which for a common word would be most
 * of the statement's work. The dictionary's name comes from the table above.
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

export function textMatch(viewer: Viewer, tsQuery: string | null): SQL {
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

export async function typoQuery(db: Db, search: string): Promise<TypoSearch | null> {
  const groups: string[] = [];
  const nearest: string[] = [];
  for (const word of searchedWords(search, 5)) {
    // `search_words` holds each distinct title word once, far fewer than the titles, so comparing
    // with each is quick and needs no session setting for the similarity threshold.
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

export function filters(
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
    // As the list index sorts by rating (catalogue.index.ts).
    case 'rating':
      return sql`p.rating_sum::float8 / nullif(p.rating_count, 0) desc nulls last, p.rating_count desc, p.created_at desc, p.id desc`;
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
export function pageOfIds(
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
 * The active matches' ids, best first (one more than is cached, to tell whether that is all). Each
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
