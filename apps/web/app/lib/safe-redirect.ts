import { paths } from './paths';

const ORIGIN = 'http://same.site';

/** A path the browser would read as the start of another address: `//host`, `/\host`. */
const leavesSite = (path: string) => /^[/\\]{2}/.test(path) || /^\/\\/.test(path);

/**
 * The `redirect` query value when it is a path of this site, else the fallback. The value is
 * resolved against a dummy origin and kept only when it stays there; the result is its path,
 * query and hash, and that too must not read as `//host`: `/.//evil.com` and `/%2e//evil.com`
 * normalise to `//evil.com`, which a browser would follow off the site.
 */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  if (!value?.startsWith('/') || leavesSite(value)) return fallback;
  try {
    const url = new URL(value, ORIGIN);
    if (url.origin !== ORIGIN) return fallback;
    const target = url.pathname + url.search + url.hash;
    if (leavesSite(target) || new URL(target, ORIGIN).origin !== ORIGIN) return fallback;
    return target;
  } catch {
    return fallback;
  }
}

/** The login page for a locale, with the page to come back to. */
export function loginPath(locale: string, returnTo: string): string {
  return paths.login(locale, returnTo);
}
