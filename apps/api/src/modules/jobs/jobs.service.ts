import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { errorMessageWithoutQueryValues } from '../../lib/log-redaction';
import { recordJobOutcome } from '../../lib/metrics';
import { type Job, jobs } from './jobs.tables';

/** What a queue does with its jobs. */
export type JobHandler<Payload = Record<string, unknown>> = {
  /** Throwing fails the attempt; the job is retried later, or dies after its last attempt. */
  run(payload: Payload, job: Job): Promise<void>;
  /** Called once when the job has used its last attempt. */
  onDead?(payload: Payload, job: Job, error: unknown): Promise<void>;
  /**
   * How long one attempt may take, in seconds (five minutes unless given): a job whose worker
   * died is taken over by another this long after its attempt began. Longer than any run.
   */
  leaseSeconds?: number;
};

// biome-ignore lint/suspicious/noExplicitAny: each queue has its own payload type
export type JobHandlers = Record<string, JobHandler<any>>;

/** The part of a pino logger the worker writes to. */
export type JobLog = {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type EnqueueOptions = {
  runAt?: Date;
  maxAttempts?: number;
  /** A job with this key already queued (in any state) makes this call add nothing. */
  idempotencyKey?: string;
};

/** Queues a job. Pass the transaction of the change that causes it, so both happen or neither. */
export async function enqueueJob(
  db: Db,
  queue: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<void> {
  await db
    .insert(jobs)
    .values({
      queue,
      payload,
      runAt: options.runAt,
      maxAttempts: options.maxAttempts,
      idempotencyKey: options.idempotencyKey,
    })
    .onConflictDoNothing({ target: jobs.idempotencyKey });
}

/** The wait before the next attempt: 30 s, 1 min, 2 min, … at most 6 hours. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60);
}

const DEFAULT_LEASE_SECONDS = 5 * 60;

const leaseOf = (handler: JobHandler | undefined) => handler?.leaseSeconds ?? DEFAULT_LEASE_SECONDS;

/** Each queue's lease, as SQL for the leasing statement. */
function leaseSeconds(handlers: JobHandlers) {
  const cases = Object.entries(handlers).map(
    ([queue, handler]) => sql`when ${queue} then ${leaseOf(handler)}::integer`,
  );
  return sql`case ${jobs.queue} ${sql.join(cases, sql` `)} else ${DEFAULT_LEASE_SECONDS}::integer end`;
}

/**
 * What a job's row keeps of its failure: the message, without the values of a failed query (a
 * password hash, a name, an address), as the logs keep it.
 */
function describe(error: unknown): string {
  return errorMessageWithoutQueryValues(error).slice(0, 1000);
}

/**
 * Runs the jobs that are due on the queues `handlers` knows. A batch is first leased in one
 * statement that skips rows other workers hold (FOR UPDATE SKIP LOCKED) and marks them running
 * for their queue's lease, so no two workers ever run the same job; a job whose worker died is
 * taken over when its lease ends. Each job's lease starts again when its turn in the batch
 * comes, and a job taken over meanwhile is left to the worker that took it. Returns how many
 * jobs succeeded.
 */
export async function runDueJobs(
  db: Db,
  handlers: JobHandlers,
  log: JobLog,
  batchSize = 10,
): Promise<number> {
  const queues = Object.keys(handlers);
  if (queues.length === 0) return 0;
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.queue, queues),
        or(
          and(eq(jobs.status, 'pending'), lte(jobs.runAt, sql`now()`)),
          and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, sql`now()`)),
        ),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const leased = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds(handlers)})`,
    })
    .where(inArray(jobs.id, due))
    .returning();
  const leasedAt = Date.now();
  // RETURNING keeps no order: the batch runs in the order the jobs fell due.
  leased.sort((a, b) => a.runAt.getTime() - b.runAt.getTime());

  let done = 0;
  for (const job of leased) {
    const handler = handlers[job.queue];
    if (Date.now() - leasedAt > 1000) {
      // The jobs before it in the batch took a while: its lease runs from now, unless it ended
      // and another worker took the job over.
      const [renewed] = await db
        .update(jobs)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseOf(handler)}::integer)` })
        .where(heldBy(job))
        .returning({ id: jobs.id });
      if (!renewed) continue;
    }
    try {
      if (!handler) throw new Error(`no handler for queue ${job.queue}`);
      await handler.run(job.payload, job);
      await db
        .update(jobs)
        .set({ status: 'done', finishedAt: new Date(), lockedUntil: null, lastError: null })
        .where(heldBy(job));
      done += 1;
      recordJobOutcome(job.queue, 'done');
    } catch (error) {
      await fail(db, handler, job, error, log);
    }
  }
  return done;
}

/** The job as this worker leased it: still running, and not leased again by another since. */
function heldBy(job: Job) {
  return and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts));
}

async function fail(db: Db, handler: JobHandler | undefined, job: Job, error: unknown, log: JobLog) {
  const dead = job.attempts >= job.maxAttempts;
  const details = { err: error, jobId: job.id, queue: job.queue, attempts: job.attempts };
  if (dead) {
    const [died] = await db
      .update(jobs)
      .set({ status: 'dead', lastError: describe(error), lockedUntil: null, finishedAt: new Date() })
      .where(heldBy(job))
      .returning({ id: jobs.id });
    // Taken over by another worker after this one's lease ended: that attempt decides.
    if (!died) return;
    recordJobOutcome(job.queue, 'failed');
    log.error(details, `job ${job.queue} failed for the last time and is dead`);
    try {
      await handler?.onDead?.(job.payload, job, error);
    } catch (deadError) {
      log.error(
        { err: deadError, jobId: job.id, queue: job.queue },
        `job ${job.queue}: its dead handler failed`,
      );
    }
    return;
  }
  const delay = retryDelaySeconds(job.attempts);
  const [waiting] = await db
    .update(jobs)
    .set({
      status: 'pending',
      lastError: describe(error),
      lockedUntil: null,
      runAt: sql`now() + make_interval(secs => ${delay})`,
    })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  if (!waiting) return;
  recordJobOutcome(job.queue, 'retried');
  log.warn({ ...details, retryInSeconds: delay }, `job ${job.queue} failed; it is retried later`);
}
