import { LANGUAGE_STORAGE_KEY } from '@promptmarket/contracts/locale';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Remembers a language choice under the key `language`: in localStorage, as the spec asks,
 * and in a cookie, so the server can redirect prefix-less visits to it.
 */
export function rememberLanguage(code: string): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch (error) {
    // Storage can be disabled (private mode); the cookie still carries the choice. Only logged,
    // and only while developing (spec section 8).
    if (import.meta.env.DEV) console.warn('The language choice could not be stored', error);
  }
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${encodeURIComponent(code)}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax${secure}`;
}
