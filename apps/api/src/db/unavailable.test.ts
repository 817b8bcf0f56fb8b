import { request as httpRequest } from 'node:http';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopedServer } from '../lib/request-scope';
import { openTestDatabase, type TestDatabase, testDatabaseKind } from '../test/database';
import { type Database, listenRetryDelayMs, openPostgres, postgresOptions } from './client';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './errors';

/** An error as the pg driver makes them: a message and a SQLSTATE or system code. */
function driverError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code ? { code } : {});
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['the server shutting down', driverError('terminating connection due to administrator command', '57P01')],
    ['the server starting', driverError('the database system is starting up', '57P03')],
    ['a connection failure', driverError('connection failure', '08006')],
    ['a statement past its time', driverError('canceling statement due to statement timeout', '57014')],
    ['too many connections', driverError('sorry, too many clients already', '53300')],
    [
      'a database closed to connections',
      driverError('database "shop" is not currently accepting connections', '55000'),
    ],
    ['a refused connection', driverError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', driverError('read ECONNRESET', 'ECONNRESET')],
    ['a connection ended by the server', driverError('Connection terminated unexpectedly')],
    ['a connect that took too long', driverError('Connection terminated due to connection timeout')],
    ['the pool out of connections', driverError('timeout exceeded when trying to connect')],
    ['an answer that took too long', driverError('Query read timeout')],
    ['a request out of time', new DatabaseUnavailableError('the request used up its time on the database')],
  ])('is true for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    // Drizzle wraps the driver's error in its own, with the query and its values.
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], error))).toBe(true);
  });

  it.each([
    ['a unique violation', driverError('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', driverError('syntax error at or near "selct"', '42601')],
    ['a check violation', driverError('new row violates check constraint', '23514')],
    ['another 55000', driverError('cannot execute that now', '55000')],
    ['any other error', new Error('something else')],
    ['nothing', undefined],
  ])('is false for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('listenRetryDelayMs', () => {
  it('waits half a second, then twice as long each time, at most five seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(listenRetryDelayMs)).toEqual([
      500, 1_000, 2_000, 4_000, 5_000, 5_000, 5_000,
    ]);
  });
});

const onPostgres = testDatabaseKind() === 'postgres';

describe.runIf(onPostgres)('bounded waits on PostgreSQL', () => {
  let testDatabase: TestDatabase;
  const opened: Database[] = [];
  const servers: Server[] = [];

  beforeAll(async () => {
    testDatabase = await openTestDatabase();
  });

  afterAll(async () => {
    for (const database of opened) await database.close().catch(() => {});
    for (const server of servers) server.close();
    await testDatabase.drop();
  });

  async function open(overrides: Parameters<typeof postgresOptions>[1]) {
    const database = await openPostgres(postgresOptions(testDatabase.url ?? '', overrides));
    opened.push(database);
    return database;
  }

  /** How long `work` took to fail, and with what. */
  async function failure(work: Promise<unknown>): Promise<{ ms: number; error: unknown }> {
    const started = performance.now();
    try {
      await work;
    } catch (error) {
      return { ms: performance.now() - started, error };
    }
    throw new Error('expected a failure');
  }

  it('ends a statement that runs past the statement timeout, on the server', async () => {
    const database = await open({ statementTimeoutMs: 200, queryTimeoutMs: 5_000 });
    const { ms, error } = await failure(database.db.execute(sql`select pg_sleep(2)`));
    expect(ms).toBeLessThan(1_500);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('57014');
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The connection is still good.
    expect(await database.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] });
  });

  it('gives up waiting for an answer after the query timeout, through a pooler too (no session setting)', async () => {
    const database = await open({ pooled: true, directUrl: testDatabase.url ?? '', queryTimeoutMs: 200 });
    const { ms, error } = await failure(database.db.execute(sql`select pg_sleep(2)`));
    expect(ms).toBeLessThan(1_500);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await database.db.execute(sql`select 2 as two`)).toMatchObject({ rows: [{ two: 2 }] });
  });

  it('gives up connecting to a server that never answers after the connect timeout', async () => {
    // Takes connections and never says a word, as a server behind a dead network would.
    const silent = createServer(() => {});
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = new URL(testDatabase.url ?? '');
    url.port = String((silent.address() as AddressInfo).port);
    const database = await openPostgres(
      postgresOptions(url.toString(), { connectTimeoutMs: 300, probe: false, log: { warn() {}, info() {} } }),
    );
    opened.push(database);
    const { ms, error } = await failure(database.db.execute(sql`select 1`));
    expect(ms).toBeLessThan(1_500);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  /** A server whose every request runs `work` in its request's scope; answers what `work` says. */
  async function serving(work: (socket: Socket) => Promise<string>) {
    const server = scopedServer(async (request, response) => {
      // Drizzle's error says which query failed; what failed it is its cause.
      const answer = await work(request.socket).catch((error: Error) => {
        const cause = (error.cause ?? error) as Error;
        return `${cause.name}: ${cause.message}`;
      });
      if (!response.destroyed) response.end(answer);
    });
    servers.push(server as unknown as Server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  function get(port: number): Promise<string> {
    return new Promise((resolve, reject) => {
      const request = httpRequest({ port, host: '127.0.0.1', path: '/' }, (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve(body));
      });
      request.on('error', reject);
      request.end();
    });
  }

  it('refuses a request’s query once the request has used up its time on the database, without sending it', async () => {
    const database = await open({ requestBudgetMs: 300 });
    const port = await serving(async () => {
      await database.db.execute(sql`select pg_sleep(0.1)`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await database.db.execute(sql`select 1`);
      return 'answered';
    });
    expect(await get(port)).toBe('DatabaseUnavailableError: the request used up its time on the database');
    // A query that would run past what is left is cut at that.
    const slow = await serving(async () => {
      await database.db.execute(sql`select pg_sleep(2)`);
      return 'answered';
    });
    const started = performance.now();
    expect(await get(slow)).toMatch(/Query read timeout/);
    expect(performance.now() - started).toBeLessThan(1_500);
    // Outside a request, the same query runs to its end.
    await database.db.execute(sql`select pg_sleep(0.4)`);
  });

  it('waits for a connection from a busy pool only as long as the request has left', async () => {
    const database = await open({ max: 1, requestBudgetMs: 300, connectTimeoutMs: 5_000 });
    // The pool's one connection is busy for a second.
    const busy = Promise.resolve(database.db.execute(sql`select pg_sleep(1)`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const port = await serving(async () => {
      await database.db.execute(sql`select 1`);
      return 'answered';
    });
    const started = performance.now();
    expect(await get(port)).toBe(
      'DatabaseUnavailableError: no database connection within the request’s time',
    );
    expect(performance.now() - started).toBeLessThan(800);
    await busy;
    // The connection went back to the pool, which serves on.
    expect(await get(port)).toBe('answered');
  });

  it('sends no query for a request whose client has gone', async () => {
    const database = await open({});
    let outcome: unknown = 'not run';
    let done: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    const port = await serving(async (socket) => {
      await new Promise((resolve) => socket.once('close', resolve));
      try {
        await database.db.execute(sql`select 1`);
        outcome = 'sent';
      } catch (error) {
        outcome = error;
      }
      done();
      return '';
    });
    const request = httpRequest({ port, host: '127.0.0.1', path: '/' });
    request.on('error', () => {});
    request.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    request.destroy();
    await finished;
    expect((outcome as Error).cause).toBeInstanceOf(DatabaseUnavailableError);
  });
});
