/**
 * The rows a back-office list has chosen for a bulk action: kept as ids, only those shown on the
 * page (a reload after the action drops the ones that left it), checked one by one or all at once.
 */

export type Selection<Id> = ReadonlySet<Id>;

/** The selection with `id` in or out. */
export function toggled<Id>(selection: Selection<Id>, id: Id, on: boolean): Set<Id> {
  const next = new Set(selection);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** How much of the page is chosen, for the "all" box: checked, mixed (indeterminate) or not. */
export function pageState<Id>(selection: Selection<Id>, onPage: readonly Id[]): 'all' | 'some' | 'none' {
  const chosen = onPage.filter((id) => selection.has(id)).length;
  if (chosen === 0) return 'none';
  return chosen === onPage.length ? 'all' : 'some';
}

/** The "all" box pressed: every row of the page when not all were chosen, else none. */
export function toggledPage<Id>(selection: Selection<Id>, onPage: readonly Id[]): Set<Id> {
  return pageState(selection, onPage) === 'all' ? new Set() : new Set(onPage);
}

/** Only the chosen ids still on the page, in the page's order. */
export function chosenOnPage<Id>(selection: Selection<Id>, onPage: readonly Id[]): Id[] {
  return onPage.filter((id) => selection.has(id));
}

/** The outcome of a bulk action as the page reports it: how many were done, and each failure. */
export type BulkOutcome = {
  done: readonly unknown[];
  failed: readonly { id: number | string; message: string }[];
};

export function bulkReport(
  outcome: BulkOutcome,
  texts: {
    done: (count: number) => string;
    failed: (count: number) => string;
    item: (id: number | string, message: string) => string;
  },
): { kind: 'success' | 'error'; summary: string; failures: string[] } {
  const summary = [
    outcome.done.length > 0 || outcome.failed.length === 0 ? texts.done(outcome.done.length) : null,
    outcome.failed.length > 0 ? texts.failed(outcome.failed.length) : null,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    kind: outcome.failed.length > 0 ? 'error' : 'success',
    summary,
    failures: outcome.failed.map((failure) => texts.item(failure.id, failure.message)),
  };
}
