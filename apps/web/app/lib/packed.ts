/**
 * Loader data as one JSON text (decision 0019). React Router writes loader data in a format of its
 * own, which the browser decodes value by value in the same task as hydration's first step: the
 * more data (a page of product lists), the longer the page's thread is busy before it can answer a
 * tap. A single string in it decodes at once, and `JSON.parse`, built into the browser, reads the
 * text in one go. For plain JSON only, such as what the API answered.
 */
export type Packed<T> = string & { readonly packedValue?: T };

export function pack<T>(value: T): Packed<T> {
  return JSON.stringify(value) as Packed<T>;
}

/**
 * The last few texts read, with their values: a route's `meta` and its component read the same text,
 * and the language's texts are read on every page. What `unpack` returns is shared: read it, never
 * change it.
 */
const recent: [string, unknown][] = [];
const RECENT_TEXTS = 4;

export function unpack<T>(packed: Packed<T>): T {
  let entry = recent.find(([text]) => text === packed);
  if (!entry) {
    entry = [packed, JSON.parse(packed)];
    recent.unshift(entry);
    recent.splice(RECENT_TEXTS);
  }
  return entry[1] as T;
}
