/** The language every text falls back to, and the one used when nothing else is known. */
export const DEFAULT_LOCALE = 'en';

/** The header that carries the route locale on every API call (spec section 7). */
export const LANGUAGE_HEADER = 'frontend-language';

/** Cookie (server) and localStorage key (browser) that remember the visitor's language choice. */
export const LANGUAGE_STORAGE_KEY = 'language';

const localeShape = /^[a-z]{2}(?:-[a-z0-9]{2,4})?$/i;

/** True when a path segment is shaped like a language code (`de`, `pt-BR`), supported or not. */
export function isLocaleShaped(segment: string): boolean {
  return localeShape.test(segment);
}

/**
 * Picks the language to answer in: the requested one when supported, else the default.
 * Comparison ignores case, so `DE` selects `de`.
 */
export function resolveLocale(requested: string | null | undefined, supported: readonly string[]): string {
  if (requested) {
    const wanted = requested.trim().toLowerCase();
    const match = supported.find((code) => code.toLowerCase() === wanted);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}
