import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config, PostgresConfig } from '../config';
import { recordCacheChannel } from '../lib/metrics';
import { requestUnderWay } from '../lib/request-scope';
import { trackTransactions } from '../lib/transactions';
import { announceCacheClears, clearAllShared, clearedElsewhere } from '../lib/ttl-cache';
import { DatabaseUnavailableError } from './errors';
import { markBehindPooler } from './pooler';
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

/** The waits between tries to listen again: from half a second, doubling, at most five seconds. */
export function listenRetryDelayMs(failures: number): number {
  return Math.min(500 * 2 ** Math.max(0, failures), 5_000);
}

/** Where a database's connection events are told: a logger's warn and info. */
export type DatabaseLog = { warn(message: string): void; info(message: string): void };

const warningLog: DatabaseLog = {
  warn: (message) => process.emitWarning(message),
  info: () => {},
};

/**
 * Listens for other processes' cache clears on a connection of its own (LISTEN needs a session
 * that stays open, so it goes to the direct address, never through a transaction pooler), and
 * announces this process's. A lost connection is opened again, with a growing wait, for as long
 * as the process lives; once listening again, every shared cache is cleared, since announcements
 * may have been missed meanwhile (caches still expire by themselves). Each loss and recovery is
 * logged and counted.
 */
function shareCacheClears(
  options: { url: string; connectTimeoutMs: number },
  pool: pg.Pool,
  db: Db,
  log: DatabaseLog,
): () => Promise<void> {
  // Who announced: each opened database (a process has one) hears only the others.
  const processToken = randomUUID();
  let listener: pg.Client | null = null;
  let closed = false;
  /** Ends the wait before the next try, while there is one. */
  let retryNow: (() => void) | null = null;
  /** Ends the listening, while there is one. */
  let stopListening: (() => void) | null = null;

  const listenOnce = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: options.connectTimeoutMs,
      keepAlive: true,
    });
    // Errors are read below, once; any later one (while it ends) is of no interest.
    client.on('error', () => {});
    client.on('notification', (message) => {
      const [origin, name] = (message.payload ?? '').split(' ');
      if (origin !== processToken && name) clearedElsewhere(db, name);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
      return client;
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
  };

  const keepListening = async () => {
    let failures = 0;
    let everListened = false;
    while (!closed) {
      let client: pg.Client;
      try {
        client = await listenOnce();
      } catch (error) {
        if (failures === 0)
          log.warn(`PostgreSQL cache channel not open: ${(error as Error).message}; trying again`);
        await new Promise<void>((resolve) => {
          retryNow = resolve;
          setTimeout(resolve, listenRetryDelayMs(failures)).unref();
        });
        retryNow = null;
        failures += 1;
        continue;
      }
      if (closed) {
        await client.end().catch(() => {});
        return;
      }
      listener = client;
      if (everListened || failures > 0) {
        clearAllShared(db);
        recordCacheChannel('recovered');
        log.info('PostgreSQL cache channel listening again; every shared cache was cleared');
      }
      everListened = true;
      failures = 0;
      const lost = await new Promise<string>((resolve) => {
        client.once('error', (error) => resolve(error.message));
        client.once('end', () => resolve('the connection ended'));
        stopListening = () => resolve('closing');
      });
      stopListening = null;
      listener = null;
      client.end().catch(() => {});
      if (closed) return;
      recordCacheChannel('lost');
      log.warn(`PostgreSQL cache channel lost (${lost}); listening again`);
    }
  };
  void keepListening();

  announceCacheClears(db, (name) => {
    pool
      .query('select pg_notify($1, $2)', [CACHE_CHANNEL, `${processToken} ${name}`])
      .catch((error: Error) => {
        log.warn(`A cache clear was not announced: ${error.message}`);
      });
  });
  // The pool connecting again means the database is back: the channel tries at once rather than
  // at the end of its wait.
  pool.on('connect', () => retryNow?.());
  return async () => {
    closed = true;
    retryNow?.();
    stopListening?.();
    await listener?.end().catch(() => {});
  };
}

/** How to reach a PostgreSQL server and how long to wait for it (config.ts documents each). */
export type PostgresOptions = Omit<PostgresConfig, 'kind'> & {
  /** Connections in the pool. */
  max?: number;
  /** Fail at once when the server cannot be reached (a start), rather than serve 503s until it can. */
  probe?: boolean;
  log?: DatabaseLog;
};

/** The limits used when a caller gives only an address (tests, scripts). */
export function postgresOptions(url: string, overrides: Partial<PostgresOptions> = {}): PostgresOptions {
  return {
    url,
    directUrl: url,
    pooled: false,
    connectTimeoutMs: 3_000,
    statementTimeoutMs: 5_000,
    queryTimeoutMs: 6_000,
    requestBudgetMs: 8_000,
    ...overrides,
  };
}

/**
 * Bounds every request's database work: a query of a request whose client has gone, or whose
 * time on the database is used up, fails at once without reaching the database; otherwise it may
 * wait, for a connection and then for its answer, only as long as the request has left. Work
 * outside a request (jobs, start-up) waits at most the pool's connect and query timeouts.
 */
