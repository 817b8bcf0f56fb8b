import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/client';
import { migrate } from '../db/migrate';

export type TestDatabase = Database & { drop: () => Promise<void> };

/** Which engine this test run uses: PostgreSQL for the api-postgres project, PGlite otherwise. */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test run');
  return url;
}

/**
 * A migrated database of its own for one test file: an in-memory PGlite, or a fresh
 * database on the TEST_DATABASE_URL server that `drop()` removes again.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    const database = await openPglite(null);
    await migrate(database);
    return { ...database, drop: () => database.close().catch(() => undefined) };
  }
  const name = `pm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  await migrate(database);
  return {
    ...database,
    drop: async () => {
      await database.close().catch(() => undefined);
      const cleanup = new pg.Client({ connectionString: adminUrl() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
