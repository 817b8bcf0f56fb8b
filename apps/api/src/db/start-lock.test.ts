import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { onTestServer, testDatabaseKind } from '../test/database';
import { type Database, openPostgres } from './client';
import { migrate, NewerSchemaError, newestMigrationAt, schemaState, underStartLock } from './migrate';

const admin = process.env.TEST_DATABASE_URL ?? '';

describe.runIf(testDatabaseKind() === 'postgres')('nodes that start together on one database', () => {
  const name = `pm_test_start_${randomBytes(5).toString('hex')}`;
  const url = new URL(admin || 'postgres://unused');
  url.pathname = `/${name}`;
  const opened: Database[] = [];

  afterAll(async () => {
    for (const database of opened) await database.close().catch(() => {});
    await onTestServer(`drop database if exists ${name} with (force)`);
  });

  /** What a node does at start: open the database and migrate it under the start lock. */
  async function start(): Promise<Database> {
    const config = loadConfig({ DATABASE_URL: url.toString() });
    const database = await openPostgres(url.toString(), 2);
    opened.push(database);
    await underStartLock(config.database, () => migrate(database));
    return database;
  }

  it('migrate an empty database one after another, each finding it ready', async () => {
    await onTestServer(`create database ${name}`);
    const nodes = await Promise.all([start(), start(), start()]);
    for (const node of nodes) expect(await schemaState(node.db)).toBe('current');
    const rows = (await nodes[0]?.db.execute(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    )) as { rows: { count: number }[] } | undefined;
    // Each migration applied once.
    const applied = (await nodes[0]?.db.execute(
      sql`select count(distinct hash)::int as count from drizzle.__drizzle_migrations`,
    )) as { rows: { count: number }[] } | undefined;
    expect(rows?.rows[0]?.count).toBe(applied?.rows[0]?.count);
  });

  it('refuse a database that newer code has migrated', async () => {
    const [node] = opened;
    if (!node) throw new Error('no node');
    await node.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from newer code', ${newestMigrationAt + 60_000})`,
    );
    expect(await schemaState(node.db)).toBe('newer');
    const error = await start().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(NewerSchemaError);
    expect((error as Error).message).toMatch(/schema is newer than this code/);
  });
});
