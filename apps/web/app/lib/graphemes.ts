// Letters each of which is one grapheme whatever follows it within this set: printable ASCII and
// the Latin letters up to the combining marks (U+0300), the alphabets of the shop's languages.
const PLAIN = /^[\u0020-\u007e\u00a0-\u02ff]*$/;

/**
 * The letters of a text as a reader sees them (graphemes, `Intl.Segmenter`'s default): an emoji, a
 * flag or a letter with its accents is one, where `slice` and `charAt` would cut a surrogate pair.
 * Plain Latin text is split by code unit: a browser's first `Intl.Segmenter` loads ICU's break
 * data on the page's thread, 80-180 ms on a slow phone while the page starts (decision 0059).
 */
export function graphemes(text: string): string[] {
  if (PLAIN.test(text)) return text.split('');
  return Array.from(new Intl.Segmenter().segment(text), (part) => part.segment);
}
