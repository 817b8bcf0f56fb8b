import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Runs a statement and answers its rows, as either driver hands them back (node-postgres and
 * PGlite answer `{ rows }`; a driver may answer the rows themselves).
 */
export async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows?: Row[] }).rows ?? []);
}
