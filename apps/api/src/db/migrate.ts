import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config';
import type { Database, Db } from './client';
import { pgErrorCode } from './errors';
import { migrationsDir } from './paths';

/** When the newest migration this code carries was made: Drizzle records it as the migration's `created_at`. */
export const newestMigrationAt: number = Math.max(
  ...(
    JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    }
  ).entries.map((entry) => entry.when),
);

/** A database whose schema was migrated by newer code than this: this code must not run on it. */
export class NewerSchemaError extends Error {
  constructor(readonly appliedAt: number) {
    super(
      `The database's schema is newer than this code: it has a migration of ${new Date(appliedAt).toISOString()}, and this code's newest is of ${new Date(newestMigrationAt).toISOString()}. Deploy the newer code (or restore the database from before that migration); this node does not start.`,
    );
    this.name = 'NewerSchemaError';
  }
}

/** The `created_at` of the newest migration applied to the database, or null before any. */
export async function appliedMigrationAt(db: Db): Promise<number | null> {
  try {
    const result = (await db.execute(
      sql`select max(created_at) as at from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { at: string | number | null }[] };
    const at = result.rows[0]?.at;
    return at === null || at === undefined ? null : Number(at);
  } catch (error) {
    // undefined_table, invalid_schema_name: never migrated.
    if (pgErrorCode(error) === '42P01' || pgErrorCode(error) === '3F000') return null;
    throw error;
  }
}

/** How the database's schema stands against this code's migrations. */
export async function schemaState(db: Db): Promise<'current' | 'behind' | 'newer'> {
  const applied = await appliedMigrationAt(db);
  if (applied === null || applied < newestMigrationAt) return 'behind';
  return applied > newestMigrationAt ? 'newer' : 'current';
}

/**
 * Applies the committed SQL migrations that have not run yet. Safe to call at every start.
 * Refuses (NewerSchemaError) a database that newer code has migrated.
 */
export async function migrate(database: Database): Promise<void> {
  const applied = await appliedMigrationAt(database.db);
  if (applied !== null && applied > newestMigrationAt) throw new NewerSchemaError(applied);
  const options = { migrationsFolder: migrationsDir };
  // The two migrators are the same code with different driver types.
  if (database.kind === 'postgres') await migratePg(database.db as never, options);
  else await migratePglite(database.db as never, options);
}

/** The advisory lock every node takes to prepare the database at start (any fixed number will do). */
const START_LOCK = 7_305_284_112;

/**
 * Runs `work` (migrations, seeding, the first admin) while holding a PostgreSQL advisory lock on
 * the direct address, so nodes that start at the same moment prepare the database one after
 * another: the first migrates, the others find it migrated. A session-level lock needs a session
 * of its own, which a pooler in transaction mode does not keep: hence the direct address. The
 * embedded database has one process, and needs no lock.
 */
export async function underStartLock<T>(
  database: Config['database'],
  work: () => Promise<T>,
  log: (line: string) => void = () => {},
): Promise<T> {
  if (database.kind !== 'postgres') return work();
  const client = new pg.Client({
    connectionString: database.directUrl,
    connectionTimeoutMillis: database.connectTimeoutMs,
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      START_LOCK,
    ]);
    if (!rows[0]?.locked) {
      log('Another node is preparing the database; waiting for it.');
      await client.query('select pg_advisory_lock($1)', [START_LOCK]);
    }
    return await work();
  } finally {
    // Ending the session releases the lock too, should the unlock fail.
    await client.query('select pg_advisory_unlock($1)', [START_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}
