import cluster from 'node:cluster';
import type { Server } from 'node:http';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app';
import { startBackground } from './background';
import { type Config, ConfigError, checkPublicServing, loadConfig, withAppKey } from './config';
import { openDatabase, withoutTimeLimits } from './db/client';
import { analyze } from './db/maintenance';
import { migrate, NewerSchemaError, underStartLock } from './db/migrate';
import { repoRoot } from './db/paths';
import { keepServingAfterEscapedErrors } from './lib/escaped-errors';
import { errorLogSerializer } from './lib/log-redaction';
import { recordWorkerRestart, startMetricsServer } from './lib/metrics';
import { openStorage } from './lib/open-storage';
import { keepDataDirPrivate } from './lib/owner-only';
import { ensureAdmin } from './modules/accounts/accounts.bootstrap';
import { fileSender, MAIL_QUEUE, mailJob, smtpSender } from './modules/mail/mail.service';
import { REVIEW_INVITATION_QUEUE } from './modules/orders/orders.service';
import { reviewInvitationJob } from './modules/reviews/reviews.invitations';
import { seedDemoShop, seedIfEmpty } from './seed';
import { SHUTDOWN_MESSAGE, serveHandedConnections, superviseWorkers } from './supervisor';
import { warmUp } from './warm-up';

