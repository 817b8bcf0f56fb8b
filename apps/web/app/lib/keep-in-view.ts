import type { FocusEvent } from 'react';

/**
 * Scrolls `box`, a box that scrolls sideways (a tab bar, a wide table), so that `element` shows
 * whole with `room` pixels beside it for its focus ring; the page itself does not move, and an
 * element already whole in view stays where it is. Browsers scroll a focused control in only
 * when little of it shows, leaving one cut at the edge.
 */
export function scrollWholeIntoView(box: HTMLElement, element: Element, room = 16) {
  const edge = box.getBoundingClientRect();
  const place = element.getBoundingClientRect();
  // The box's own border is not room to show things in, nor a column that stays over the rest.
  const left = edge.left + box.clientLeft;
  const right = Math.min(left + box.clientWidth, stickyColumnLeft(element) ?? Number.POSITIVE_INFINITY);
  if (place.left < left) box.scrollLeft -= left - place.left + room;
  else if (place.right > right) box.scrollLeft += place.right - right + room;
}

/**
 * Where the sticky last cell of `element`'s table row begins, when the row has one and `element`
 * is not in it (a table that keeps its row actions in view on a phone), else null.
 */
function stickyColumnLeft(element: Element): number | null {
  const cell = element.closest('tr')?.lastElementChild;
  if (!cell || cell.contains(element) || getComputedStyle(cell).position !== 'sticky') return null;
  return cell.getBoundingClientRect().left;
}

/** `onFocus` of a box that scrolls sideways: the control the keyboard moves to inside it shows whole. */
export function showFocusedWhole(event: FocusEvent<HTMLElement>) {
  if (event.target !== event.currentTarget) scrollWholeIntoView(event.currentTarget, event.target);
}

/** Scrolls `box` so that its element matching `selector` (the current tab, say) shows whole. */
export function showWhole(box: HTMLElement | null, selector: string, room?: number) {
  const element = box?.querySelector(selector);
  if (box && element) scrollWholeIntoView(box, element, room);
}
