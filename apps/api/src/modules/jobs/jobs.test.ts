import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/database';
import { recordingLog } from '../../test/log';
import { users } from '../accounts/accounts.tables';
import { enqueueJob, type JobHandler, retryDelaySeconds, runDueJobs } from './jobs.service';
import { jobs } from './jobs.tables';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());
beforeEach(async () => {
  await database.db.delete(jobs);
});

const jobsOf = (queue: string) => database.db.select().from(jobs).where(eq(jobs.queue, queue));

describe('jobs', () => {
  it('runs a job queued in a committed transaction, and none from one rolled back', async () => {
    const ran: unknown[] = [];
    const handlers = { greet: { run: async (payload: { name: string }) => void ran.push(payload) } };
    await database.db.transaction(async (tx) => enqueueJob(tx, 'greet', { name: 'Ada' }));
    await database.db
      .transaction(async (tx) => {
        await enqueueJob(tx, 'greet', { name: 'Bob' });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    const log = recordingLog();
    expect(await runDueJobs(database.db, handlers, log)).toBe(1);
    expect(ran).toEqual([{ name: 'Ada' }]);
    const [job] = await jobsOf('greet');
    expect(job).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null });
    expect(job?.finishedAt).toBeInstanceOf(Date);
    expect(await runDueJobs(database.db, handlers, log)).toBe(0);
    expect(log.entries).toEqual([]);
  });

  it('only runs queues it has a handler for, and a job only when due', async () => {
    await enqueueJob(database.db, 'other', {});
    await enqueueJob(database.db, 'later', {}, { runAt: new Date(Date.now() + 60_000) });
    const ran: string[] = [];
    const handler = (name: string) => ({ run: async () => void ran.push(name) });
    expect(await runDueJobs(database.db, { later: handler('later') }, recordingLog())).toBe(0);
    expect(ran).toEqual([]);
    expect((await jobsOf('other'))[0]?.status).toBe('pending');
  });

  it('keeps a failed query in last_error without the values it was given', async () => {
    const row = {
      email: 'job-twice@example.test',
      firstName: 'Secretname',
      lastName: 'Hiddenlastname',
      passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$c2VjcmV0LXNhbHQ$secret-hash-value',
      locale: 'en',
    };
    await database.db.insert(users).values(row);
    await enqueueJob(database.db, 'insert', {}, { maxAttempts: 2 });
    // The same row again: the insert fails in the database, its values the query's parameters.
    const handlers = { insert: { run: async () => void (await database.db.insert(users).values(row)) } };
    await runDueJobs(database.db, handlers, recordingLog());
    let [job] = await jobsOf('insert');
    expect(job?.status).toBe('pending');
    expect(job?.lastError).toMatch(/^Failed query: insert into "users"/);
    for (const secret of ['Secretname', 'Hiddenlastname', 'secret-hash-value', 'job-twice@example.test']) {
      expect(job?.lastError).not.toContain(secret);
    }
    await database.db.update(jobs).set({ runAt: new Date(0) });
    await runDueJobs(database.db, handlers, recordingLog());
    [job] = await jobsOf('insert');
    expect(job?.status).toBe('dead');
    expect(job?.lastError).toContain('params: [redacted]');
    expect(job?.lastError).not.toContain('secret-hash-value');
  });

  it('adds nothing when a job with the same idempotency key exists', async () => {
    await enqueueJob(database.db, 'webhook', { event: 1 }, { idempotencyKey: 'evt_1' });
    await enqueueJob(database.db, 'webhook', { event: 2 }, { idempotencyKey: 'evt_1' });
    await enqueueJob(database.db, 'webhook', { event: 3 });
    expect((await jobsOf('webhook')).map((job) => job.payload.event).sort()).toEqual([1, 3]);
  });

  it('retries a failure with a growing delay, logging it, and marks the job dead after its last attempt', async () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(30)).toBe(6 * 60 * 60);
    await enqueueJob(database.db, 'flaky', { n: 1 }, { maxAttempts: 2 });
    const dead: unknown[] = [];
    const handlers: Record<string, JobHandler> = {
      flaky: {
        run: async () => Promise.reject(new Error('provider down')),
        onDead: async (payload, _job, error) => void dead.push([payload, (error as Error).message]),
      },
    };
    const log = recordingLog();
    const before = Date.now();
    await runDueJobs(database.db, handlers, log);
    let [job] = await jobsOf('flaky');
    expect(job).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'provider down',
      lockedUntil: null,
    });
    expect(job?.runAt.getTime()).toBeGreaterThanOrEqual(before + 29_000);
    expect(log.entries).toEqual([
      expect.objectContaining({
        level: 'warn',
        details: expect.objectContaining({ jobId: job?.id, queue: 'flaky', attempts: 1, retryInSeconds: 30 }),
      }),
    ]);

    // Not due yet.
    await runDueJobs(database.db, handlers, log);
    expect(log.entries).toHaveLength(1);

    await database.db.update(jobs).set({ runAt: new Date(0) });
    await runDueJobs(database.db, handlers, log);
    [job] = await jobsOf('flaky');
    expect(job).toMatchObject({ status: 'dead', attempts: 2, lastError: 'provider down' });
    expect(log.entries[1]).toMatchObject({ level: 'error', details: { jobId: job?.id, queue: 'flaky' } });
    expect(dead).toEqual([[{ n: 1 }, 'provider down']]);
    await database.db.update(jobs).set({ runAt: new Date(0) });
    expect(await runDueJobs(database.db, handlers, log)).toBe(0);
    expect(log.entries).toHaveLength(2);
  });

  it('takes over a job whose worker died once its lease has ended', async () => {
    await enqueueJob(database.db, 'report', {});
    await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(Date.now() + 60_000) });
    const ran: number[] = [];
    const handlers = { report: { run: async () => void ran.push(1) } };
    expect(await runDueJobs(database.db, handlers, recordingLog())).toBe(0);
    await database.db.update(jobs).set({ lockedUntil: new Date(Date.now() - 1000) });
    expect(await runDueJobs(database.db, handlers, recordingLog())).toBe(1);
    expect((await jobsOf('report'))[0]).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('leases each queue for its own time, counted from when its turn in the batch comes', async () => {
    await enqueueJob(database.db, 'slow', {}, { runAt: new Date(Date.now() - 2000) });
    await enqueueJob(database.db, 'quick', {}, { runAt: new Date(Date.now() - 1000) });
    const leaseLeft: number[] = [];
    const handlers: Record<string, JobHandler> = {
      slow: { run: () => new Promise((resolve) => setTimeout(resolve, 1500)) },
      quick: {
        leaseSeconds: 2,
        run: async (_payload, job) => {
          const [row] = await database.db
            .select({ left: sql<string>`extract(epoch from ${jobs.lockedUntil} - now())` })
            .from(jobs)
            .where(eq(jobs.id, job.id));
          leaseLeft.push(Number(row?.left));
        },
      },
    };
    expect(await runDueJobs(database.db, handlers, recordingLog())).toBe(2);
    // Leased with the batch 1.5 s earlier, its 2 s lease would have had half a second left.
    expect(leaseLeft[0]).toBeGreaterThan(1.5);
    expect(leaseLeft[0]).toBeLessThanOrEqual(2);
  });

  it('leaves a job to the worker that took it over after its lease ended', async () => {
    await enqueueJob(database.db, 'slow', {}, { runAt: new Date(Date.now() - 2000) });
    await enqueueJob(database.db, 'taken', {}, { runAt: new Date(Date.now() - 1000) });
    const ran: string[] = [];
    const other = { taken: { run: async () => void ran.push('other worker') } };
    const handlers: Record<string, JobHandler> = {
      slow: {
        run: async () => {
          const started = Date.now();
          // Meanwhile the next job's lease ends and another worker runs it.
          const [taken] = await jobsOf('taken');
          await database.db
            .update(jobs)
            .set({ lockedUntil: new Date(Date.now() - 1000) })
            .where(eq(jobs.id, taken?.id ?? ''));
          expect(await runDueJobs(database.db, other, recordingLog())).toBe(1);
          await new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() - started)));
        },
      },
      taken: { run: async () => void ran.push('first worker') },
    };
    expect(await runDueJobs(database.db, handlers, recordingLog())).toBe(1);
    expect(ran).toEqual(['other worker']);
    expect((await jobsOf('taken'))[0]).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('does not set back a job that another worker finished after taking it over', async () => {
    await enqueueJob(database.db, 'late', {});
    const handlers: Record<string, JobHandler> = {
      late: {
        run: async (_payload, job) => {
          // This attempt outlives its lease; another worker takes the job over and finishes it.
          await database.db
            .update(jobs)
            .set({ lockedUntil: new Date(Date.now() - 1000) })
            .where(eq(jobs.id, job.id));
          const other = { late: { run: async () => undefined } };
          expect(await runDueJobs(database.db, other, recordingLog())).toBe(1);
          throw new Error('the slow attempt failed in the end');
        },
      },
    };
    const log = recordingLog();
    expect(await runDueJobs(database.db, handlers, log)).toBe(0);
    expect((await jobsOf('late'))[0]).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    expect(log.entries).toEqual([]);
  });

  it('never runs one job twice when two workers lease at the same time', async () => {
    const count = 40;
    for (let index = 0; index < count; index += 1) await enqueueJob(database.db, 'count', { index });
    const runs: number[] = [];
    const handlers = {
      count: {
        run: async ({ index }: { index: number }) => {
          runs.push(index);
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      },
    };
    const worker = async () => {
      let total = 0;
      for (;;) {
        const done = await runDueJobs(database.db, handlers, recordingLog(), 5);
        if (done === 0) return total;
        total += done;
      }
    };
    const [first, second] = await Promise.all([worker(), worker()]);
    expect(runs).toHaveLength(count);
    expect(new Set(runs).size).toBe(count);
    expect((first ?? 0) + (second ?? 0)).toBe(count);
    // On PostgreSQL the two workers really overlap: each of them ran some of the jobs.
    if (database.kind === 'postgres') expect(Math.min(first ?? 0, second ?? 0)).toBeGreaterThan(0);
    expect((await jobsOf('count')).every((job) => job.status === 'done' && job.attempts === 1)).toBe(true);
  });
});
