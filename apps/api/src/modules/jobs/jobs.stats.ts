import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from './jobs.tables';

/** How many jobs of a queue are due (or taken over from a dead worker), running, or waiting to retry. */
export type QueueDepth = { queue: string; due: number; running: number; scheduled: number };

/** Each queue's jobs that are not finished, for the metrics (read at every scrape, by the status index). */
export async function queueDepths(db: Db): Promise<QueueDepth[]> {
  return db
    .select({
      queue: jobs.queue,
      due: sql<number>`(count(*) filter (where (${jobs.status} = 'pending' and ${jobs.runAt} <= now())
        or (${jobs.status} = 'running' and ${jobs.lockedUntil} <= now())))::int`,
      running: sql<number>`(count(*) filter (where ${jobs.status} = 'running' and ${jobs.lockedUntil} > now()))::int`,
      scheduled: sql<number>`(count(*) filter (where ${jobs.status} = 'pending' and ${jobs.runAt} > now()))::int`,
    })
    .from(jobs)
    .where(inArray(jobs.status, ['pending', 'running']))
    .groupBy(jobs.queue);
}
