import { paths } from './paths';

/**
 * The `redirect` query value when it is a path of this site, else the fallback: an
 * absolute URL, `//host` or `/\host` would send a freshly signed-in user elsewhere.
 */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  try {
    const url = new URL(value, 'http://same.site');
    if (url.origin !== 'http://same.site') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The login page for a locale, with the page to come back to. */
export function loginPath(locale: string, returnTo: string): string {
  return paths.login(locale, returnTo);
}
