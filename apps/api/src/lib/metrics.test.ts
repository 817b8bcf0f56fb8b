import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { users } from '../modules/accounts/accounts.tables';
import { enqueueJob, runDueJobs } from '../modules/jobs/jobs.service';
import { jobs } from '../modules/jobs/jobs.tables';
import { SANDBOX_SIGNATURE_HEADER } from '../modules/payments/sandbox';
import { signatureHeader } from '../modules/payments/signature';
import { checkLedger } from '../modules/wallet/wallet.check';
import { creditDeposit } from '../modules/wallet/wallet.service';
import { createTestApp, type TestApp } from '../test/app';
import { driftBalance } from '../test/ledger';
import { recordingLog } from '../test/log';
import { sampleOf } from '../test/metrics';
import { processRegistry, startMetricsServer } from './metrics';

const secret = 'sandbox-secret-for-the-metrics-0123456789';
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ SANDBOX_WEBHOOK_SECRET: secret });
});
afterAll(() => app?.close());

const scrape = () => processRegistry.metrics();
const count = async (name: string, labels: Record<string, string>) =>
  sampleOf(await scrape(), name, labels) ?? 0;

describe('request metrics', () => {
  it('counts a request under its route pattern, never under the URL with its ids', async () => {
    const adminUser = { method: 'GET', route: '/api/admin/users/:id', status_code: '401' };
    const product = { method: 'GET', route: '/api/products/:idOrSlug', status_code: '404' };
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    const before = await Promise.all(
      [adminUser, product, unmatched].map((labels) => count('promptmarket_http_requests_total', labels)),
    );

    expect((await app.inject({ method: 'GET', url: '/api/admin/users/7340012' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/products/no-such-slug-5521' })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: '/api/products/other-slug-5522' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/no/such/page/8836' })).statusCode).toBe(404);

    const text = await scrape();
    expect(sampleOf(text, 'promptmarket_http_requests_total', adminUser)).toBe((before[0] ?? 0) + 1);
    expect(sampleOf(text, 'promptmarket_http_requests_total', product)).toBe((before[1] ?? 0) + 2);
    expect(sampleOf(text, 'promptmarket_http_requests_total', unmatched)).toBe((before[2] ?? 0) + 1);
    expect(sampleOf(text, 'promptmarket_http_request_duration_seconds_count', product)).toBe(
      (before[1] ?? 0) + 2,
    );
    expect(
      sampleOf(text, 'promptmarket_http_request_duration_seconds_bucket', { ...product, le: '+Inf' }),
    ).toBe((before[1] ?? 0) + 2);
    // The URLs' own parts (a bare number could turn up in any figure, such as a memory size).
    for (const raw of ['users/7340012', 'no-such-slug', 'other-slug', 'page/8836', '/no/such']) {
      expect(text).not.toContain(raw);
    }
  });
});

describe('job metrics', () => {
  it('counts jobs done, retried and failed, and reads each queue’s depth when scraped', async () => {
    const { db } = app;
    await enqueueJob(db, 'metrics-ok', {});
    await enqueueJob(db, 'metrics-ok', {});
    await enqueueJob(db, 'metrics-flaky', {}, { maxAttempts: 2 });
    await enqueueJob(db, 'metrics-later', {}, { runAt: new Date(Date.now() + 3_600_000) });
    let text = await scrape();
    expect(sampleOf(text, 'promptmarket_job_queue_depth', { queue: 'metrics-ok', state: 'due' })).toBe(2);
    expect(sampleOf(text, 'promptmarket_job_queue_depth', { queue: 'metrics-flaky', state: 'due' })).toBe(1);
    expect(
      sampleOf(text, 'promptmarket_job_queue_depth', { queue: 'metrics-later', state: 'scheduled' }),
    ).toBe(1);
    expect(sampleOf(text, 'promptmarket_job_queue_depth', { queue: 'metrics-later', state: 'due' })).toBe(0);

    // While a job runs, it is counted as running.
    let release = () => {};
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const handlers = {
      'metrics-ok': {
        run: () =>
          new Promise<void>((resolve) => {
            release = resolve;
            started();
          }),
      },
      'metrics-flaky': {
        run: async () => {
          throw new Error('the printer is on fire');
        },
      },
    };
    const firstRun = runDueJobs(db, handlers, recordingLog(), 1);
    await running;
    text = await scrape();
    expect(sampleOf(text, 'promptmarket_job_queue_depth', { queue: 'metrics-ok', state: 'running' })).toBe(1);
    expect(sampleOf(text, 'promptmarket_job_queue_depth', { queue: 'metrics-ok', state: 'due' })).toBe(1);
    release();
    await firstRun;

    const quick = { ...handlers, 'metrics-ok': { run: async () => {} } };
    await runDueJobs(db, quick, recordingLog());
    text = await scrape();
    expect(sampleOf(text, 'promptmarket_jobs_total', { queue: 'metrics-ok', outcome: 'done' })).toBe(2);
    expect(sampleOf(text, 'promptmarket_jobs_total', { queue: 'metrics-flaky', outcome: 'retried' })).toBe(1);
    expect(sampleOf(text, 'promptmarket_jobs_total', { queue: 'metrics-flaky', outcome: 'failed' })).toBe(
      undefined,
    );
    expect(sampleOf(text, 'promptmarket_job_queue_depth', { queue: 'metrics-ok' })).toBeUndefined();
    expect(
      sampleOf(text, 'promptmarket_job_queue_depth', { queue: 'metrics-flaky', state: 'scheduled' }),
    ).toBe(1);

    // Its retry comes due and fails for the last time.
    await db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.queue, 'metrics-flaky'));
    await runDueJobs(db, quick, recordingLog());
    text = await scrape();
    expect(sampleOf(text, 'promptmarket_jobs_total', { queue: 'metrics-flaky', outcome: 'failed' })).toBe(1);
    expect(sampleOf(text, 'promptmarket_job_queue_depth', { queue: 'metrics-flaky' })).toBeUndefined();
  });
});

