import { describe, expect, it } from 'vitest';
import { pageRange } from './paging';

describe('pageRange', () => {
  it('shows every page of a short range', () => {
    expect(pageRange(1, 1)).toEqual([1]);
    expect(pageRange(2, 3)).toEqual([1, 2, 3]);
    expect(pageRange(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('puts "…" between the first page, the current one with its neighbours and the last', () => {
    expect(pageRange(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageRange(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageRange(20, 20)).toEqual([1, 'gap', 19, 20]);
    expect(pageRange(5, 100_000)).toEqual([1, 'gap', 4, 5, 6, 'gap', 100_000]);
  });

  it('shows a single page left out rather than "…" for it', () => {
    expect(pageRange(4, 9)).toEqual([1, 2, 3, 4, 5, 'gap', 9]);
    expect(pageRange(3, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pageRange(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });

  it('never shows more than seven places, and a page past the end as the last page', () => {
    for (let page = 1; page <= 30; page++) expect(pageRange(page, 30).length).toBeLessThanOrEqual(7);
    expect(pageRange(99, 3)).toEqual([1, 2, 3]);
    expect(pageRange(1, 0)).toEqual([]);
  });
});
