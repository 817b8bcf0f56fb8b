import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client';

/** `url` is the PostgreSQL database's address, for opening it a second time as another process would. */
export type TestDatabase = Database & { drop: () => Promise<void>; url?: string };

/** Which engine this test run uses: PostgreSQL for the api-postgres project, PGlite otherwise. */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test run');
  return url;
}

let pgliteTemplate: Blob | undefined;

/**
 * A migrated database of its own for one test file: an in-memory PGlite loaded from the
 * run's migrated template, or a copy of the template database on the TEST_DATABASE_URL server
 * that `drop()` removes again (see test/global-setup.ts).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
    const database = await openPglite(null, pgliteTemplate);
    return { ...database, drop: () => database.close().catch(() => undefined) };
  }
  const name = `pm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  return {
    ...database,
    url: url.toString(),
    drop: async () => {
      await database.close().catch(() => undefined);
      const cleanup = new pg.Client({ connectionString: adminUrl() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** One statement on the tests' PostgreSQL server as its administrator (TEST_DATABASE_URL): end connections, close a database. */
export async function onTestServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
