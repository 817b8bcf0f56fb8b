import { defineEndpoint } from '@promptmarket/contracts/endpoint';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { metUnavailableShop, serverApi } from './api.server';
import type { ApiTransport } from './api-client';

const tags = defineEndpoint({
  method: 'GET',
  path: '/tags',
  summary: 'The tags',
  query: z.object({ page: z.number().optional() }),
  response: z.object({ data: z.array(z.string()) }),
});

function serverCall(cookie: string | null, query?: { page: number }) {
  const headers = new Headers(cookie ? { cookie } : {});
  const request = new Request('http://shop.test/en/tags', { headers });
  // A new body each time, under one ETag: the answer did not change.
  const apiFetch: ApiTransport = async () =>
    new Response(JSON.stringify({ data: ['sea', 'sky'] }), { headers: { etag: '"same"' } });
  return serverApi(request, { apiFetch }, 'en').call(tags, query ? { query } : {});
}

describe("the loaders' API client", () => {
  it("caches a guest's checked answer per ETag, shared by the next page", async () => {
    const first = await serverCall(null);
    expect(first).toEqual({ data: ['sea', 'sky'] });
    expect(await serverCall(null)).toBe(first);
  });

  it("never shares a signed-in visitor's answers, nor caches lists asked by query", async () => {
    const mine = await serverCall('session=abc');
    expect(await serverCall('session=abc')).not.toBe(mine);
    const page = await serverCall(null, { page: 2 });
    expect(await serverCall(null, { page: 2 })).not.toBe(page);
  });
});

describe('a page whose API calls find the database out of reach', () => {
  it('throws a 503 with Retry-After, and marks the page to be answered 503 though its loader goes on', async () => {
    const context = {
      apiFetch: (async () =>
        new Response(JSON.stringify({ message: 'Service Unavailable', code: 'DATABASE_UNAVAILABLE' }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '7' },
        })) as ApiTransport,
    };
    const request = new Request('http://shop.test/en/tags');
    expect(metUnavailableShop(context)).toBe(false);
    const thrown = await serverApi(request, context, 'en')
      .call(tags, {})
      .catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
    expect((thrown as Response).headers.get('retry-after')).toBe('7');
    expect(metUnavailableShop(context)).toBe(true);
  });

  it('leaves other failures to the page: a 500 marks nothing', async () => {
    const context = {
      apiFetch: (async () =>
        new Response(JSON.stringify({ message: 'Server Error', code: 'INTERNAL' }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        })) as ApiTransport,
    };
    await serverApi(new Request('http://shop.test/en/tags'), context, 'en')
      .call(tags, {})
      .catch(() => undefined);
    expect(metUnavailableShop(context)).toBe(false);
  });
});
