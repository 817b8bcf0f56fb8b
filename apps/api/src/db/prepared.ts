import { createHash } from 'node:crypto';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { databaseOf } from '../lib/transactions';
import type { Db } from './client';
import { isBehindPooler } from './pooler';

const dialect = new PgDialect();

/**
 * Runs a read and answers its rows. Outside a transaction it runs as a named prepared statement:
 * the database parses and plans a statement of that text once (per pooled connection on
 * PostgreSQL, once for the embedded database) and then only binds the values. A short read such
 * as the catalogue's tile query takes longer to plan than to run, and on the embedded database
 * planning also holds the server's only thread. The name is a digest of
 * the text, so one name never stands for two statements. Inside a transaction the statement runs
 * as is.
 */
export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  const named = (client instanceof pg.Pool && !isBehindPooler(client)) || client instanceof PGlite;
  if (databaseOf(db) === db && named) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const name = statementName(text);
    if (client instanceof PGlite) return embeddedPrepared<T>(client, name, text, params);
    const result = await client.query({ name, text, values: params as unknown[] });
    return result.rows as T[];
  }
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * How many statement names are cached, by their texts: the busiest lists run the same few texts
 * on every request, so each text's digest is made once, not per request.
 */
const NAMES_CACHED = 1_000;
const names = new Map<string, string>();

function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `pm_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size >= NAMES_CACHED) names.clear();
    names.set(text, name);
  }
  return name;
}

/** Statements prepared on the embedded database, with their parameters' types; forgotten all at once past the limit. */
const MAX_EMBEDDED_STATEMENTS = 500;
const embeddedStatements = new WeakMap<PGlite, Map<string, number[]>>();

/**
 * The embedded database speaks the same extended protocol as a server: Parse once under a name
 * (with Describe, for the parameters' types), then Bind, Execute and Sync for each run. Both hold
 * the database's transaction and query locks, so nothing else (another request's transaction
 * included) runs in between.
 */
function embeddedPrepared<T>(client: PGlite, name: string, text: string, params: unknown[]): Promise<T[]> {
  return client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      let statements = embeddedStatements.get(client);
      if (!statements) {
        statements = new Map();
        embeddedStatements.set(client, statements);
      }
      let types = statements.get(name);
      if (!types) {
        if (statements.size >= MAX_EMBEDDED_STATEMENTS) {
          await client.execProtocol(protocol.serialize.query('deallocate all'), { syncToFs: false });
          statements.clear();
        }
        const described = await client.execProtocol(
          joined([
            protocol.serialize.parse({ name, text }),
            protocol.serialize.describe({ type: 'S', name }),
            protocol.serialize.sync(),
          ]),
          { syncToFs: false },
        );
        types = parse.parseDescribeStatementResults(described.messages);
        statements.set(name, types);
      }
      const parameterTypes = types;
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[parameterTypes[index] ?? 0];
        return serializer ? serializer(value) : String(value);
      });
      const { messages } = await client.execProtocol(
        joined([
          protocol.serialize.bind({ statement: name, values }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
      return (parse.parseResults(messages, client.parsers)[0]?.rows ?? []) as T[];
    }),
  );
}

function joined(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
