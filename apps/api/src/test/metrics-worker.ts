import Fastify from 'fastify';
import { openPostgres } from '../db/client';
import { metricsPlugin, recordWebhook } from '../lib/metrics';
import { queueDepths } from '../modules/jobs/jobs.stats';
import { lastLedgerCheck } from '../modules/wallet/wallet.check';

/**
 * A cluster worker for the metrics' aggregation test (lib/metrics.cluster.test.ts): it counts two
 * requests and a webhook, reads the test's database for its gauges, says `ready`, and closes when
 * told `stop`.
 */
const database = await openPostgres(process.env.METRICS_TEST_DATABASE_URL as string, 1);
const app = Fastify();
await app.register(metricsPlugin, {
  readings: {
    queueDepths: () => queueDepths(database.db),
    lastLedgerCheck: () => lastLedgerCheck(database.db),
  },
});
app.get('/items/:id', async () => ({ ok: true }));
await app.ready();
for (const id of [1, 2]) await app.inject({ method: 'GET', url: `/items/${id}` });
recordWebhook('sandbox', 'applied');
process.on('message', (message) => {
  if (message !== 'stop') return;
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
process.send?.('ready');
