/** Slides of the New Prompts carousel: 320 -> 1, 768 -> 2, 1024 -> 3, 1200 -> 4. */
export function gridSlides(width: number): number {
  if (width >= 1200) return 4;
  if (width >= 1024) return 3;
  if (width >= 768) return 2;
  return 1;
}

/** Slides of the hero carousel: 2 at 768 px or less, else 4. */
export function heroSlides(width: number): number {
  return width <= 768 ? 2 : 4;
}

/** Hero carousel autoplay interval; it pauses while the pointer is over it. */
export const HERO_AUTOPLAY_MS = 4500;

/** Product search waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;