function readConfig() {
  try {
    const config = loadConfig();
    checkPublicServing(config);
    return withAppKey(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Once per start, before any worker serves: migrations, the demo shop, the first admin. On
 * PostgreSQL this runs on the direct address, without the request time limits (a migration may
 * take long), under an advisory lock: nodes started together take turns (db/migrate.ts).
 */
async function prepare(config: Config, log: (line: string) => void) {
  if (config.payments.provider === 'sandbox') {
    console.warn(
      `Payments: the sandbox provider, TEST MODE: no real money; its Pay button credits balances${config.publicUrl ? `, and this shop is served publicly at ${config.appUrl} (PAYMENTS_SANDBOX)` : ''}.`,
    );
  }
  const database = await openDatabase(withoutTimeLimits(config.database));
  try {
    await underStartLock(
      config.database,
      async () => {
        await migrate(database);
        if (config.seedOnStart) {
          await seedIfEmpty(database.db);
          await seedDemoShop(database.db, openStorage(config), { log, products: config.seedDemoProducts });
        }
        if (config.admin) {
          const outcome = await ensureAdmin(database.db, config.admin.email, config.admin.password);
          if (outcome === 'refused') {
            console.warn(
              `ADMIN_EMAIL ${config.admin.email}: an account of this address exists and is not an admin; it is not made one. Choose another address, or delete that account first.`,
            );
          } else {
            log(`Admin ${config.admin.email}: ${outcome}.`);
          }
        }
      },
      log,
    );
    if (database.kind === 'pglite') await analyze(database);
  } finally {
    await database.close();
  }
}

/** Prepares the database, or ends the process with what went wrong: nothing serves on a database not prepared. */
async function prepareOrExit(config: Config, log: (line: string) => void) {
  try {
    await prepare(config, log);
  } catch (error) {
    const message = error instanceof NewerSchemaError ? error.message : `${(error as Error).stack ?? error}`;
    console.error(`The database could not be prepared; the server does not start.\n${message}`);
    process.exit(1);
  }
}

/** How long a closing server keeps its connections open for requests already on their way. */
const LAST_CALL_MS = 1_000;

/**
 * Stops taking connections and waits until the requests under way are answered. Until then the
 * app stays open: a page being rendered still calls the API in process, which a closed app refuses.
 * For a moment first (`closing` is set by then), every answer closes its connection and idle connections stay open: a
 * request a client already sent on one (not yet read by a busy process) is answered, not reset.
 */
async function drain(server: Server, handed: { open(): number }): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, LAST_CALL_MS));
  // Kept-alive connections close as soon as their answer is out.
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  // Handed connections are not the listening socket's: they are waited for one by one.
  while (handed.open() > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  clearInterval(idle);
}

/** One serving process: the app, its background work, and a graceful close. */
async function serve(config: Config) {
  // A worker (or a development server) starts even while the database is out of reach: it answers
  // 503 until the database is back, as it does when the database goes away later.
  let appLog: { warn(message: string): void; info(message: string): void } = {
    warn: (message) => console.warn(message),
    info: (message) => console.log(message),
  };
  const database = await openDatabase(config.database, {
    probe: false,
    log: { warn: (message) => appLog.warn(message), info: (message) => appLog.info(message) },
  });
  const app = await buildApp({
    config,
    database,
    web: config.serveWeb
      ? {
          mode: config.env === 'development' ? 'development' : 'production',
          root: path.join(repoRoot, 'apps', 'web'),
        }
      : false,
  });

  appLog = app.log;
  const mailSender = config.mail.smtpUrl
    ? smtpSender(config.mail.smtpUrl, config.mail.from)
    : fileSender(config.mail.dir, config.mail.from, (message) => app.log.info(message), {
        logLinks: config.env === 'development',
      });
  // Jobs, the expired-session cleanup and the other loops (background.ts); each queue's handler is named here.
  startBackground(app, database, {
    [MAIL_QUEUE]: mailJob(database.db, mailSender),
    [REVIEW_INVITATION_QUEUE]: reviewInvitationJob(database.db),
  });

  // A signal (or, under the supervisor, its message) closes the server: no new connections,
  // requests under way are answered, background runs under way finish and release their jobs.
  let closing = false;
  let handed = { open: () => 0 };
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const grace = closeWithGrace(
    { delay: 10_000, skip: ['uncaughtException', 'unhandledRejection'] },
    async ({ signal }) => {
      closing = true;
      app.log.info({ signal }, 'shutting down');
      await drain(app.server, handed);
      await app.close();
    },
  );
  closeServing = () => {
    if (!closing) void grace.close();
  };
  keepServingAfterEscapedErrors(app.log);

  if (cluster.isWorker) {
    // The supervisor owns the shop's port and hands this worker its connections. The worker also
    // listens on a loopback port of its own: Node's HTTP server checks its connections' time limits
    // only once listening, and the sandbox's webhook is sent to the server's own address.
    await app.listen({ host: '127.0.0.1', port: 0, exclusive: true });
    // Visitors come once the worker's code has run a while (warm-up.ts).
    if (config.serveWeb && config.warmUpMs > 0) {
      const warmed = await warmUp(app, { budgetMs: config.warmUpMs, stopped: () => closing });
      app.log.info(warmed, 'warmed up');
    }
    if (closing) return;
    handed = serveHandedConnections(app.server);
  } else {
    await app.listen({ host: config.host, port: config.port });
  }
  app.log.info(`PromptMarket is running at ${config.appUrl} (${database.kind} database)`);
}

/** Closes the serving process; until it serves, there is nothing under way and it just exits. */
let closeServing: () => void = () => process.exit(0);

const config = readConfig();
// DATA_DIR is the owner's alone; the first process checks what is there (lib/owner-only.ts).
await keepDataDirPrivate(config.dataDir, cluster.isWorker ? undefined : (line) => console.log(line));
if (cluster.isWorker) {
  process.on('message', (message) => {
    if (message === SHUTDOWN_MESSAGE) closeServing();
  });
  await serve(config);
} else if (config.env === 'development') {
  // `npm run dev` restarts the one process on every change.
  await prepareOrExit(config, (line) => console.log(line));
  await serve(config);
  if (config.metrics) {
    const { host, port, token } = config.metrics;
    await startMetricsServer({ host, port, token: token ?? undefined, clustered: false });
  }
} else {
  const log = pino({
    level: config.logLevel,
    base: { role: 'supervisor' },
    serializers: { err: errorLogSerializer },
  });
  await prepareOrExit(config, (line) => console.log(line));
  keepServingAfterEscapedErrors(log);
  log.info({ workers: config.workers }, 'starting workers');
  superviseWorkers({
    workers: config.workers,
    listen: { host: config.host, port: config.port },
    lastCallMs: LAST_CALL_MS,
    log,
    onRestart: recordWorkerRestart,
    onListening: ({ host, port }) => log.info(`listening on ${host}:${port}`),
  });
  // Prometheus metrics on a port of their own (lib/metrics.ts, decision 0020), gathered from
  // every worker by the supervisor.
  if (config.metrics) {
    const { host, port, token } = config.metrics;
    await startMetricsServer({ host, port, token: token ?? undefined, clustered: true });
    log.info(`Metrics at http://${host}:${port}/metrics${token ? ' (with a bearer token)' : ''}`);
  }
}
