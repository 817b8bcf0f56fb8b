import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Refreshes the planner's statistics. A PostgreSQL server does this by itself (autovacuum);
 * the embedded database has no background workers, so the server runs it at start-up, after
 * seeding and periodically. Without it, plans made for an empty table stay in use at 100,000 rows.
 */
export async function analyze(database: Database): Promise<void> {
  await database.db.execute(sql`analyze`);
}

const SIX_HOURS = 6 * 60 * 60 * 1000;

export function scheduleAnalyze(database: Database, onError: (error: unknown) => void) {
  if (database.kind !== 'pglite') return { stop: () => {} };
  const timer = setInterval(() => analyze(database).catch(onError), SIX_HOURS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
