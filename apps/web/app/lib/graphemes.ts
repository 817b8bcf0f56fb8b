/**
 * The letters of a text as a reader sees them (graphemes, `Intl.Segmenter`'s default): an emoji, a
 * flag or a letter with its accents is one, where `slice` and `charAt` would cut a surrogate pair.
 */
export function graphemes(text: string): string[] {
  return Array.from(new Intl.Segmenter().segment(text), (part) => part.segment);
}
