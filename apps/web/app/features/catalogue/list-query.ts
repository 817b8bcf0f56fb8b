import { PRODUCT_PAGE_SIZE, type productListQuery } from '@promptmarket/contracts/catalogue';
import { type ProductSort, productSorts } from '@promptmarket/contracts/product-sorts';
import type { z } from 'zod';

/** The product list's state, as it lives in the URL so that it survives reloads and sharing. */
export type ListState = {
  search: string;
  categories: string[];
  styles: string[];
  sort: ProductSort | null;
  page: number;
  priceMin: string;
  priceMax: string;
};

const slugShape = /^[a-z0-9-]{1,80}$/;
const listOf = (params: URLSearchParams, name: string) =>
  [
    ...new Set(
      params
        .getAll(name)
        .flatMap((value) => value.split(','))
        .map((value) => value.trim()),
    ),
  ].filter((value) => slugShape.test(value));
const decimal = (value: string | null) => (value && /^\d{1,7}(\.\d{1,2})?$/.test(value) ? value : '');

/** The highest page the products API takes (its `page` rule). */
const LAST_PAGE_ASKED = 100_000;

export function readListState(params: URLSearchParams): ListState {
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    categories: listOf(params, 'category'),
    styles: listOf(params, 'style'),
    sort: productSorts.includes(sort as ProductSort) ? (sort as ProductSort) : null,
    // The API refuses pages past its limit: such a page is read as that limit, past the end.
    page: Number.isSafeInteger(page) && page > 0 ? Math.min(page, LAST_PAGE_ASKED) : 1,
    priceMin: decimal(params.get('price_min')),
    priceMax: decimal(params.get('price_max')),
  };
}

export function writeListState(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  for (const slug of state.categories) params.append('category', slug);
  for (const slug of state.styles) params.append('style', slug);
  if (state.priceMin) params.set('price_min', state.priceMin);
  if (state.priceMax) params.set('price_max', state.priceMax);
  if (state.sort) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/**
 * Applies a change; anything but a page change goes back to page 1 (spec section 4:
 * toggling a category or style, sorting or searching resets the page).
 */
export function changeListState(state: ListState, change: Partial<ListState>): ListState {
  const onlyPage = Object.keys(change).every((key) => key === 'page');
  return { ...state, ...change, page: onlyPage ? (change.page ?? state.page) : 1 };
}

export function toggle(list: string[], slug: string): string[] {
  return list.includes(slug) ? list.filter((item) => item !== slug) : [...list, slug];
}

/** Clearing empties categories, styles, sort, search and the price range and goes to page 1. */
export function clearedListState(): ListState {
  return { search: '', categories: [], styles: [], sort: null, page: 1, priceMin: '', priceMax: '' };
}

/** The API query for a list state; the client leaves out the empty values. */
export function apiQuery(state: ListState) {
  return {
    page: state.page,
    per_page: PRODUCT_PAGE_SIZE,
    search: state.search,
    category_slugs: state.categories.join(','),
    style_slugs: state.styles.join(','),
    sort: state.sort ?? undefined,
    price_min: state.priceMin,
    price_max: state.priceMax,
  } satisfies z.input<typeof productListQuery>;
}
