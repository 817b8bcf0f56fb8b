import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { LANGUAGE_HEADER } from '@promptmarket/contracts';
import {
  hasSessionCookie,
  PERSONAL_PARTS_DEFERRED,
  PERSONAL_PARTS_HEADER,
} from '@promptmarket/contracts/page-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { AppError } from '../errors';
import { oneOffEncoding, preferredEncoding } from '../lib/accept-encoding';
import { INTERNAL_CALL_HEADER, internalCallToken } from '../lib/internal-calls';
import {
  type CachedPage,
  cachePage,
  compressedPage,
  gzippedPageWithNonce,
  pageWithNonce,
} from '../lib/page-cache';
import { askedBefore, cachedAnswer, publicPages } from '../lib/public-answers';

export type WebOptions = {
  mode: 'production' | 'development';
  /** The web app's folder (apps/web): its `build/` in production, its sources in development. */
  root: string;
};

/**
 * What server-side loaders receive: the API, called in process without a network hop, the
 * configured public address (absolute links never come from the Host header) and this
 * response's CSP nonce for the inline scripts the page renders.
 */
export type WebLoadContext = {
  appUrl: string;
  cspNonce: string;
  /** Loader data the browser fetched (`.data`) rather than a page: it carries the texts too (decision 0032). */
  dataRequest: boolean;
  /** Rendered pages' bytes, by their response (the web app's `handOverPage`). */
  renderedPages: WeakMap<Response, Uint8Array>;
  apiFetch: (
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string },
  ) => Promise<Response>;
  /** The request's logger: what a loader goes on without (spec section 8) goes to the server's log. */
  log: { warn: (details: object, message: string) => void };
};

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * How a page is rendered: as the visitor asked, or (to cache it) without the visitor's cookies,
 * and for a signed-in visitor with the personal parts left to the browser.
 */
type RenderAs = { cookies: boolean; personal?: typeof PERSONAL_PARTS_DEFERRED };

function toWebRequest(request: FastifyRequest, as: RenderAs = { cookies: true }): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === PERSONAL_PARTS_HEADER || (name === 'cookie' && !as.cookies)) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  if (as.personal) headers.set(PERSONAL_PARTS_HEADER, as.personal);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete) controller.abort();
  });
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  // A page arrives whole (entry.server.tsx); other answers (sitemaps, texts) may be streams.
  if (isPage(response)) return reply.send(await pageBytes(response));
  return reply.send(Readable.fromWeb(response.body as never));
}

/** Rendered pages' bytes, by their response: handed over by the web app's entry (`handOverPage`). */
const renderedPages = new WeakMap<Response, Uint8Array>();

