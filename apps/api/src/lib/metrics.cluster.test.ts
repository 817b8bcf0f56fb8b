import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../modules/jobs/jobs.service';
import { checkLedger } from '../modules/wallet/wallet.check';
import { openTestDatabase, type TestDatabase, testDatabaseKind } from '../test/database';
import { recordingLog } from '../test/log';
import { sampleOf } from '../test/metrics';
import { recordWorkerRestart, startMetricsServer } from './metrics';

const workers: Worker[] = [];
let database: TestDatabase | undefined;

afterAll(async () => {
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          const timer = setTimeout(() => worker.process.kill('SIGKILL'), 5000);
          worker.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          worker.send('stop');
        }),
    ),
  );
  await database?.drop();
});

/** A worker process running test/metrics-worker.ts, once it has counted its requests. */
function startWorker(databaseUrl: string): Promise<Worker> {
  const worker = cluster.fork({ METRICS_TEST_DATABASE_URL: databaseUrl });
  workers.push(worker);
  return new Promise((resolve, reject) => {
    worker.once('message', (message) => (message === 'ready' ? resolve(worker) : reject(new Error(message))));
    worker.once('exit', (code) => reject(new Error(`the worker exited with ${code}`)));
  });
}

// Each worker needs its own connection to the test's database: PostgreSQL only.
describe.runIf(testDatabaseKind() === 'postgres')('metrics of a cluster (node:cluster)', () => {
  it('sums the workers’ counters, reports the shared gauges once, and adds the primary’s restarts', async () => {
    database = await openTestDatabase();
    for (let index = 0; index < 3; index += 1) await enqueueJob(database.db, 'cluster-queue', { index });
    const check = await checkLedger(database.db, recordingLog(), { quietSeconds: 0 });

    cluster.setupPrimary({
      exec: fileURLToPath(new URL('../test/metrics-worker.ts', import.meta.url)),
      execArgv: ['--import', 'tsx'],
    });
    await Promise.all([startWorker(database.url as string), startWorker(database.url as string)]);
    recordWorkerRestart();

    const server = await startMetricsServer({ host: '127.0.0.1', port: 0, clustered: true });
    let text: string;
    try {
      const answer = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(answer.status).toBe(200);
      text = await answer.text();
    } finally {
      await server.close();
    }

    const items = { method: 'GET', route: '/items/:id', status_code: '200' };
    expect(sampleOf(text, 'promptmarket_http_requests_total', items)).toBe(4);
    expect(sampleOf(text, 'promptmarket_http_request_duration_seconds_count', items)).toBe(4);
    expect(sampleOf(text, 'promptmarket_webhooks_total', { provider: 'sandbox', outcome: 'applied' })).toBe(
      2,
    );
    // Read from the one database by both workers: the figure itself, not twice it.
    expect(sampleOf(text, 'promptmarket_job_queue_depth', { queue: 'cluster-queue', state: 'due' })).toBe(3);
    expect(sampleOf(text, 'promptmarket_ledger_check_problems')).toBe(0);
    expect(sampleOf(text, 'promptmarket_ledger_check_last_run_timestamp_seconds')).toBe(
      (check?.checkedAt.getTime() ?? 0) / 1000,
    );
    expect(sampleOf(text, 'promptmarket_worker_restarts_total')).toBe(1);
    expect(text.match(/^# TYPE promptmarket_worker_restarts_total /gm)).toHaveLength(1);
    expect(text.match(/^# TYPE promptmarket_http_requests_total /gm)).toHaveLength(1);
  }, 60_000);
});
