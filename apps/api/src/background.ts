import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';
import { analyze } from './db/maintenance';
import type { Storage } from './lib/storage';
import { pruneAdminIdempotencyKeys } from './modules/admin/admin.idempotency';
import { hashProductPictures } from './modules/catalogue/catalogue.hashes';
import { reconcileDeposits } from './modules/deposits/deposits.reconcile';
import { recoverAbandonedGenerations } from './modules/generation/generation.service';
import { type JobHandlers, type JobLog, runDueJobs } from './modules/jobs/jobs.service';
import { pruneSentMail } from './modules/mail/mail.service';
import type { PaymentProvider } from './modules/payments/provider';
import { reconcileCardPayouts } from './modules/payouts/payouts.service';
import type { PayoutProvider } from './modules/payouts/provider';
import { finishPendingRefunds } from './modules/refunds/refunds.deposits';
import { deleteExpiredSessions } from './modules/session/session.service';
import { pruneThrottles } from './modules/throttle/throttle.service';
import { checkLedger } from './modules/wallet/wallet.check';

/**
 * Work repeated on a timer: its failures are logged, and a slow run is never overlapped by the next.
 * With `firstAfterMs` it also runs once that soon after start, before its first period has passed.
 */
export type PeriodicTask = {
  name: string;
  everyMs: number;
  firstAfterMs?: number;
  run: () => Promise<unknown>;
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Every background loop of the server. To add one, add a line here.
 */
export function periodicTasks(
  database: Database,
  handlers: JobHandlers,
  log: JobLog & { info(details: object, message: string): void },
  {
    maxSessionDays,
    payments,
    payouts,
    imageTimeoutMs,
    storage,
  }: {
    maxSessionDays: number;
    payments?: PaymentProvider;
    /** The payout provider and the shop's address (for the seller's mail when a payout fails). */
    payouts?: { provider: PayoutProvider; appUrl: string };
    imageTimeoutMs: number;
    /** Where the products' originals are, to hash the pictures that have no hash yet. */
    storage?: Storage;
  },
): PeriodicTask[] {
  return [
    { name: 'jobs', everyMs: SECOND, run: () => runDueJobs(database.db, handlers, log) },
    // Deposits the provider has not told us about are asked about, so none stays processing.
    ...(payments
      ? [
          {
            name: 'deposit reconciliation',
            everyMs: MINUTE,
            run: () => reconcileDeposits(database.db, payments, log),
          },
          // Deposit refunds the provider did not answer are asked again (decision 0048).
          {
            name: 'pending refunds',
            everyMs: MINUTE,
            run: () => finishPendingRefunds(database.db, payments, log),
          },
        ]
      : []),
    // Card payouts sent to the provider and still without an outcome are asked about.
    ...(payouts
      ? [
          {
            name: 'payout reconciliation',
            everyMs: MINUTE,
            run: () => reconcileCardPayouts(database.db, payouts.provider, { appUrl: payouts.appUrl, log }),
          },
        ]
      : []),
    // A generation whose server died between its debit and its picture is refunded; looked for
    // as often as the engine's timeout, at most a minute apart.
    {
      name: 'abandoned generation recovery',
      everyMs: Math.min(MINUTE, imageTimeoutMs),
      run: () => recoverAbandonedGenerations(database.db, imageTimeoutMs, log),
    },
    // Sessions past their lifetime and rate-limit counters past their window are refused or
    // ignored already; these remove their rows.
    {
      name: 'expired session cleanup',
      everyMs: HOUR,
      run: () => deleteExpiredSessions(database.db, maxSessionDays),
    },
    { name: 'throttle cleanup', everyMs: HOUR, run: () => pruneThrottles(database.db) },
    // Sent mails leave the outbox after a month: their recipients and texts are personal data.
    { name: 'sent mail cleanup', everyMs: HOUR, run: () => pruneSentMail(database.db) },
    {
      name: 'back-office key cleanup',
      everyMs: HOUR,
      run: () => pruneAdminIdempotencyKeys(database.db),
    },
    // The ledger's invariants, checked while the shop runs (decision 0020): each problem is
    // logged as an error and kept for the back office's dashboard and the metrics.
    {
      name: 'ledger check',
      everyMs: 5 * MINUTE,
      firstAfterMs: 30 * SECOND,
      run: () => checkLedger(database.db, log),
    },
    // Products added without a picture hash (before hashes were kept, by the editor, or given a
    // new picture) are hashed a batch at a time, so offers are checked against them (decision 0028).
    ...(storage
      ? [
          {
            name: 'picture hashes',
            everyMs: MINUTE,
            firstAfterMs: 20 * SECOND,
            run: () => hashProductPictures(database.db, storage, 200),
          },
        ]
      : []),
    // The embedded database has no autovacuum to keep the planner's statistics fresh.
    ...(database.kind === 'pglite'
      ? [{ name: 'planner statistics', everyMs: 6 * HOUR, run: () => analyze(database) }]
      : []),
  ];
}

/**
 * Runs each task every `everyMs` (and once after `firstAfterMs`) until stopped; `stop()` waits
 * for runs under way to end.
 */
export function runPeriodically(tasks: PeriodicTask[], log: Pick<JobLog, 'error'>) {
  const underWay = new Set<Promise<void>>();
  const timers = tasks.flatMap((task) => {
    let running = false;
    const tick = () => {
      if (running) return;
      running = true;
      const run = task
        .run()
        .then(
          () => undefined,
          (err: unknown) => log.error({ err, task: task.name }, `${task.name} failed`),
        )
        .finally(() => {
          running = false;
          underWay.delete(run);
        });
      underWay.add(run);
    };
    const timers = [setInterval(tick, task.everyMs)];
    if (task.firstAfterMs !== undefined) timers.push(setTimeout(tick, task.firstAfterMs));
    for (const timer of timers) timer.unref();
    return timers;
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all([...underWay]);
    },
  };
}

/** Starts the server's background work; it stops when the app closes. */
export function startBackground(app: FastifyInstance, database: Database, handlers: JobHandlers) {
  const loops = runPeriodically(
    periodicTasks(database, { ...app.paymentJobs, ...handlers }, app.log, {
      maxSessionDays: app.config.session.maxDays,
      payments: app.payments,
      payouts: { provider: app.payoutProvider, appUrl: app.config.appUrl },
      imageTimeoutMs: app.config.images.timeoutMs,
      storage: app.storage,
    }),
    app.log,
  );
  app.addHook('onClose', async () => loops.stop());
  return loops;
}
