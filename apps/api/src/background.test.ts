import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodicTasks, runPeriodically } from './background';
import { enqueueJob } from './modules/jobs/jobs.service';
import { jobs } from './modules/jobs/jobs.tables';
import { sandboxProvider } from './modules/payments/sandbox';
import { openTestDatabase, type TestDatabase } from './test/database';
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
      'abandoned generation recovery',
      'expired session cleanup',
      'throttle cleanup',
      ...(database.kind === 'pglite' ? ['planner statistics'] : []),
    ]);
    await enqueueJob(database.db, 'demo', { hello: 'world' });
    const jobsTask = tasks.find((task) => task.name === 'jobs');
    await jobsTask?.run();
    expect(ran).toEqual([{ hello: 'world' }]);
    expect((await database.db.select().from(jobs))[0]?.status).toBe('done');
    for (const task of tasks) await task.run();
  });
});
