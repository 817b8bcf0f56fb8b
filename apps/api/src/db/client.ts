import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config';
import { trackTransactions } from '../lib/transactions';
import { announceCacheClears, clearedElsewhere } from '../lib/ttl-cache';
import * as schema from './schema';

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

/** The channel on which processes of one database tell each other which cache they cleared. */
const CACHE_CHANNEL = 'promptmarket_caches';

/**
 * Listens for other processes' cache clears on a connection of its own (LISTEN needs one that
 * stays open), and announces this process's. A lost connection is opened again after a second;
 * meanwhile caches still expire by themselves.
 */
function shareCacheClears(url: string, pool: pg.Pool, db: Db): () => Promise<void> {
  // Who announced: each opened database (a process has one) hears only the others.
  const processToken = randomUUID();
  let listener: pg.Client | null = null;
  let closed = false;
  const listen = async () => {
    if (closed) return;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      const [origin, name] = (message.payload ?? '').split(' ');
      if (origin !== processToken && name) clearedElsewhere(db, name);
    });
    client.on('error', (error) => {
      process.emitWarning(`PostgreSQL cache channel lost: ${error.message}`);
      if (listener === client) listener = null;
      client.end().catch(() => {});
      setTimeout(() => void listen().catch(() => {}), 1_000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CACHE_CHANNEL}`);
    if (closed) await client.end();
    else listener = client;
  };
  void listen().catch((error: Error) => {
    process.emitWarning(`PostgreSQL cache channel not open: ${error.message}`);
  });
  announceCacheClears(db, (name) => {
    pool
      .query('select pg_notify($1, $2)', [CACHE_CHANNEL, `${processToken} ${name}`])
      .catch((error: Error) => {
        process.emitWarning(`A cache clear was not announced: ${error.message}`);
      });
  });
  return async () => {
    closed = true;
    await listener?.end().catch(() => {});
  };
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
  const stopSharing = shareCacheClears(url, pool, db);
  return {
    db,
    kind: 'postgres',
    close: async () => {
      await stopSharing();
      await pool.end();
    },
  };
}

export function openDatabase(database: Config['database']): Promise<Database> {
  return database.kind === 'postgres' ? openPostgres(database.url) : openPglite(database.dataDir);
}
