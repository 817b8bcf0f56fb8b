import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodicTasks, runPeriodically } from './background';
import { users } from './modules/accounts/accounts.tables';
import { enqueueJob } from './modules/jobs/jobs.service';
import { jobs } from './modules/jobs/jobs.tables';
import { sandboxProvider } from './modules/payments/sandbox';
import { lastLedgerCheck } from './modules/wallet/wallet.check';
import { creditDeposit } from './modules/wallet/wallet.service';
import { openTestDatabase, type TestDatabase } from './test/database';
import { driftBalance } from './test/ledger';
import { recordingLog } from './test/log';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

describe('background loops', () => {
  it('repeats each task, never overlapping a slow run, logs failures, and stop() waits for the run under way', async () => {
    const log = recordingLog();
    let runs = 0;
    let concurrent = 0;
    let most = 0;
    let finished = 0;
    const loops = runPeriodically(
      [
        {
          name: 'slow',
          everyMs: 5,
          run: async () => {
            runs += 1;
            concurrent += 1;
            most = Math.max(most, concurrent);
            await wait(25);
            concurrent -= 1;
            finished += 1;
          },
        },
        { name: 'broken', everyMs: 5, run: async () => Promise.reject(new Error('disk full')) },
      ],
      log,
    );
    await wait(80);
    await loops.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    expect(finished).toBe(runs);
    expect(log.entries[0]).toMatchObject({
      level: 'error',
      message: 'broken failed',
      details: { task: 'broken' },
    });
    const after = runs;
    await wait(30);
    expect(runs).toBe(after);
  });

  it('runs due jobs, cleans up expired sessions and throttle counters, and keeps statistics on the embedded database', async () => {
    const log = recordingLog();
    const ran: unknown[] = [];
    const payments = sandboxProvider(database.db, {
      secret: 'x'.repeat(32),
      webhookUrl: () => 'http://127.0.0.1:9/',
    });
    const tasks = periodicTasks(database, { demo: { run: async (payload) => void ran.push(payload) } }, log, {
      maxSessionDays: 7,
      payments,
      imageTimeoutMs: 60_000,
    });
    expect(tasks.map((task) => task.name)).toEqual([
      'jobs',
      'deposit reconciliation',
      'pending refunds',
      'abandoned generation recovery',
      'expired session cleanup',
      'throttle cleanup',
      'sent mail cleanup',
      'back-office key cleanup',
      'ledger check',
      ...(database.kind === 'pglite' ? ['planner statistics'] : []),
    ]);
    await enqueueJob(database.db, 'demo', { hello: 'world' });
    const jobsTask = tasks.find((task) => task.name === 'jobs');
    await jobsTask?.run();
    expect(ran).toEqual([{ hello: 'world' }]);
    expect((await database.db.select().from(jobs))[0]?.status).toBe('done');
    for (const task of tasks) await task.run();
  });

  it('runs a task once soon after start when it asks to, before its first period', async () => {
    let runs = 0;
    const loops = runPeriodically(
      [
        {
          name: 'soon',
          everyMs: 60_000,
          firstAfterMs: 5,
          run: async () => {
            runs += 1;
          },
        },
      ],
      recordingLog(),
    );
    await wait(50);
    await loops.stop();
    expect(runs).toBe(1);
  });

  it('checks the ledger: problems are logged as errors and kept for every process to read', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ firstName: 'Ada', lastName: 'Lovelace', email: 'drift@example.test', passwordHash: 'x' })
      .returning({ id: users.id });
    const userId = user?.id as string;
    await creditDeposit(database.db, { userId, provider: 'sandbox', depositId: 77, amount: 900 });
    await driftBalance(database.db, `wallet:${userId}`, -400);
    // As if the last check (by the test above) began long ago.
    await database.db.execute(sql`update ledger_checks set started_at = now() - interval '1 hour'`);

    const log = recordingLog();
    const task = periodicTasks(database, {}, log, { maxSessionDays: 7, imageTimeoutMs: 60_000 }).find(
      (candidate) => candidate.name === 'ledger check',
    );
    expect(task?.firstAfterMs).toBeLessThan(task?.everyMs ?? 0);
    await task?.run();
    const problem = `account wallet:${userId} shows 500 but its entries sum to 900`;
    expect(log.entries).toEqual([
      { level: 'error', message: `ledger check: ${problem}`, details: { problem } },
    ]);
    expect(await lastLedgerCheck(database.db)).toEqual({ checkedAt: expect.any(Date), problems: [problem] });
  });
});
