/**
 * Pages cached to serve again (decision 0017) come in two kinds: for guests, and for signed-in
 * visitors of public pages, whose personal parts (the account menu, balance, cart, the marks on
 * tiles) are filled in by the browser. The server renders the second kind with this header set
 * to `deferred`, and never passes it on from a client.
 */
export const PERSONAL_PARTS_HEADER = 'x-personal-parts';
export const PERSONAL_PARTS_DEFERRED = 'deferred';

/** The session cookie under either of its names (`__Host-` over https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?promptmarket_session=[^;\s]/;

export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return !!cookieHeader && SESSION_COOKIE.test(cookieHeader);
}
