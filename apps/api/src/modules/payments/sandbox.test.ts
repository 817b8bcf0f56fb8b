import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { cardDepositForm, payOnSandbox } from '../../test/deposits';
import { recordingLog } from '../../test/log';
import { deposits } from '../deposits/deposits.tables';
import { type JobHandler, runDueJobs } from '../jobs/jobs.service';
import { type Job, jobs } from '../jobs/jobs.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { ledgerTransactions } from '../wallet/wallet.tables';
import { SANDBOX_WEBHOOK_QUEUE, sandboxWebhookJob } from './sandbox';

// A sandbox webhook must reach the shop however its delivery is cut: a worker process killed
// mid-delivery, a connection reset, a shop that does not answer in time or answers 503. Each
// time the deposit is credited in the end, and only once.

const secret = 'sandbox-secret-for-the-tests-0123456789';
let app: TestApp;
let shopUrl = '';

/** What the next deliveries meet on their way to the shop, in order; then they pass. */
let trouble: ('reset' | 'hang' | 'busy')[] = [];
const hanging: ServerResponse[] = [];
let proxy: Server;
let proxyUrl = '';

async function relay(request: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const next = trouble.shift();
  if (next === 'reset') return void request.socket.resetAndDestroy();
  if (next === 'hang') return void hanging.push(response);
  if (next === 'busy') return void response.writeHead(503).end('busy');
  const answer = await fetch(shopUrl, {
    method: 'POST',
    headers: {
      'content-type': String(request.headers['content-type']),
      'sandbox-signature': String(request.headers['sandbox-signature']),
    },
    body: Buffer.concat(chunks),
  });
  response.writeHead(answer.status).end(await answer.text());
}