function boundRequests(pool: pg.Pool, { queryTimeoutMs, requestBudgetMs }: PostgresOptions): void {
  /** The ms the request under way may still wait, null outside a request; throws when it may not. */
  const timeLeft = (): number | null => {
    const request = requestUnderWay();
    if (!request) return null;
    if (request.clientGone) throw new DatabaseUnavailableError('the client went away before its answer');
    const left = Math.floor(requestBudgetMs - request.elapsedMs);
    if (left <= 0) throw new DatabaseUnavailableError('the request used up its time on the database');
    return left;
  };
  const original = pool.connect.bind(pool) as (...args: unknown[]) => unknown;

  /** A connection from the pool within `waitMs` (the pool's own limit when null); a later one goes back. */
  const connection = (waitMs: number | null): Promise<pg.PoolClient> => {
    const pending = original() as Promise<pg.PoolClient>;
    if (waitMs === null) return pending;
    return new Promise((resolve, reject) => {
      let late = false;
      const timer = setTimeout(() => {
        late = true;
        reject(new DatabaseUnavailableError('no database connection within the request’s time'));
      }, waitMs);
      pending.then(
        (client) => {
          clearTimeout(timer);
          if (late) client.release();
          else resolve(client);
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (!late) reject(error);
        },
      );
    });
  };

  // Drizzle calls both with promises (no callback): a refusal is a rejected promise. The pool's
  // own `query` takes its connection through `connect` with a callback, which is left as it was.
  (pool as unknown as { query: unknown }).query = async (config: unknown, values?: unknown[]) => {
    const client = await connection(timeLeft());
    let left: number | null;
    try {
      left = timeLeft();
    } catch (error) {
      client.release();
      throw error;
    }
    const query = typeof config === 'string' ? { text: config } : (config as pg.QueryConfig);
    const timeout =
      left === null ? {} : { query_timeout: queryTimeoutMs > 0 ? Math.min(left, queryTimeoutMs) : left };
    let result: pg.QueryResult;
    try {
      result = await client.query({ ...query, ...timeout } as pg.QueryConfig, values);
    } catch (error) {
      // As the pool does: a connection whose query failed is not reused (its answer may never have come).
      client.release(error as Error);
      throw error;
    }
    client.release();
    return result;
  };
  (pool as unknown as { connect: unknown }).connect = (...args: unknown[]) => {
    if (args.length > 0) return original(...args);
    try {
      return connection(timeLeft());
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

/**
 * A pool on PostgreSQL (or a pooler in front of it) whose every wait is bounded: getting a
 * connection (`connectTimeoutMs`), a statement on the server (`statementTimeoutMs`, sent as a
 * session setting unless through a pooler, which takes none: see docs/deploy.md) and an answer
 * (`queryTimeoutMs`, after which the connection is dropped).
 */
export async function openPostgres(address: string | PostgresOptions, max = 10): Promise<Database> {
  const options = typeof address === 'string' ? postgresOptions(address) : address;
  const log = options.log ?? warningLog;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? max,
    connectionTimeoutMillis: options.connectTimeoutMs,
    query_timeout: options.queryTimeoutMs,
    keepAlive: true,
    ...(options.pooled ? {} : { statement_timeout: options.statementTimeoutMs }),
  });
  // An idle connection can fail (the server restarts, an administrator ends it). The pool drops
  // it and opens another when needed; unhandled, the error would end the whole process.
  pool.on('error', (error) => {
    log.warn(`PostgreSQL connection lost: ${error.message}`);
  });
  if (options.probe !== false) {
    // Fail at start-up, not at the first request, when the server cannot be reached.
    const probe = await pool.connect();
    probe.release();
  }
  if (options.pooled) markBehindPooler(pool);
  boundRequests(pool, options);
  const db = trackTransactions(drizzlePg(pool, { schema }) as unknown as Db);
  const stopSharing = shareCacheClears(
    { url: options.directUrl, connectTimeoutMs: options.connectTimeoutMs },
    pool,
    db,
    log,
  );
  return {
    db,
    kind: 'postgres',
    close: async () => {
      await stopSharing();
      await pool.end();
    },
  };
}

/**
 * The settings for work that is no visitor's (migrations, seeding, the commands of `cli/`): on
 * PostgreSQL the direct address, and none of the request time limits (a migration or a large seed
 * may take long).
 */
export function withoutTimeLimits(database: Config['database']): Config['database'] {
  if (database.kind !== 'postgres') return database;
  return {
    ...database,
    url: database.directUrl,
    pooled: false,
    statementTimeoutMs: 0,
    queryTimeoutMs: 0,
    requestBudgetMs: 0,
  };
}

export function openDatabase(
  database: Config['database'],
  extra: { probe?: boolean; log?: DatabaseLog } = {},
): Promise<Database> {
  return database.kind === 'postgres'
    ? openPostgres({ ...database, ...extra })
    : openPglite(database.dataDir);
}
