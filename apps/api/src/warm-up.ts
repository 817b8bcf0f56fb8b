import { DEFAULT_LOCALE } from '@promptmarket/contracts';
import type { FastifyInstance } from 'fastify';
import { INTERNAL_CALL_HEADER, internalCallToken } from './lib/internal-calls';

/**
 * A worker's first minutes, before it takes visitors (decision 0040).
 *
 * A new process runs its code unoptimised at first: under load, a fresh worker's pages are much
 * slower than a warm one's, so the first visitors after a start or after a worker was replaced
 * would queue (decision 0040 has the figures). Before it tells the supervisor it is ready,
 * the worker renders the screens visitors open most, in process, for a set time: list pages of
 * every sort, later pages, product pages and the home page, each address once. Asked once, none
 * is cached; the requests carry the in-process call's token, so they are logged at debug level only.
 */

/** The list's orders, the default (none given) first. */
const SORTS = ['', 'newest', 'price_asc', 'price_desc', 'popular'] as const;

/** Renders under way at once. */
const LANES = 4;

/**
 * How long past its budget a warm-up waits for the requests it started: one held up (a slow
 * database) is left to finish on its own rather than keep the worker from its visitors.
 */
const LATE_MS = 3_000;

export type WarmUp = { requests: number; failed: number; ms: number; unfinished?: true };

export async function warmUp(
  app: Pick<FastifyInstance, 'inject'>,
  {
    budgetMs,
    locale = DEFAULT_LOCALE,
    stopped = () => false,
    lateMs = LATE_MS,
  }: { budgetMs: number; locale?: string; stopped?: () => boolean; lateMs?: number },
): Promise<WarmUp> {
  const started = performance.now();
  let late = false;
  const over = () => late || stopped() || performance.now() - started >= budgetMs;
  const headers = {
    // A returning visitor's request: the consent cookie, and compressed.
    cookie: 'cookie_consent=all',
    'accept-encoding': 'gzip',
    [INTERNAL_CALL_HEADER]: internalCallToken,
  };
  let requests = 0;
  let failed = 0;
  const ask = async (url: string, compressed = true) => {
    requests += 1;
    try {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: compressed ? headers : { ...headers, 'accept-encoding': 'identity' },
      });
      if (response.statusCode >= 500) failed += 1;
      return response;
    } catch {
      failed += 1;
      return null;
    }
  };

  const work = async () => {
    // The products the product pages are taken from: the newest, as the first list shows them.
    const first = await ask('/api/products', false);
    let slugs: string[] = [];
    try {
      const body = first?.statusCode === 200 ? (first.json() as { data?: Array<{ slug?: unknown }> }) : null;
      slugs = (body?.data ?? [])
        .map((product) => product.slug)
        .filter((slug): slug is string => typeof slug === 'string');
    } catch {
      // Not the list's JSON: the product pages are left out.
    }
    if (!over()) await ask(`/${locale}`);

    // A few at a time, as visitors come: one render's reads leave the thread to the others.
    let next = 0;
    const lane = async () => {
      while (!over()) {
        const round = next++;
        const sort = SORTS[round % SORTS.length];
        const page = Math.floor(round / SORTS.length) + 1;
        const query = new URLSearchParams(sort ? { sort } : {});
        if (page > 1) query.set('page', String(page));
        await ask(`/${locale}/products${query.size > 0 ? `?${query}` : ''}`);
        const slug = slugs[round];
        if (slug && !over()) await ask(`/${locale}/products/${encodeURIComponent(slug)}`);
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      late = true;
      resolve();
    }, budgetMs + lateMs);
  });
  await Promise.race([work(), deadline]);
  clearTimeout(timer);
  return {
    requests,
    failed,
    ms: Math.round(performance.now() - started),
    ...(late ? { unfinished: true } : {}),
  };
}