async function pageBytes(response: Response): Promise<Buffer> {
  const body = renderedPages.get(response);
  if (!body) return Buffer.from(await response.arrayBuffer());
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

function isPage(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').startsWith('text/html');
}

/**
 * Public screens whose page is the same for every signed-in visitor but for the personal parts:
 * the home page, the list, a product, the static pages.
 */
function isPublicScreen(pathname: string): boolean {
  const [locale = '', screen, item, ...rest] = pathname.split('/').filter(Boolean);
  if (!/^[a-z]{2}(?:-[a-z]{2})?$/i.test(locale) || rest.length > 0) return false;
  if (screen === undefined) return true;
  if (screen === 'products') return item !== 'generate';
  if (screen === 'page') return item !== undefined;
  return screen === 'about-us' && item === undefined;
}

/**
 * Screens that are one person's whoever asks (a dashboard, the back office, a cart, a payment's
 * outcome, a link carrying a token), and loader data of them (`.data`).
 */
const personalScreens = new Set([
  'dashboard',
  'admin',
  'cart',
  'reset-password',
  'email',
  // The newsletter's confirmation and unsubscribe links: each visit acts on its token.
  'newsletter',
  'processing-payment',
  'success-payment',
  'fail-payment',
]);

/**
 * Screens whose loader acts on the link it was opened with at every visit (the newsletter's
 * confirmation and unsubscribe links): never cached, or a later visit would show the outcome of the
 * first without acting.
 */
const actingScreens = new Set(['newsletter']);

function isActingScreen(pathname: string): boolean {
  const [locale = '', screen = ''] = pathname.split('/').filter(Boolean);
  return /^[a-z]{2}(?:-[a-z]{2})?$/i.test(locale) && actingScreens.has(screen);
}

function isPersonalScreen(pathname: string): boolean {
  const [locale = '', screen = ''] = pathname
    .replace(/\.data$/, '')
    .split('/')
    .filter(Boolean);
  return /^[a-z]{2}(?:-[a-z]{2})?$/i.test(locale) && personalScreens.has(screen);
}

/**
 * An answer for one visitor: asked with a session or credentials, of a personal screen, or setting
 * a cookie. No cache may keep it: a shared one would show it to the next visitor, the browser's
 * to whoever uses it after the sign-out.
 */
function isPersonalAnswer(request: FastifyRequest, reply: FastifyReply): boolean {
  return (
    hasSessionCookie(request.headers.cookie) ||
    request.headers.authorization !== undefined ||
    reply.hasHeader('set-cookie') ||
    isPersonalScreen(request.url.split('?', 1)[0] ?? '')
  );
}

/**
 * Who a page may be cached for. Only the session cookie changes a page: any other (the consent
 * banner's choice, the language, a tracker's) leaves it as a guest's, and the page is rendered
 * without them. A signed-in visitor of a public screen gets the page cached for all of them.
 * Loader data (`.data`), other methods and credentials are never cached.
 */
function cacheAudience(request: FastifyRequest): 'guest' | 'member' | null {
  if (request.method !== 'GET' || request.headers.authorization) return null;
  const pathname = request.url.split('?', 1)[0] ?? '';
  if (pathname.endsWith('.data') || isActingScreen(pathname)) return null;
  if (!hasSessionCookie(request.headers.cookie)) return 'guest';
  return isPublicScreen(pathname) ? 'member' : null;
}

/** A finished page that sets nothing for its visitor. */
function isKeepableResponse(response: Response): boolean {
  return response.status === 200 && !response.headers.has('set-cookie') && isPage(response);
}

/**
 * A cached page under this response's nonce (128 random bits: it occurs in the page only where it
 * was written as the nonce). Gzip is made from the cached page's own template rather than by
 * compressing each copy, which cost more than the rest of the response together.
 */
function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  cache: 'hit' | 'miss',
  /**
   * Sent once, to the visitor it was rendered for: compressed as it is, under its own nonce, and
   * the cheap way (`oneOffEncoding`; a cached page's gzip template serves every later visitor).
   */
  once?: 'once',
) {
  reply.code(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  // Whether the page was cached already, as caches say it (`x-cache`): for operators and the tests.
  reply.header('x-page-cache', cache);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = once ? oneOffEncoding(accepted, page.body.length) : preferredEncoding(accepted, ['gzip']);
  if (!encoding) return reply.send(once ? page.body : pageWithNonce(page, request.cspNonce));
  reply.header('content-encoding', encoding);
  if (once) return reply.send(compressedPage(page, encoding));
  return reply.send(gzippedPageWithNonce(page, request.cspNonce));
}

/**
 * The cached answer of a loader's call, when a visitor's answer to it is cached (settings, texts,
 * menus, lists): a page's loaders make about ten calls, and passing each through every hook and
 * the router cost more than the rest of them. Only a GET without cookies or credentials is a
 * visitor's; its language is the one the API answered in, as a cached answer exists only for a
 * language the API resolved to, and a change to the languages forgets every cached answer.
 */
function cachedAnswerOf(
  app: FastifyInstance,
  url: string,
  init: { method?: string; headers?: Record<string, string> },
) {
  const headers = init.headers ?? {};
  if ((init.method ?? 'GET') !== 'GET' || headers.cookie || headers.authorization) return undefined;
  const locale = headers[LANGUAGE_HEADER];
  return locale && url.startsWith('/api/') ? cachedAnswer(app.db, locale, url) : undefined;
}

/**
 * An answer of an in-process call, its bytes read as they are. Given a body, undici's Response
 * copies it and wraps it in a stream, and reading it back by `json()` goes through that stream
 * rather than `JSON.parse` of the same bytes: work a page pays for each of its loaders' calls,
 * most of them answered from cached answers whose bodies the loaders' check of known answers
 * never reads. The
 * bytes are read by `text()`, `json()` and `arrayBuffer()`, which is how the API client reads an
 * answer; the `body` stream is null.
 */
export class InProcessResponse extends Response {
  readonly #bytes: Buffer | null;

  constructor(bytes: Buffer | null, init: ResponseInit) {
    super(null, init);
    this.#bytes = bytes;
  }

  override text = async (): Promise<string> => this.#bytes?.toString('utf8') ?? '';

  override json = async (): Promise<unknown> => JSON.parse(await this.text());

  override arrayBuffer = async (): Promise<ArrayBuffer> => {
    const bytes = this.#bytes ?? Buffer.alloc(0);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  };
}

export function injectTransport(app: FastifyInstance): WebLoadContext['apiFetch'] {
  return async (url, init) => {
    const cached = await cachedAnswerOf(app, url, init)?.catch(() => undefined);
    if (cached) {
      return new InProcessResponse(cached.body, {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8', etag: cached.etag },
      });
    }
    const result = await app.inject({
      method: (init.method ?? 'GET') as (typeof methods)[number],
      url,
      headers: { ...init.headers, [INTERNAL_CALL_HEADER]: internalCallToken },
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(result.headers)) {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else if (value !== undefined) headers.set(name, String(value));
    }
    const empty = result.statusCode === 204 || result.statusCode === 304;
    return new InProcessResponse(empty ? null : result.rawPayload, { status: result.statusCode, headers });
  };
}

/**
 * Serves the React Router app for every path the API does not own: built assets as static
 * files with long caching, everything else server-rendered.
 */
export async function webPlugin(app: FastifyInstance, options: WebOptions) {
  // In production the build itself: given a function, React Router derives its routes again for
  // every request (for development's reloads), a millisecond of each page.
  let build: ServerBuild | (() => Promise<ServerBuild>);

  if (options.mode === 'development') {
    const { createServer } = await import('vite');
    const vite = await createServer({
      root: options.root,
      configFile: path.join(options.root, 'vite.config.ts'),
      server: { middlewareMode: true },
      appType: 'custom',
    });
    const { default: middie } = await import('@fastify/middie');
    await app.register(middie);
    app.use(vite.middlewares);
    app.addHook('onClose', () => vite.close());
    build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const serverEntry = path.join(options.root, 'build', 'server', 'index.js');
    if (!existsSync(serverEntry)) {
      throw new Error(`The web app is not built (${serverEntry} is missing): run npm run build.`);
    }
    build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    await app.register(fastifyStatic, {
      root: path.join(options.root, 'build', 'client'),
      wildcard: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  // Form posts reach the route actions as the raw stream they arrived as, never decoded: a body
  // under a Content-Encoding would be read as its compressed bytes, so it is refused (no browser
  // compresses a form).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      done(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Content-Encoding.'));
      return;
    }
    done(null, payload);
  });

  // Pages cached for every visitor keep their caching, and answers that chose theirs (the texts'
  // script, a sitemap) keep it; one visitor's answer is `private, no-store`.
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('cache-control') && isPersonalAnswer(request, reply)) {
      reply.header('cache-control', 'private, no-store');
    }
  });

  const handle = createRequestHandler(build, options.mode);
  /** Renders of pages to cache that are under way, by address. */
  const rendering = new Map<string, Promise<CachedPage | null>>();
  const apiFetch = injectTransport(app);
  const appUrl = app.config.appUrl;

  app.route({
    method: [...methods],
    url: '/*',
    handler: async (request, reply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') throw AppError.notFound();
      const context: WebLoadContext = {
        apiFetch,
        appUrl,
        cspNonce: request.cspNonce,
        dataRequest: (request.url.split('?', 1)[0] ?? '').endsWith('.data'),
        renderedPages,
        log: request.log,
      };
      const audience = options.mode === 'production' ? cacheAudience(request) : null;
      if (!audience) return sendWebResponse(reply, await handle(toWebRequest(request), context as never));

      const key = audience === 'member' ? `member:${request.url}` : request.url;
      // A page being rendered for another visitor is waited for rather than rendered again.
      const cached = (await publicPages.peek(app.db, key)) ?? (await rendering.get(key));
      if (cached) return sendCachedPage(request, reply, cached, 'hit');
      let settle: (page: CachedPage | null) => void = () => {};
      rendering.set(key, new Promise((resolve) => (settle = resolve)));
      try {
        const as: RenderAs =
          audience === 'member' ? { cookies: false, personal: PERSONAL_PARTS_DEFERRED } : { cookies: false };
        const response = await handle(toWebRequest(request, as), context as never);
        if (!isKeepableResponse(response)) {
          settle(null);
          // A redirect or an error may depend on the cookies left out (the language a visitor
          // chose, a session): the visitor's own request decides it.
          if (!request.headers.cookie) return sendWebResponse(reply, response);
          await response.body?.cancel();
          return sendWebResponse(reply, await handle(toWebRequest(request), context as never));
        }
        const page = cachePage(
          await pageBytes(response),
          request.cspNonce,
          response.status,
          [...response.headers].filter(([name]) => name !== 'set-cookie'),
        );
        settle(page);
        // A page asked for the first time is sent without being cached, as the API's answers are
        // (`askedBefore`): most such (a list of filters nobody asked before) are never asked
        // again, and caching each cost its compressed template and a place in the cached pages
        // that pushed out one asked for again.
        if (!askedBefore(`page ${key}`)) return sendCachedPage(request, reply, page, 'miss', 'once');
        publicPages.set(app.db, key, page);
        return sendCachedPage(request, reply, page, 'miss');
      } catch (error) {
        settle(null);
        throw error;
      } finally {
        rendering.delete(key);
      }
    },
  });
}
