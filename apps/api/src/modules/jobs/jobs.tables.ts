import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const jobStatus = pgEnum('job_status', ['pending', 'running', 'done', 'dead']);

/**
 * Work done after the request that asked for it: written in the same transaction as the change
 * that causes it, then leased and run by a worker with retries (see jobs.service.ts).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: jobStatus('status').notNull().default('pending'),
    /** Attempts started so far; a lease counts as one, so a job that crashes its worker still ends. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** While running: when the lease ends and another worker may take the job over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Enqueuing again with the same key adds nothing. */
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_due_idx').on(table.status, table.runAt),
    check('jobs_max_attempts_positive', sql`${table.maxAttempts} > 0`),
  ],
);

export type Job = typeof jobs.$inferSelect;
