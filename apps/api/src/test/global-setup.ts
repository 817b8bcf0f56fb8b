import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { migrate } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory, loaded by every test database. */
    pgliteTemplate: string;
    /** A migrated database on the TEST_DATABASE_URL server that test databases are copied from. */
    postgresTemplate: string;
  }
}

/**
 * Migrates once per test run; every test file then starts from a copy (decision 0013).
 * Creating and migrating a database per file would run every migration again for every file;
 * copying the migrated one does not.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    const folder = mkdtempSync(path.join(tmpdir(), 'promptmarket-test-template-'));
    const database = await openPglite(null);
    await migrate(database);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const tarball = await client.dumpDataDir('none');
    const file = path.join(folder, 'template.tar');
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplate', file);
    return () => rmSync(folder, { recursive: true, force: true });
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test run');
  const name = `pm_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 1);
  await migrate(database);
  // A template must have no open connections while it is copied.
  await database.close();
  project.provide('postgresTemplate', name);
  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
}
