/**
 * Text cut by what a reader sees as one letter (a grapheme): an emoji, a flag or a letter with its
 * accents stays whole, where `slice` and `charAt` would cut a surrogate pair in half.
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** The first letter a reader sees, or '' for an empty text. */
export function firstGrapheme(text: string): string {
  for (const part of segmenter.segment(text)) return part.segment;
  return '';
}

/** The first `length` letters and two dots when the text is longer, e.g. "Portrait of an .." (spec section 2). */
export function cutText(text: string, length: number): string {
  const letters = graphemes(text);
  return letters.length > length ? `${letters.slice(0, length).join('')}..` : text;
}
