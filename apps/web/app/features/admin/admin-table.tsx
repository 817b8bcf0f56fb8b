import type { ReactNode } from 'react';
import { showFocusedWhole } from '../../lib/keep-in-view';

/**
 * On a phone, a table whose last column holds the row's actions keeps that column in view at the
 * right edge, over the rest of the row as it scrolls sideways: every action stays one tap away.
 * The column is as narrow as its widest control (its controls stack), so that most of the row
 * shows beside it; a control focused under it is scrolled out from under it (`showFocusedWhole`).
 */
const STICKY_ACTIONS = [
  'max-md:[&_tr>:last-child]:sticky',
  'max-md:[&_tr>:last-child]:right-0',
  'max-md:[&_tr>:last-child]:w-px',
  'max-md:[&_tr>:last-child]:whitespace-normal',
  'max-md:[&_tr>:last-child_:is(button,a)]:whitespace-nowrap',
  'max-md:[&_tr>:last-child]:bg-white',
  'max-md:[&_thead_tr>:last-child]:bg-slate-50',
  'max-md:[&_tr>:last-child]:shadow-[-6px_0_6px_-6px_rgb(15_23_42/0.3)]',
].join(' ');

/**
 * A column's heading: its text, or `{ hidden }` for a column whose cells say what they are (a row's
 * buttons), named for screen readers only.
 */
export type ColumnHead = string | { hidden: string };

export function Table({
  head,
  children,
  actions = false,
}: {
  head: ColumnHead[];
  children: ReactNode;
  /** The last column holds each row's actions: it stays in view on a phone. */
  actions?: boolean;
}) {
  return (
    // Focusable, so a table wider than a phone scrolls sideways from the keyboard too; a control
    // focused near an edge is scrolled in whole, with room for its focus ring. Positioned, so that
    // what is placed absolutely inside (a heading for screen readers only) scrolls with the table
    // instead of widening the page.
    // biome-ignore lint/a11y/noStaticElementInteractions: the focus handler only scrolls, it does nothing a user asks for
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by the keyboard to scroll it
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm"
      onFocus={showFocusedWhole}
    >
      <table className={`min-w-full text-left text-sm ${actions ? STICKY_ACTIONS : ''}`}>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            {head.map((cell) =>
              typeof cell === 'string' ? (
                <th key={cell} scope="col" className="px-4 py-3">
                  {cell}
                </th>
              ) : (
                <th key={cell.hidden} scope="col" className="px-4 py-3">
                  <span className="sr-only">{cell.hidden}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
