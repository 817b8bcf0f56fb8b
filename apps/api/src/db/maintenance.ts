import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Refreshes the planner's statistics and the tables' visibility maps. A PostgreSQL server does
 * this by itself (autovacuum); the embedded database has no background workers, so the server
 * runs it at start-up, after seeding and periodically (see background.ts). Without statistics,
 * plans made for an empty table stay in use once it is large; without visibility maps, the
 * catalogue's index-only scans (a deep page, a match checked for being active) read every row.
 */
export async function analyze(database: Database): Promise<void> {
  await database.db.execute(sql`vacuum analyze`);
}
