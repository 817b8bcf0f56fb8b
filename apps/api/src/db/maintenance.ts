import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Refreshes the planner's statistics. A PostgreSQL server does this by itself (autovacuum);
 * the embedded database has no background workers, so the server runs it at start-up, after
 * seeding and periodically (see background.ts). Without it, plans made for an empty table stay
 * in use at 100,000 rows.
 */
export async function analyze(database: Database): Promise<void> {
  await database.db.execute(sql`analyze`);
}
