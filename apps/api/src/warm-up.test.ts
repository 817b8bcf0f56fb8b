import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { INTERNAL_CALL_HEADER, internalCallToken } from './lib/internal-calls';
import { warmUp } from './warm-up';

type Asked = { url: string; headers: Record<string, string> };

/** An app whose every answer is `answer(url)`, after `delayMs`; what it was asked is kept. */
function appAnswering(answer: (url: string) => { statusCode: number; body?: unknown }, delayMs = 1) {
  const asked: Asked[] = [];
  const app = {
    inject: async ({ url, headers }: Asked) => {
      asked.push({ url, headers });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const { statusCode, body } = answer(url);
      return { statusCode, json: () => body };
    },
  } as unknown as Pick<FastifyInstance, 'inject'>;
  return { app, asked };
}

const list = { data: [{ slug: 'first-prompt' }, { slug: 'second-prompt' }] };

describe('a worker’s warm-up', () => {
  it('asks for the list, the home page, lists in every sort and later pages, and the listed products, each once', async () => {
    const { app, asked } = appAnswering((url) =>
      url === '/api/products' ? { statusCode: 200, body: list } : { statusCode: 200 },
    );
    const warmed = await warmUp(app, { budgetMs: 60, locale: 'de' });
    const urls = asked.map((request) => request.url);
    expect(urls.slice(0, 2)).toEqual(['/api/products', '/de']);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/de/products',
        '/de/products?sort=newest',
        '/de/products?sort=price_asc',
        '/de/products?sort=price_desc',
        '/de/products?sort=popular',
        '/de/products/first-prompt',
        '/de/products/second-prompt',
      ]),
    );
    expect(urls.some((url) => /^\/de\/products\?(sort=\w+&)?page=2$/.test(url))).toBe(true);
    // Asked once, no address is cached.
    expect(new Set(urls).size).toBe(urls.length);
    expect(warmed).toMatchObject({ requests: urls.length, failed: 0 });
    expect(warmed.unfinished).toBeUndefined();
  });

  it('asks as a returning visitor, with the in-process token, and reads the list uncompressed', async () => {
    const { app, asked } = appAnswering(() => ({ statusCode: 200, body: list }));
    await warmUp(app, { budgetMs: 20 });
    for (const { headers } of asked) {
      expect(headers.cookie).toBe('cookie_consent=all');
      expect(headers[INTERNAL_CALL_HEADER]).toBe(internalCallToken);
    }
    expect(asked[0]?.headers['accept-encoding']).toBe('identity');
    expect(asked[1]?.headers['accept-encoding']).toBe('gzip');
  });

  it('counts answers of 500 and up, and requests that threw, as failed; goes on past them', async () => {
    let calls = 0;
    const app = {
      inject: async () => {
        calls += 1;
        if (calls === 1) throw new Error('no list');
        return { statusCode: calls === 2 ? 503 : 404, json: () => ({}) };
      },
    } as unknown as Pick<FastifyInstance, 'inject'>;
    const warmed = await warmUp(app, { budgetMs: 20 });
    expect(warmed.failed).toBe(2);
    expect(warmed.requests).toBeGreaterThan(2);
  });

  it('stops when the worker is told to stop', async () => {
    let stop = false;
    const { app, asked } = appAnswering((url) => {
      if (url.includes('sort=popular')) stop = true;
      return { statusCode: 200 };
    });
    await warmUp(app, { budgetMs: 60_000, stopped: () => stop });
    // The fifth list is sorted by popularity: the lanes stop at their next request.
    expect(asked.length).toBeLessThan(20);
  });

  it('does not wait past its budget for a request that never ends', async () => {
    const app = { inject: () => new Promise(() => {}) } as unknown as Pick<FastifyInstance, 'inject'>;
    const warmed = await warmUp(app, { budgetMs: 30, lateMs: 50 });
    expect(warmed).toMatchObject({ requests: 1, unfinished: true });
  });
});
