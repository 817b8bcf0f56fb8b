import { redirect } from 'react-router';
import { ApiError, type ApiTransport, type CheckedAnswers, createApiClient } from './api-client';
import { transportAction, transportActionPath } from './transport-rules';

/** Provided by the API server when it renders the app in process (apps/api/src/plugins/web.ts). */
export type ServerContext = {
  apiFetch?: ApiTransport;
  appUrl?: string;
  cspNonce?: string;
  dataRequest?: boolean;
  /** Where the server takes a rendered page's bytes from (`handOverPage`). */
  renderedPages?: WeakMap<Response, Uint8Array>;
  /** The server's log for this request (`logFailure`). */
  log?: { warn: (details: object, message: string) => void };
};

/**
 * The shop's public address for absolute links (canonical, hreflang, Open Graph, sitemaps):
 * APP_URL from the server's configuration, never the Host header a visitor sent.
 */
export function siteOrigin(context: unknown): string {
  const configured = (context as ServerContext | undefined)?.appUrl ?? process.env.APP_URL;
  return (configured ?? 'http://localhost:3000').replace(/\/+$/, '');
}

/**
 * A rendered page's response, whose bytes the API server takes straight from `renderedPages`
 * rather than reading its body, which copied them twice; its body gives the same bytes to
 * whatever reads it instead.
 */
export function handOverPage(context: unknown, body: Uint8Array, init: ResponseInit): Response {
  const response = new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(body);
        controller.close();
      },
    }),
    init,
  );
  (context as ServerContext | undefined)?.renderedPages?.set(response, body);
  return response;
}

/** The nonce the response's Content-Security-Policy allows inline scripts with. */
export function cspNonceOf(context: unknown): string | undefined {
  const nonce = (context as ServerContext | undefined)?.cspNonce;
  return nonce ? nonce : undefined;
}

/**
 * Whether the loaders answer the browser's request for loader data (`.data`) rather than a page.
 * Without the API server's context (the web app as a process of its own) the request's own
 * address says so.
 */
export function isDataRequest(request: Request, context: unknown): boolean {
  const told = (context as ServerContext | undefined)?.dataRequest;
  return told ?? new URL(request.url).pathname.endsWith('.data');
}

/** Where the API is when the web app runs as a process of its own. */
const apiUrl = (process.env.API_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');

const fetchTransport: ApiTransport = (path, init) => fetch(`${apiUrl}${path}`, init);

/** The most answers `checkedAnswers` caches; the least lately used go first. */
const CHECKED_CACHE_SIZE = 200;
const checkedByKey = new Map<string, unknown>();

/**
 * A guest's answers to addresses without a query (settings, texts, menus, a product), checked
 * once per ETag and cached: every page's loaders ask for the same site data, which does not change
 * while its ETag stays, so reading and checking it again for each page would be work for nothing.
 * Lists, whose addresses are mostly asked once, are not cached.
 */
const checkedAnswers: CheckedAnswers = {
  get(key) {
    const value = checkedByKey.get(key);
    if (value !== undefined) {
      checkedByKey.delete(key);
      checkedByKey.set(key, value);
    }
    return value;
  },
  set(key, value) {
    if (key.includes('?')) return;
    checkedByKey.set(key, value);
    if (checkedByKey.size > CHECKED_CACHE_SIZE)
      checkedByKey.delete(checkedByKey.keys().next().value as string);
  },
};

/** The seconds a page answered 503 asks the browser to wait, when the API named none. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The page's answer when the shop's database is out of reach or too slow: the site's error page
 * with status 503 and Retry-After, rather than a 500 or a redirect to the login page.
 */
export function shopUnavailable(retryAfter: number | null): Response {
  return new Response('Service Unavailable', {
    status: 503,
    headers: { 'Retry-After': String(retryAfter ?? RETRY_AFTER_SECONDS), 'Content-Type': 'text/plain' },
  });
}

/** The load contexts of pages one of whose API calls found the shop's database out of reach. */
const pagesOfUnavailableShop = new WeakSet<object>();

/**
 * Whether a page's API calls found the database out of reach. Such a page is answered 503 with
 * Retry-After, even where its loaders went on without what failed (a list's failure text, the
 * built-in settings): a browser, a crawler or a cache must not take it for the page.
 */
export function metUnavailableShop(context: unknown): boolean {
  return typeof context === 'object' && context !== null && pagesOfUnavailableShop.has(context);
}

/** What a loader logs of a failure it goes on without: a response by its status, not its whole object. */
export function failureOf(error: unknown): unknown {
  if (error instanceof Response) return `${error.status} ${error.statusText || 'answer'}`;
  if (error instanceof ApiError) return `${error.status} ${error.message}`;
  return error;
}

/**
 * Logs a failure a loader goes on without, leaving its data empty (spec section 8: a catalogue
 * list, the social links, the language list, a language's texts): to the server's log with the
 * request, or the console where there is none (the development server's own, tests).
 */
export function logFailure(context: unknown, what: string, error: unknown): void {
  const log = (context as ServerContext | undefined)?.log;
  if (log) log.warn({ failure: failureOf(error) }, what);
  else console.warn(what, failureOf(error));
}

/** `logFailure` for each of a loader's calls that failed, by the name it is given. */
export function logFailures(context: unknown, results: Record<string, PromiseSettledResult<unknown>>): void {
  for (const [name, result] of Object.entries(results)) {
    if (result.status === 'rejected') logFailure(context, `${name} could not be loaded`, result.reason);
  }
}

/** Whether a loader's error is `shopUnavailable`'s: it must reach the page, not be taken for a guest. */
export function isShopUnavailable(error: unknown): boolean {
  return error instanceof Response && error.status === 503;
}

/**
 * The API client for loaders: it forwards the visitor's cookies and language, and turns
 * the transport rules into redirects (a server render cannot reload or navigate).
 */
export function serverApi(request: Request, context: unknown, locale: string, authenticated = false) {
  const transport = (context as ServerContext | undefined)?.apiFetch ?? fetchTransport;
  const cookie = request.headers.get('cookie');
  const forwardedFor = request.headers.get('x-forwarded-for');
  const url = new URL(request.url);
  return createApiClient({
    transport,
    locale,
    // A visitor's own answers (with a cookie) are never shared.
    ...(cookie ? {} : { checked: checkedAnswers }),
    headers: () => ({
      ...(cookie ? { cookie } : {}),
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    }),
    onError: (error) => {
      if (error.code === 'DATABASE_UNAVAILABLE') {
        if (typeof context === 'object' && context !== null) pagesOfUnavailableShop.add(context);
        throw shopUnavailable(error.retryAfter);
      }
      const target = transportActionPath(
        transportAction(error.status, error.code, authenticated),
        locale,
        url.pathname + url.search,
      );
      if (target) throw redirect(target);
    },
  });
}
