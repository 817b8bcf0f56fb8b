/** A place in the pager: a page number, or a run of pages left out ("…"). */
export type PageSlot = number | 'gap';

const MAX_SLOTS = 7;

/**
 * The pages the pager shows: the first, the last, and the current one with its neighbours, a
 * "…" standing for each run of pages left out between them. A run of one page is shown as that
 * page, since "…" would take its place anyway. Never more than seven places, so it fits a phone;
 * seven pages or fewer are all shown.
 */
export function pageRange(page: number, last: number): PageSlot[] {
  if (last <= MAX_SLOTS) return Array.from({ length: Math.max(last, 0) }, (_, index) => index + 1);
  const current = Math.min(Math.max(page, 1), last);
  const shown = [...new Set([1, current - 1, current, current + 1, last])]
    .filter((n) => n >= 1 && n <= last)
    .sort((a, b) => a - b);
  const slots: PageSlot[] = [];
  let previous = 0;
  for (const n of shown) {
    if (n - previous === 2) slots.push(n - 1);
    else if (n - previous > 2) slots.push('gap');
    slots.push(n);
    previous = n;
  }
  return slots;
}
