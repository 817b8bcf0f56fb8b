import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics (decision 0020). Every server process counts into `processRegistry`; under
 * the supervisor, the cluster's primary gathers all workers' registries (node:cluster messages)
 * and adds its own `supervisorRegistry`, which only it writes to (worker restarts). Label values
 * come from fixed sets (route patterns, methods, status codes, queue and provider names,
 * outcomes), never from a URL or anything else a client sends: each value is a series kept for ever.
 */
export const processRegistry = new Registry();
export const supervisorRegistry = new Registry();

collectDefaultMetrics({ register: processRegistry });

const requestLabels = ['method', 'route', 'status_code'] as const;

const httpRequests = new Counter({
  name: 'promptmarket_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern (unmatched: no route) and status code.',
  labelNames: requestLabels,
  registers: [processRegistry],
});

const httpDuration = new Histogram({
  name: 'promptmarket_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status code.',
  labelNames: requestLabels,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

/** How a job's attempt ended: done, failed and tried again later, or failed for the last time. */
export type JobOutcome = 'done' | 'retried' | 'failed';

const jobsFinished = new Counter({
  name: 'promptmarket_jobs_total',
  help: 'Job attempts finished, by queue and outcome: done, retried (failed, tried again later), failed (its last attempt: the job is dead).',
  labelNames: ['queue', 'outcome'] as const,
  registers: [processRegistry],
});

/** How a provider's webhook was answered: the event's fate (deposits' `EventOutcome`), or why it was refused. */
export type WebhookOutcome =
  | 'applied'
  | 'duplicate'
  | 'unknown'
  | 'ignored'
  | 'bad_signature'
  | 'bad_request'
  | 'wrong_provider'
  | 'error';

const webhooks = new Counter({
  name: 'promptmarket_webhooks_total',
  help: 'Payment provider webhooks answered, by provider and outcome: applied, duplicate, ignored, unknown (no such payment), bad_signature, bad_request, wrong_provider (not the one configured), error.',
  labelNames: ['provider', 'outcome'] as const,
  registers: [processRegistry],
});

/** What happened to the connection that hears other processes' cache clears (db/client.ts). */
export type CacheChannelEvent = 'lost' | 'recovered';

const cacheChannelEvents = new Counter({
  name: 'promptmarket_cache_channel_events_total',
  help: "The connection hearing other processes' cache clears: lost (closed or failed), recovered (listening again; every shared cache was cleared).",
  labelNames: ['event'] as const,
  registers: [processRegistry],
});

const databaseUnavailable = new Counter({
  name: 'promptmarket_database_unavailable_total',
  help: 'Requests answered 503 because the database was out of reach or too slow.',
  registers: [processRegistry],
});

const workerRestarts = new Counter({
  name: 'promptmarket_worker_restarts_total',
  help: 'Server processes the supervisor replaced after they died.',
  registers: [supervisorRegistry],
});

/** A ledger check's outcome, as the wallet keeps it. */
type LedgerReading = { checkedAt: Date; problems: readonly string[] };

/**
 * What the gauges read at each scrape, from the app's database. The app gives them (app.ts): the
 * jobs' and the wallet's own reads, which this layer does not import.
 */
export type MetricReadings = {
  queueDepths: () => Promise<{ queue: string; due: number; running: number; scheduled: number }[]>;
  lastLedgerCheck: () => Promise<LedgerReading | null>;
};

/**
 * The readings of the apps that registered the plugin, newest last: the gauges read the newest
 * (a server has one; a test file may build several apps one after another).
 */
const sources: MetricReadings[] = [];

// The gauges below read the shared database, so every worker reports the same figure: under
// the supervisor they are aggregated by `max`, not summed over the workers. A failed read keeps
// the last figures rather than failing the whole scrape.

new Gauge({
  name: 'promptmarket_job_queue_depth',
  help: 'Jobs not finished, by queue and state: due (to run now, or taken over from a dead worker), running, scheduled (waiting for a retry or a later time).',
  labelNames: ['queue', 'state'] as const,
  aggregator: 'max',
  registers: [processRegistry],
  async collect() {
    const readings = sources.at(-1);
    if (!readings) return;
    const depths = await readings.queueDepths().catch(() => null);
    if (!depths) return;
    this.reset();
    for (const { queue, ...states } of depths) {
      for (const [state, count] of Object.entries(states)) this.set({ queue, state }, count);
    }
  },
});

let ledgerRead: { readings: MetricReadings; check: Promise<LedgerReading | null> } | undefined;

/** The last ledger check: both of its gauges share one read while it is under way (one scrape). */
function lastCheckOf(readings: MetricReadings): Promise<LedgerReading | null> {
  if (ledgerRead?.readings === readings) return ledgerRead.check;
  const read = { readings, check: readings.lastLedgerCheck() };
  ledgerRead = read;
  const done = () => {
    if (ledgerRead === read) ledgerRead = undefined;
  };
  read.check.then(done, done);
  return read.check;
}

new Gauge({
  name: 'promptmarket_ledger_check_problems',
  help: 'Problems the last ledger check found (0: healthy; -1: no check has run yet).',
  aggregator: 'max',
  registers: [processRegistry],
  async collect() {
    const readings = sources.at(-1);
    if (!readings) return;
    const check = await lastCheckOf(readings).catch(() => undefined);
    if (check !== undefined) this.set(check ? check.problems.length : -1);
  },
});

new Gauge({
  name: 'promptmarket_ledger_check_last_run_timestamp_seconds',
  help: 'When the last ledger check ended, in seconds since the epoch (0: no check has run yet).',
  aggregator: 'max',
  registers: [processRegistry],
  async collect() {
    const readings = sources.at(-1);
    if (!readings) return;
    const check = await lastCheckOf(readings).catch(() => undefined);
    if (check !== undefined) this.set(check ? check.checkedAt.getTime() / 1000 : 0);
  },
});

// A worker answers its primary's requests for its metrics: prom-client starts listening for them
// when the first aggregator registry is made.
if (cluster.isWorker) {
  AggregatorRegistry.setRegistries([processRegistry]);
  void new AggregatorRegistry();
}

/**
 * Counts every request under its route pattern (`/api/admin/users/:id`, never the URL with its
 * ids), and gives the gauges the app's readings for each scrape.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { readings }: { readings: MetricReadings }) => {
    sources.push(readings);
    app.addHook('onClose', async () => {
      const index = sources.lastIndexOf(readings);
      if (index >= 0) sources.splice(index, 1);
    });
    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      };
      httpRequests.inc(labels);
      httpDuration.observe(labels, reply.elapsedTime / 1000);
    });
  },
  { name: 'metrics' },
);

/** Counts a job attempt's end; called by the jobs worker. */
export function recordJobOutcome(queue: string, outcome: JobOutcome): void {
  jobsFinished.inc({ queue, outcome });
}

/** Counts a webhook's answer; `provider` is a name the route accepts, never free text. */
export function recordWebhook(provider: string, outcome: WebhookOutcome): void {
  webhooks.inc({ provider, outcome });
}

/** Counts a loss or recovery of the cache-clear channel. */
export function recordCacheChannel(event: CacheChannelEvent): void {
  cacheChannelEvents.inc({ event });
}

/** Counts a request answered 503 for the database's sake. */
export function recordDatabaseUnavailable(): void {
  databaseUnavailable.inc();
}

/** Counts a dead worker replaced; called by the supervisor, in the cluster's primary. */
export function recordWorkerRestart(): void {
  workerRestarts.inc();
}

export type MetricsServerOptions = {
  host: string;
  port: number;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string;
  /** True in the cluster's primary: the answer gathers every worker's metrics. */
  clustered: boolean;
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the header carries the token, compared in constant time (as digests of equal length). */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), expected) && match !== null;
}

