import { defineEndpoint } from '@promptmarket/contracts/endpoint';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import en from '../locales/en/auth.json';
import {
  ApiError,
  type ApiTransport,
  checkHandshake,
  createApiClient,
  endpointUrl,
  errorFromResponse,
  retryAfterSeconds,
  tooManyAttemptsText,
} from './api-client';
import { createTranslator } from './i18n';
import type { Messages } from './messages';

const renameTag = defineEndpoint({
  method: 'PUT',
  path: '/tags/:locale/:key',
  summary: 'Rename a tag',
  params: z.object({ locale: z.string(), key: z.string() }),
  query: z.object({ page: z.number().optional(), slugs: z.array(z.string()).optional() }),
  body: z.object({ name: z.string() }),
  response: z.object({ status: z.literal('OK'), payload: z.object({ name: z.string() }) }),
});

function recordingClient(answer: unknown) {
  const sent: { path: string; method: string; headers: Record<string, string>; body?: string }[] = [];
  const transport: ApiTransport = async (path, init) => {
    sent.push({ path, ...init });
    return new Response(JSON.stringify(answer), { status: 200 });
  };
  return { sent, api: createApiClient({ transport, locale: 'de' }) };
}

describe('calling a declared endpoint', () => {
  it('fills in the path, sends the query and the body, and returns the parsed answer', async () => {
    const { sent, api } = recordingClient({ status: 'OK', payload: { name: 'Neu' }, extra: 'dropped' });
    const answer = await api.call(renameTag, {
      params: { locale: 'de', key: 'a/b c' },
      query: { page: 2, slugs: ['x', 'y'] },
      body: { name: 'Neu' },
      headers: { 'idempotency-key': 'k1' },
    });
    expect(answer).toEqual({ status: 'OK', payload: { name: 'Neu' } });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('PUT');
    expect(sent[0]?.path).toBe('/api/tags/de/a%2Fb%20c?page=2&slugs=x&slugs=y');
    expect(sent[0]?.body).toBe('{"name":"Neu"}');
    expect(sent[0]?.headers).toMatchObject({ 'content-type': 'application/json', 'idempotency-key': 'k1' });
  });

  it('leaves out empty query values', async () => {
    const { sent, api } = recordingClient({ status: 'OK', payload: { name: 'x' } });
    await api.call(renameTag, { params: { locale: 'en', key: 'k' }, query: {}, body: { name: 'x' } });
    expect(sent[0]?.path).toBe('/api/tags/en/k');
  });

  it('passes a query read from an address on as it is', async () => {
    const { sent, api } = recordingClient({ status: 'OK', payload: { name: 'x' } });
    const query = new URLSearchParams('page=3&status=pending');
    await api.call(renameTag, { params: { locale: 'en', key: 'k' }, query, body: { name: 'x' } });
    expect(sent[0]?.path).toBe('/api/tags/en/k?page=3&status=pending');
  });

  it('refuses an answer its contract does not describe', async () => {
    const { api } = recordingClient({ status: 'OK', payload: { title: 'wrong' } });
    const call = api.call(renameTag, { params: { locale: 'en', key: 'k' }, body: { name: 'x' } });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 502 });
  });
});

describe("a list's JSON handed on as it is", () => {
  const listTags = defineEndpoint({
    method: 'GET',
    path: '/tags',
    summary: 'The tags',
    query: z.object({ page: z.number().optional() }),
    response: z.object({ data: z.array(z.string()) }),
  });

  it('is the answer’s text, unread, asked for at the path and query of the call', async () => {
    const text = '{"data":["sea","sky"],  "order":"as sent"}';
    const sent: string[] = [];
    const transport: ApiTransport = async (path) => {
      sent.push(path);
      return new Response(text, { status: 200 });
    };
    expect(
      await createApiClient({ transport, locale: 'de' }).callJson(listTags, { query: { page: 2 } }),
    ).toBe(text);
    expect(sent).toEqual(['/api/tags?page=2']);
  });

  it('fails as any call does, through the transport rules', async () => {
    const seen: number[] = [];
    const transport: ApiTransport = async () =>
      new Response(JSON.stringify({ message: 'Unavailable' }), { status: 503 });
    const api = createApiClient({ transport, locale: 'en', onError: (error) => seen.push(error.status) });
    await expect(api.callJson(listTags)).rejects.toMatchObject({ status: 503, message: 'Unavailable' });
    expect(seen).toEqual([503]);
  });
});

