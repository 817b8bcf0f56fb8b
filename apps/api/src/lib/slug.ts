/**
 * "Glass Forest!" -> "glass-forest": the start of a slug made from a title; `fallback` when the
 * title has no letter or digit it can keep.
 */
export function slugBase(title: string, fallback = 'prompt'): string {
  return (
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .replace(/_/g, ' ')
      .trim()
      .replace(/[\s-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50)
      .replace(/-+$/, '') || fallback
  );
}
