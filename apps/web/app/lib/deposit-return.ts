import { paths } from './paths';
import { safeRedirect } from './safe-redirect';

/**
 * Where a user who went to top up from a page (a Buy now short of money) goes back to once the
 * deposit succeeded. The deposit leaves the site for the payment provider's page and comes back
 * to the result page, so the address waits in the tab's session storage. Only a path of this
 * site's own is kept: `?return=` is a link anyone can write.
 */
const KEY = 'deposit-return';

/** The `return` query value when it is a same-site path under the page's language, else null. */
export function depositReturnOf(value: string | null | undefined, locale: string): string | null {
  const target = safeRedirect(value, '');
  return target.startsWith(`/${locale}/`) || target === `/${locale}` ? target : null;
}

/** The deposit form, with the page to come back to (a query of its own: `paths` is on every page). */
export function depositReturningTo(locale: string, returnTo: string): string {
  return `${paths.deposit(locale)}?${new URLSearchParams({ return: returnTo })}`;
}

/** Keeps the page to go back to (or forgets an earlier one when there is none). */
export function rememberDepositReturn(value: string | null | undefined, locale: string): void {
  const target = depositReturnOf(value, locale);
  try {
    if (target) window.sessionStorage.setItem(KEY, target);
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage disabled: the result page offers its usual links.
  }
}

/** The page to go back to after a successful deposit, once: it is forgotten as it is read. */
export function takeDepositReturn(locale: string): string | null {
  try {
    const stored = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return depositReturnOf(stored, locale);
  } catch {
    return null;
  }
}
