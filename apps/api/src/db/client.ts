import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config';
import * as schema from './schema';
import { trackTransactions } from './transaction';

export type Schema = typeof schema;
/** One type for both drivers: services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

/**
 * Opens the embedded PGlite database (a folder, or memory when dataDir is null), optionally
 * starting from a data directory tarball (tests start from a migrated template).
 */
export async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm ships with PGlite; the migrations enable it for typo-tolerant search.
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = trackTransactions(drizzlePglite(client, { schema }) as unknown as Db);
  return { db, kind: 'pglite', close: () => client.close() };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection can fail (the server restarts, an administrator ends it). The pool drops
  // it and opens another when needed; unhandled, the error would end the whole process.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
  });
  // Fail at start-up, not at the first request, when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const db = trackTransactions(drizzlePg(pool, { schema }) as unknown as Db);
  return { db, kind: 'postgres', close: () => pool.end() };
}

export function openDatabase(database: Config['database']): Promise<Database> {
  return database.kind === 'postgres' ? openPostgres(database.url) : openPglite(database.dataDir);
}
