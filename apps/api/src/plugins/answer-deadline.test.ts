import Fastify, { type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_CALL_HEADER, internalCallToken } from '../lib/internal-calls';
import { answerDeadlineMs, answerDeadlinePlugin } from './answer-deadline';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the answer deadline', () => {
  const app = Fastify({ logger: false });

  beforeAll(async () => {
    await app.register(answerDeadlinePlugin, { deadlineMs: 200 });
    const slow = async () => {
      await sleep(600);
      return { done: true };
    };
    app.get('/api/slow', slow);
    app.post('/api/slow', slow);
    app.get('/en/slow', slow);
    app.get('/api/quick', async () => ({ done: true }));
    await app.ready();
  });

  afterAll(() => app.close());

  async function timed(options: InjectOptions) {
    const started = performance.now();
    const response = await app.inject(options);
    return { response, ms: performance.now() - started };
  }

  it('answers a read still under way at its deadline 503 with Retry-After, in JSON for the API', async () => {
    const { response, ms } = await timed({ method: 'GET', url: '/api/slow' });
    expect(ms).toBeLessThan(500);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ message: 'Service Unavailable', code: 'DATABASE_UNAVAILABLE' });
  });

  it('answers a page with the plain error page', async () => {
    const { response } = await timed({ method: 'GET', url: '/en/slow' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('The shop is unavailable for a moment');
  });

  it('leaves writes, the server’s own calls and quick reads alone', async () => {
    expect((await timed({ method: 'POST', url: '/api/slow' })).response.json()).toEqual({ done: true });
    const internal = await timed({
      method: 'GET',
      url: '/api/slow',
      headers: { [INTERNAL_CALL_HEADER]: internalCallToken },
    });
    expect(internal.response.json()).toEqual({ done: true });
    expect((await timed({ method: 'GET', url: '/api/quick' })).response.statusCode).toBe(200);
  });

  it('is the request’s database budget and two seconds', () => {
    expect(answerDeadlineMs({ requestBudgetMs: 8_000 })).toBe(10_000);
  });
});
