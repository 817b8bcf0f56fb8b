import { DEFAULT_LOCALE, isLocaleShaped, LANGUAGE_STORAGE_KEY } from '@promptmarket/contracts/locale';

/** The visitor's stored language choice from a Cookie header, when it is still offered. */
export function preferredLocale(cookieHeader: string | null, supported: readonly string[]): string {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${LANGUAGE_STORAGE_KEY}=([^;]+)`));
  const stored = match?.[1] ? decodeURIComponent(match[1]).toLowerCase() : null;
  return stored && supported.includes(stored) ? stored : DEFAULT_LOCALE;
}

/**
 * Where a path whose first segment is not a supported locale belongs (spec section 2):
 * a locale-shaped segment (`/xx/...`, `/DE/...`) is replaced, anything else (`/products`,
 * `/success-payment`) gets the prefix. The query string is kept.
 */
export function localeRedirectTarget(
  pathname: string,
  search: string,
  supported: readonly string[],
  current: string,
): string {
  const segments = pathname.split('/').filter(Boolean);
  const [first = ''] = segments;
  let rest = segments;
  let locale = current;
  if (isLocaleShaped(first)) {
    rest = segments.slice(1);
    const sameLanguage = first.toLowerCase();
    if (supported.includes(sameLanguage)) locale = sameLanguage;
  }
  const path = rest.length > 0 ? `/${rest.join('/')}` : '';
  return `/${locale}${path}${search}`;
}

/** The same page in another language: `/de/products?page=2` for `/en/products?page=2`. */
export function switchLocalePath(pathname: string, search: string, hash: string, locale: string): string {
  const rest = pathname.split('/').filter(Boolean).slice(1);
  const path = rest.length > 0 ? `/${rest.join('/')}` : '';
  return `/${locale}${path}${search}${hash}`;
}
