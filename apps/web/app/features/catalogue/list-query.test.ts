import { describe, expect, it } from 'vitest';
import { queryString } from '../../lib/api-client';
import {
  apiQuery,
  changeListState,
  clearedListState,
  readListState,
  toggle,
  writeListState,
} from './list-query';

describe('product list state in the URL', () => {
  it('reads lists, sort, page and price, ignoring what is malformed', () => {
    const state = readListState(
      new URLSearchParams(
        'search=cat&category=pets&category=wildlife,space&style=anime&style=../x&sort=price_asc&page=3&price_min=2.5&price_max=abc',
      ),
    );
    expect(state).toEqual({
      search: 'cat',
      categories: ['pets', 'wildlife', 'space'],
      styles: ['anime'],
      sort: 'price_asc',
      page: 3,
      priceMin: '2.5',
      priceMax: '',
    });
    expect(readListState(new URLSearchParams('page=99999999')).page).toBe(100_000);
    expect(readListState(new URLSearchParams('sort=cheapest&page=-2'))).toMatchObject({
      sort: null,
      page: 1,
    });
  });

  it('writes back only what is set, and round-trips', () => {
    const state = readListState(new URLSearchParams('category=pets&style=anime&page=2'));
    expect(writeListState(state).toString()).toBe('category=pets&style=anime&page=2');
    expect(readListState(writeListState(state))).toEqual(state);
  });

  it('resets the page to 1 on every change but paging', () => {
    const onPage3 = { ...clearedListState(), page: 3 };
    expect(changeListState(onPage3, { categories: toggle([], 'pets') }).page).toBe(1);
    expect(changeListState(onPage3, { sort: 'popular' }).page).toBe(1);
    expect(changeListState(onPage3, { search: 'cat' }).page).toBe(1);
    expect(changeListState(onPage3, { page: 4 }).page).toBe(4);
  });

  it('toggles a slug in and out of a selection', () => {
    expect(toggle(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('clears everything back to page 1', () => {
    expect(clearedListState()).toEqual({
      search: '',
      categories: [],
      styles: [],
      sort: null,
      page: 1,
      priceMin: '',
      priceMax: '',
    });
  });

  it('asks the API with comma-joined slugs and 18 a page', () => {
    const state = readListState(
      new URLSearchParams('category=pets&category=wildlife&style=anime&search=cat&page=2'),
    );
    expect(queryString(apiQuery(state))).toBe(
      '?page=2&per_page=18&search=cat&category_slugs=pets%2Cwildlife&style_slugs=anime',
    );
  });
});