describe('answers checked before', () => {
  const readTag = defineEndpoint({
    method: 'GET',
    path: '/tags/:key',
    summary: 'A tag',
    params: z.object({ key: z.string() }),
    response: z.object({ name: z.string() }),
  });

  it('are read and checked once per language, address and ETag, and shared after', async () => {
    let answer = { name: 'Erste' };
    let etag = '"a"';
    let reads = 0;
    const transport: ApiTransport = async () =>
      new Response(JSON.stringify(answer), { status: 200, headers: { etag } });
    const cache = new Map<string, unknown>();
    const checked = {
      get: (key: string) => cache.get(key),
      set: (key: string, value: unknown) => {
        reads++;
        cache.set(key, value);
      },
    };
    const api = createApiClient({ transport, locale: 'de', checked });
    const first = await api.call(readTag, { params: { key: 'k' } });
    answer = { name: 'not read again while its ETag stays' };
    expect(await api.call(readTag, { params: { key: 'k' } })).toBe(first);
    expect(reads).toBe(1);
    // Another ETag is another answer, read and checked.
    etag = '"b"';
    answer = { name: 'Zweite' };
    expect(await api.call(readTag, { params: { key: 'k' } })).toEqual({ name: 'Zweite' });
    // Another language is asked for and checked on its own.
    const french = createApiClient({ transport, locale: 'fr', checked });
    await french.call(readTag, { params: { key: 'k' } });
    expect([...cache.keys()]).toEqual(['de /tags/k "a"', 'de /tags/k "b"', 'fr /tags/k "b"']);
    // An answer its contract does not describe is never cached.
    etag = '"c"';
    answer = { title: 'wrong' } as never;
    await expect(api.call(readTag, { params: { key: 'k' } })).rejects.toMatchObject({ status: 502 });
    expect(cache.has('de /tags/k "c"')).toBe(false);
  });

  it('leave other methods and answers without an ETag to be read each time', async () => {
    let reads = 0;
    const checked = { get: () => undefined, set: () => reads++ };
    const transport: ApiTransport = async () =>
      new Response(JSON.stringify({ status: 'OK', payload: { name: 'x' } }), { headers: { etag: '"e"' } });
    await createApiClient({ transport, locale: 'en', checked }).call(renameTag, {
      params: { locale: 'en', key: 'k' },
      body: { name: 'x' },
    });
    const bare: ApiTransport = async () => new Response(JSON.stringify({ name: 'x' }));
    await createApiClient({ transport: bare, locale: 'en', checked }).call(readTag, { params: { key: 'k' } });
    expect(reads).toBe(0);
  });
});

describe('the address of a declared endpoint', () => {
  it('fills in the path and the query the way a call sends them, for a link or an image', () => {
    expect(
      endpointUrl(renameTag, { params: { locale: 'de', key: 'a/b c' }, query: { page: 2, slugs: ['x'] } }),
    ).toBe('/api/tags/de/a%2Fb%20c?page=2&slugs=x');
    expect(endpointUrl(renameTag, { params: { locale: 'en', key: 'k' }, query: { page: undefined } })).toBe(
      '/api/tags/en/k',
    );
  });
});

describe('an answer that asks to wait', () => {
  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(retryAfterSeconds('42', now)).toBe(42);
    expect(retryAfterSeconds(' 7 ', now)).toBe(7);
    expect(retryAfterSeconds('Wed, 25 Nov 2026 10:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('Wed, 25 Nov 2026 09:00:00 GMT', now)).toBe(1);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });

  it('keeps the Retry-After of a failed answer on its error', async () => {
    const error = await errorFromResponse(
      new Response(JSON.stringify({ message: 'Too Many Attempts.', code: 'TOO_MANY_REQUESTS' }), {
        status: 429,
        headers: { 'retry-after': '42' },
      }),
    );
    expect(error).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', retryAfter: 42 });
  });

  it('says too many attempts with the seconds to wait, for a 429 only', () => {
    const { t } = createTranslator('en', en as unknown as Messages);
    const refused = new ApiError(429, 'Too Many Attempts.', null, { code: 'TOO_MANY_REQUESTS' }, 42);
    expect(tooManyAttemptsText(refused, t)).toBe('Too many attempts. Please wait 42 seconds and try again.');
    expect(tooManyAttemptsText(new ApiError(429, 'Too Many Attempts.'), t)).toBe(
      'Too many attempts. Please wait 60 seconds and try again.',
    );
    expect(tooManyAttemptsText(new ApiError(419, 'CSRF token mismatch.'), t)).toBeNull();
    expect(tooManyAttemptsText(new Error('x'), t)).toBeNull();
  });
});

describe('the CSRF handshake', () => {
  it('passes when the session was handed out, and throws the 429 of a refused one with its wait', async () => {
    await expect(checkHandshake(new Response(null, { status: 204 }))).resolves.toBeUndefined();
    const refused = new Response(
      JSON.stringify({ message: 'Too Many Attempts.', code: 'TOO_MANY_REQUESTS' }),
      {
        status: 429,
        headers: { 'retry-after': '600' },
      },
    );
    await expect(checkHandshake(refused)).rejects.toMatchObject({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      retryAfter: 600,
    });
  });

  it('stops a call whose handshake was refused before it goes out without a token', async () => {
    const sent: string[] = [];
    const transport: ApiTransport = async (path) => {
      sent.push(path);
      return new Response(JSON.stringify({ message: 'CSRF token mismatch.' }), { status: 419 });
    };
    const seen: ApiError[] = [];
    const api = createApiClient({
      transport,
      locale: 'en',
      headers: async () => {
        await checkHandshake(
          new Response(JSON.stringify({ message: 'Too Many Attempts.' }), {
            status: 429,
            headers: { 'retry-after': '30' },
          }),
        );
        return {};
      },
      onError: (error) => seen.push(error),
    });
    const call = api.call(renameTag, { params: { locale: 'en', key: 'k' }, body: { name: 'x' } });
    await expect(call).rejects.toMatchObject({ status: 429, retryAfter: 30 });
    expect(sent).toEqual([]);
    expect(seen).toEqual([]);
  });
});
