import cluster from 'node:cluster';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { startBackground } from './background';
import { ConfigError, loadConfig, withAppKey } from './config';
import { openDatabase } from './db/client';
import { analyze } from './db/maintenance';
import { migrate } from './db/migrate';
import { repoRoot } from './db/paths';
import { seedDemoCatalogue, seedIfEmpty } from './db/seed';
import { startMetricsServer } from './lib/metrics';
import { openStorage } from './lib/open-storage';
import { ensureAdmin } from './modules/admin/admin.bootstrap';
import { fileSender, MAIL_QUEUE, mailJob, smtpSender } from './modules/mail/mail.service';

function readConfig() {
  try {
    return withAppKey(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const database = await openDatabase(config.database);
await migrate(database);
const storage = openStorage(config);
if (config.seedOnStart) {
  await seedIfEmpty(database.db);
  await seedDemoCatalogue(database.db, storage, {
    log: (line) => console.log(line),
    products: config.seedDemoProducts,
  });
}
if (config.admin) {
  const outcome = await ensureAdmin(database.db, config.admin.email, config.admin.password);
  console.log(`Admin ${config.admin.email}: ${outcome}.`);
}
if (database.kind === 'pglite') await analyze(database);

const app = await buildApp({
  config,
  database,
  storage,
  web: config.serveWeb
    ? {
        mode: config.env === 'development' ? 'development' : 'production',
        root: path.join(repoRoot, 'apps', 'web'),
      }
    : false,
});

const mailSender = config.mail.smtpUrl
  ? smtpSender(config.mail.smtpUrl, config.mail.from)
  : fileSender(config.mail.dir, config.mail.from, (message) => app.log.info(message), {
      logLinks: config.env === 'development',
    });
// Jobs, the expired-session cleanup and the other loops (background.ts); each queue's handler is named here.
startBackground(app, database, { [MAIL_QUEUE]: mailJob(database.db, mailSender) });

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ host: config.host, port: config.port });
app.log.info(`PromptMarket is running at ${config.appUrl} (${database.kind} database)`);

// Prometheus metrics on a port of their own (lib/metrics.ts, decision 0020). A worker's metrics
// are answered by its primary: with workers forked above, theirs are gathered; alone, this
// process's own.
if (config.metrics && !cluster.isWorker) {
  const { host, port, token } = config.metrics;
  await startMetricsServer({
    host,
    port,
    token: token ?? undefined,
    clustered: Object.keys(cluster.workers ?? {}).length > 0,
  });
  console.log(`Metrics at http://${host}:${port}/metrics${token ? ' (with a bearer token)' : ''}`);
}
