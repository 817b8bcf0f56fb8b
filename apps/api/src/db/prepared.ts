import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';
import { databaseOf } from './transaction';

const dialect = new PgDialect();

/**
 * Runs a read and answers its rows. On PostgreSQL, outside a transaction, it runs as a named
 * prepared statement: each pooled connection parses and plans a statement of that text once and
 * then only binds the values (the catalogue's list query took eight times longer to plan than to
 * run). The name is a digest of the text, so one name never stands for two statements. Inside a
 * transaction, and on the embedded database, the statement runs as is.
 */
export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool && databaseOf(db) === db) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const name = `pm_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    const result = await client.query({ name, text, values: params as unknown[] });
    return result.rows as T[];
  }
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
