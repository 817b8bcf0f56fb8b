import { describe, expect, it } from 'vitest';
import { bulkReport, chosenOnPage, pageState, toggled, toggledPage } from './bulk-selection';

describe('a bulk selection', () => {
  it('chooses rows one by one and tells the "all" box how much of the page is chosen', () => {
    let chosen: Set<number> = new Set();
    expect(pageState(chosen, [1, 2, 3])).toBe('none');
    chosen = toggled(chosen, 2, true);
    expect(pageState(chosen, [1, 2, 3])).toBe('some');
    chosen = toggled(toggled(chosen, 1, true), 3, true);
    expect(pageState(chosen, [1, 2, 3])).toBe('all');
    chosen = toggled(chosen, 1, false);
    expect([...chosen].sort()).toEqual([2, 3]);
  });

  it('takes the whole page with the "all" box, and leaves it when all were chosen', () => {
    expect([...toggledPage(new Set([2]), [1, 2, 3])]).toEqual([1, 2, 3]);
    expect([...toggledPage(new Set([1, 2, 3]), [1, 2, 3])]).toEqual([]);
  });

  it('acts only on the chosen rows still on the page, in its order', () => {
    expect(chosenOnPage(new Set([9, 3, 1]), [1, 2, 3])).toEqual([1, 3]);
  });

  it('reports every failure with its reason, and success only when nothing failed', () => {
    const texts = {
      done: (count: number) => `${count} done.`,
      failed: (count: number) => `${count} failed:`,
      item: (id: number | string, message: string) => `#${id} ${message}`,
    };
    expect(bulkReport({ done: [1, 2], failed: [] }, texts)).toEqual({
      kind: 'success',
      summary: '2 done.',
      failures: [],
    });
    expect(bulkReport({ done: [1], failed: [{ id: 7, message: 'published already' }] }, texts)).toEqual({
      kind: 'error',
      summary: '1 done. 1 failed:',
      failures: ['#7 published already'],
    });
    expect(bulkReport({ done: [], failed: [{ id: 7, message: 'gone' }] }, texts).summary).toBe('1 failed:');
  });
});
