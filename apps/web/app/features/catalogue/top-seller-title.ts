import { graphemes } from '../../lib/graphemes';

// Apart from the catalogue's rules, which every page loads: the home page's loader cuts the titles
// on the server, so the browser never needs this nor the segmenter behind it (decision 0059).

/** Titles longer than this are cut in the Top Sellers list (spec sections 2 and 9). */
export const TOP_SELLER_TITLE_LENGTH = 15;

/** "Portrait of an Old Sailor" -> "Portrait of an ..": the first 15 letters and two dots. */
export function topSellerTitle(title: string): string {
  const letters = graphemes(title);
  return letters.length > TOP_SELLER_TITLE_LENGTH
    ? `${letters.slice(0, TOP_SELLER_TITLE_LENGTH).join('')}..`
    : title;
}
