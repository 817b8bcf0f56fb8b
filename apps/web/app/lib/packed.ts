/**
 * Loader data as one JSON text (decision 0019). React Router writes loader data in a format of its
 * own, which the browser decodes value by value in the same task as hydration's first step: about
 * 20 ms for the home page's product lists on this machine's processor, four times that on
 * Lighthouse's phone. A single string in it decodes at once, and `JSON.parse` reads the text in a
 * fraction of a millisecond. For plain JSON only, such as what the API answered.
 */
export type Packed<T> = string & { readonly packedValue?: T };

export function pack<T>(value: T): Packed<T> {
  return JSON.stringify(value) as Packed<T>;
}

export function unpack<T>(packed: Packed<T>): T {
  return JSON.parse(packed) as T;
}