function send(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * Serves `GET /metrics` in Prometheus's text format on a port of its own, apart from the shop's
 * (keep it off the public network, or set a token). In the cluster's primary (`clustered`) the
 * answer is every worker's metrics, aggregated, plus the primary's own (worker restarts);
 * otherwise this process's metrics.
 */
export async function startMetricsServer(
  options: MetricsServerOptions,
): Promise<{ port: number; close(): Promise<void> }> {
  const aggregator = options.clustered ? new AggregatorRegistry() : null;
  const expected = options.token ? digest(options.token) : null;
  const exposition = async () =>
    aggregator
      ? `${await supervisorRegistry.metrics()}\n${await aggregator.clusterMetrics()}`
      : processRegistry.metrics();

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    if ((request.url ?? '').split('?')[0] !== '/metrics') {
      return send(request, response, 404, 'Not Found\n');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return send(request, response, 405, 'Method Not Allowed\n', { allow: 'GET, HEAD' });
    }
    if (expected && !bearerMatches(request.headers.authorization, expected)) {
      return send(request, response, 401, 'Unauthorized\n', { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    const body = await exposition();
    send(request, response, 200, body, { 'content-type': processRegistry.contentType });
  };

  const server = createServer((request, response) => {
    answer(request, response).catch(() => {
      if (!response.headersSent) send(request, response, 500, 'Server Error\n');
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: options.host, port: options.port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
