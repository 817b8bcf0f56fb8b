import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { throttles } from './throttle.tables';

export type Limit = { max: number; windowSeconds: number };

function secondsUntil(date: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - Date.now()) / 1000));
}

function tooMany(retryAfterSeconds: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', 'Too Many Attempts.', undefined, {
    'retry-after': String(retryAfterSeconds),
  });
}

/** Adds one hit to a fixed window, atomically, and returns the window's count and end. */
async function count(db: Db, key: string, windowSeconds: number) {
  const windowEnd = sql`now() + make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(throttles)
    .values({ key, hits: 1, windowEndsAt: sql`${windowEnd}` })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        hits: sql`case when ${throttles.windowEndsAt} <= now() then 1 else ${throttles.hits} + 1 end`,
        windowEndsAt: sql`case when ${throttles.windowEndsAt} <= now() then ${windowEnd} else ${throttles.windowEndsAt} end`,
      },
    })
    .returning({
      hits: throttles.hits,
      windowEndsAt: throttles.windowEndsAt,
      blockedUntil: throttles.blockedUntil,
    });
  if (!row) throw new Error('throttle upsert returned no row');
  return row;
}

/**
 * Counts a request against a limit. Throws TOO_MANY_REQUESTS (429, with Retry-After)
 * once more than `max` arrived within the window.
 */
export async function enforceLimit(db: Db, key: string, limit: Limit): Promise<void> {
  const row = await count(db, key, limit.windowSeconds);
  if (row.hits > limit.max) throw tooMany(secondsUntil(row.windowEndsAt));
}

/** Failures allowed before the backoff starts, and its longest wait. */
export const BACKOFF_AFTER = 5;
const BACKOFF_BASE_SECONDS = 30;
const BACKOFF_MAX_SECONDS = 15 * 60;
const FAILURE_WINDOW_SECONDS = 60 * 60;

/** Throws TOO_MANY_REQUESTS while any of the keys is in a backoff. */
export async function enforceBackoff(db: Db, keys: string[]): Promise<void> {
  const rows = await db
    .select({ blockedUntil: throttles.blockedUntil })
    .from(throttles)
    .where(and(inArray(throttles.key, keys), gt(throttles.blockedUntil, sql`now()`)));
  const until = rows.map((row) => row.blockedUntil?.getTime() ?? 0).reduce((a, b) => Math.max(a, b), 0);
  if (until > 0) throw tooMany(secondsUntil(new Date(until)));
}

/**
 * Records a failure (a wrong password). From the BACKOFF_AFTER-th failure on, the key is
 * blocked for 30 s, doubling with each further failure up to 15 minutes.
 */
export async function recordFailure(db: Db, key: string, allowed = BACKOFF_AFTER): Promise<void> {
  const row = await count(db, key, FAILURE_WINDOW_SECONDS);
  if (row.hits < allowed) return;
  const seconds = Math.min(BACKOFF_BASE_SECONDS * 2 ** (row.hits - allowed), BACKOFF_MAX_SECONDS);
  await db
    .update(throttles)
    .set({ blockedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(eq(throttles.key, key));
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.delete(throttles).where(eq(throttles.key, key));
}
