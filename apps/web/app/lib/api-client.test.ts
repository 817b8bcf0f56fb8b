import { defineEndpoint } from '@promptmarket/contracts/endpoint';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, type ApiTransport, createApiClient } from './api-client';

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