describe('webhook metrics', () => {
  const post = (provider: string, body: string, signature = signatureHeader(secret, body)) =>
    app.inject({
      method: 'POST',
      url: `/api/webhooks/${provider}`,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      payload: body,
    });

  it('counts each answer by provider and outcome', async () => {
    const body = JSON.stringify({
      id: 'evt_metrics_1',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'cs_no_such_payment',
          reference: '0',
          amount_total: 100,
          currency: 'EUR',
          status: 'paid',
          failure_message: null,
        },
      },
    });
    expect((await post('sandbox', body, signatureHeader('not-the-secret-0123456789', body))).statusCode).toBe(
      400,
    );
    expect((await post('sandbox', body)).statusCode).toBe(200);
    expect((await post('sandbox', body)).statusCode).toBe(200);
    expect((await post('stripe', body)).statusCode).toBe(404);
    const text = await scrape();
    const answered = (outcome: string) =>
      sampleOf(text, 'promptmarket_webhooks_total', { provider: 'sandbox', outcome });
    expect(answered('bad_signature')).toBe(1);
    expect(answered('unknown')).toBe(1);
    expect(answered('duplicate')).toBe(1);
    expect(
      sampleOf(text, 'promptmarket_webhooks_total', { provider: 'stripe', outcome: 'wrong_provider' }),
    ).toBe(1);
  });
});

describe('ledger check metrics', () => {
  it('shows the problems the last check found and when it ran, -1 and 0 before any check', async () => {
    let text = await scrape();
    expect(sampleOf(text, 'promptmarket_ledger_check_problems')).toBe(-1);
    expect(sampleOf(text, 'promptmarket_ledger_check_last_run_timestamp_seconds')).toBe(0);

    const [user] = await app.db
      .insert(users)
      .values({ firstName: 'Ada', lastName: 'Lovelace', email: 'metrics@example.test', passwordHash: 'x' })
      .returning({ id: users.id });
    await creditDeposit(app.db, {
      userId: user?.id as string,
      provider: 'sandbox',
      depositId: 3,
      amount: 500,
    });
    const healthy = await checkLedger(app.db, recordingLog(), { quietSeconds: 0 });
    text = await scrape();
    expect(sampleOf(text, 'promptmarket_ledger_check_problems')).toBe(0);
    expect(sampleOf(text, 'promptmarket_ledger_check_last_run_timestamp_seconds')).toBe(
      (healthy?.checkedAt.getTime() ?? 0) / 1000,
    );

    await driftBalance(app.db, `wallet:${user?.id}`, 1);
    await checkLedger(app.db, recordingLog(), { quietSeconds: 0 });
    expect(sampleOf(await scrape(), 'promptmarket_ledger_check_problems')).toBe(1);
    await driftBalance(app.db, `wallet:${user?.id}`, -1);
  });
});

describe('the metrics server', () => {
  it('answers GET /metrics in the Prometheus text format, and only with the right bearer token', async () => {
    const token = 'a-scrape-token-of-some-length';
    const server = await startMetricsServer({ host: '127.0.0.1', port: 0, token, clustered: false });
    const url = `http://127.0.0.1:${server.port}/metrics`;
    try {
      const bare = await fetch(url);
      expect(bare.status).toBe(401);
      expect(bare.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await bare.text()).not.toContain('promptmarket_');
      for (const authorization of [
        `Bearer ${token}x`,
        `Bearer ${token.slice(0, -1)}`,
        `Basic ${token}`,
        token,
      ]) {
        expect((await fetch(url, { headers: { authorization } })).status).toBe(401);
      }

      const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = await answer.text();
      expect(text).toContain('# TYPE promptmarket_http_requests_total counter');
      expect(text).toContain('# TYPE promptmarket_http_request_duration_seconds histogram');
      expect(text).toContain('# TYPE promptmarket_job_queue_depth gauge');
      expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
      // A worker's own answer leaves the supervisor's figures to the supervisor.
      expect(text).not.toContain('promptmarket_worker_restarts_total');

      const elsewhere = await fetch(`http://127.0.0.1:${server.port}/`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(elsewhere.status).toBe(404);
      const posted = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(posted.status).toBe(405);
    } finally {
      await server.close();
    }
  });

  it('answers without a token when none is set, and closes', async () => {
    const server = await startMetricsServer({ host: '127.0.0.1', port: 0, clustered: false });
    const url = `http://127.0.0.1:${server.port}/metrics`;
    expect((await fetch(url)).status).toBe(200);
    await server.close();
    await expect(fetch(url)).rejects.toThrow();
  });
});

describe('metrics configuration', () => {
  it('is off unless METRICS_PORT is set; listens on 127.0.0.1 by default; a token must be long', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({
      host: '127.0.0.1',
      port: 9464,
      token: null,
    });
    expect(
      loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'x'.repeat(32) }).metrics,
    ).toEqual({ host: '0.0.0.0', port: 9464, token: 'x'.repeat(32) });
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
  });
});