beforeAll(async () => {
  app = await createTestApp({ SANDBOX_WEBHOOK_SECRET: secret });
  await app.listen({ port: 0, host: '127.0.0.1' });
  shopUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/webhooks/sandbox`;
  proxy = createServer((request, response) => void relay(request, response));
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  for (const response of hanging) response.destroy();
  await new Promise((resolve) => proxy?.close(resolve));
  await app?.close();
});
afterEach(async () => {
  trouble = [];
  expect(await ledgerProblems(app.db)).toEqual([]);
});

/** A signed-in user who has paid a 25 EUR deposit on the sandbox's page; its webhook is queued. */
async function paidDeposit() {
  const { session } = await registerVerifiedUser(app);
  const order = (await call(app, session, 'POST', '/api/deposit/checkout', cardDepositForm)).json();
  await payOnSandbox(app, order.redirect_url);
  const [job] = await app.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, SANDBOX_WEBHOOK_QUEUE), eq(jobs.status, 'pending')));
  if (!job) throw new Error('no webhook queued');
  return { session, orderId: order.order_id as number, job };
}

async function balance(session: BrowserSession): Promise<number> {
  return (await call(app, session, 'GET', '/api/user/profile')).json().payload.balance;
}

/**
 * The deposit's status as the webhooks left it, read in its table: the status endpoint would ask
 * the sandbox itself and settle the deposit without its webhook.
 */
async function depositStatus(orderId: number) {
  return (await app.db.select().from(deposits).where(eq(deposits.id, orderId)))[0]?.status;
}

async function credits(orderId: number) {
  return app.db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, `deposit:${orderId}`));
}

const jobOf = async (id: string) => (await app.db.select().from(jobs).where(eq(jobs.id, id)))[0] as Job;

/** Seconds from the database's now to the job's lease end. */
async function leaseLeft(id: string): Promise<number> {
  const [row] = await app.db
    .select({ left: sql<string>`extract(epoch from ${jobs.lockedUntil} - now())` })
    .from(jobs)
    .where(eq(jobs.id, id));
  return Number(row?.left);
}

/** A worker that takes the webhook and then dies (never returns), after delivering it or not. */
function dyingWorker(deliverFirst: boolean) {
  const real = app.paymentJobs[SANDBOX_WEBHOOK_QUEUE] as JobHandler<{ event: string }>;
  let leased: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    leased = resolve;
  });
  const handler: JobHandler<{ event: string }> = {
    ...real,
    async run(payload, job) {
      if (deliverFirst) await real.run(payload, job);
      leased();
      await new Promise(() => undefined);
    },
  };
  void runDueJobs(app.db, { [SANDBOX_WEBHOOK_QUEUE]: handler }, recordingLog());
  return started;
}

/** The job's lease ends now, as it would after its time. */
async function leaseEnds(id: string) {
  await app.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));
}

describe('a webhook delivery cut by a worker that died', () => {
  it('is delivered by another worker once the short lease ends, and credits the deposit', async () => {
    const { session, orderId, job } = await paidDeposit();
    await dyingWorker(false);
    expect(await jobOf(job.id)).toMatchObject({ status: 'running', attempts: 1 });
    // The webhook's lease is seconds, not the five minutes of other jobs.
    const left = await leaseLeft(job.id);
    expect(left).toBeGreaterThan(20);
    expect(left).toBeLessThanOrEqual(30);
    expect(await runDueJobs(app.db, app.paymentJobs, recordingLog())).toBe(0);
    expect(await depositStatus(orderId)).toBe('processing');

    await leaseEnds(job.id);
    expect(await runDueJobs(app.db, app.paymentJobs, recordingLog())).toBe(1);
    expect(await jobOf(job.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await depositStatus(orderId)).toBe('success');
    expect(await balance(session)).toBe(25);
  });

  it('credits once when the dead worker had delivered it before dying', async () => {
    const { session, orderId, job } = await paidDeposit();
    await dyingWorker(true);
    expect(await balance(session)).toBe(25);
    await leaseEnds(job.id);
    expect(await runDueJobs(app.db, app.paymentJobs, recordingLog())).toBe(1);
    expect(await jobOf(job.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await balance(session)).toBe(25);
    expect(await credits(orderId)).toHaveLength(1);
  });
});

describe('a webhook delivery cut on the way', () => {
  it.each([
    ['the connection is reset', 'reset', /fetch failed/],
    ['the shop does not answer in time', 'hang', /timeout|aborted/i],
    ['the shop answers 503', 'busy', /503/],
  ] as const)('is retried later with a growing wait when %s, and credits once', async (_case, cut, error) => {
    const { session, orderId, job } = await paidDeposit();
    const handlers = {
      [SANDBOX_WEBHOOK_QUEUE]: sandboxWebhookJob({
        secret,
        webhookUrl: () => proxyUrl,
        deliveryTimeoutMs: 500,
      }),
    };
    trouble = [cut, cut];
    const log = recordingLog();
    const before = Date.now();
    expect(await runDueJobs(app.db, handlers, log)).toBe(0);
    let waiting = await jobOf(job.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(waiting.lastError).toMatch(error);
    expect(waiting.runAt.getTime()).toBeGreaterThanOrEqual(before + 29_000);
    expect(log.entries).toEqual([
      expect.objectContaining({ level: 'warn', details: expect.objectContaining({ retryInSeconds: 30 }) }),
    ]);
    expect(await depositStatus(orderId)).toBe('processing');

    // Not before its time; then cut again, and the wait doubles.
    expect(await runDueJobs(app.db, handlers, log)).toBe(0);
    expect((await jobOf(job.id)).attempts).toBe(1);
    await app.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job.id));
    const again = Date.now();
    expect(await runDueJobs(app.db, handlers, log)).toBe(0);
    waiting = await jobOf(job.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 2 });
    expect(waiting.runAt.getTime()).toBeGreaterThanOrEqual(again + 59_000);

    // The third attempt passes.
    await app.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job.id));
    expect(await runDueJobs(app.db, handlers, log)).toBe(1);
    expect(await jobOf(job.id)).toMatchObject({ status: 'done', attempts: 3 });
    expect(await depositStatus(orderId)).toBe('success');
    expect(await balance(session)).toBe(25);
    // Had the shop taken a cut delivery after all, the retry would not credit it again.
    await handlers[SANDBOX_WEBHOOK_QUEUE].run(job.payload as { event: string }, job);
    expect(await balance(session)).toBe(25);
    expect(await credits(orderId)).toHaveLength(1);
  });
});

describe('the sandbox’s payment page', () => {
  it('says at the top, before anything else, that it is test mode with no real money', async () => {
    const { session } = await registerVerifiedUser(app);
    const order = (await call(app, session, 'POST', '/api/deposit/checkout', cardDepositForm)).json();
    const page = await app.inject({ method: 'GET', url: order.redirect_url });
    expect(page.statusCode).toBe(200);
    const body = page.body.slice(page.body.indexOf('<body>'));
    expect(body).toMatch(/^<body>\s*<p class="test-mode" role="note">Test mode: no real money\./);
  });
});
