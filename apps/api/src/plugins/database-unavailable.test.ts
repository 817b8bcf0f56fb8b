import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, registerUser } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/app';
import { onTestServer, testDatabaseKind } from '../test/database';

/** What no answer may carry, whatever failed where: SQL, its values, a stack, Fastify's own codes. */
const INTERNALS = /select |insert |update |Failed query|params:|\bat .+:\d+:\d+|FST_ERR|statusCode|id_hash/i;

describe.runIf(testDatabaseKind() === 'postgres')('the database out of reach', () => {
  let app: TestApp;
  let user: Awaited<ReturnType<typeof registerUser>>;
  const name = () => new URL(app.testDatabase.url ?? '').pathname.slice(1);

  beforeAll(async () => {
    app = await createTestApp();
    user = await registerUser(app);
  });

  afterAll(async () => {
    await onTestServer(`alter database ${name()} allow_connections true`).catch(() => {});
    await app?.close();
  });

  /** The same requests as a signed-in browser: reads, a write (its CSRF check reads the session), the probes. */
  const requests = () => [
    call(app, user.session, 'GET', '/api/user/profile'),
    call(app, user.session, 'GET', '/api/products?search=no+such+thing+cached'),
    call(app, user.session, 'POST', '/api/logout'),
    call(app, user.session, 'GET', '/api/ready'),
    call(app, user.session, 'GET', '/api/health'),
  ];

  it('answers 503 with Retry-After and no internals while the database is down, and 200 once it is back', async () => {
    // The server ends every connection and refuses new ones, as a restarting database does.
    await onTestServer(`alter database ${name()} allow_connections false`);
    await onTestServer(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name()}'`);

    for (let round = 0; round < 2; round++) {
      for (const response of await Promise.all(requests())) {
        expect(response.statusCode, response.body).toBe(503);
        expect(response.json()).toEqual({ message: 'Service Unavailable', code: 'DATABASE_UNAVAILABLE' });
        expect(response.headers['retry-after']).toBe('5');
        expect(response.body).not.toMatch(INTERNALS);
      }
    }

    await onTestServer(`alter database ${name()} allow_connections true`);
    await vi.waitFor(
      async () => {
        const profile = await call(app, user.session, 'GET', '/api/user/profile');
        expect(profile.statusCode).toBe(200);
      },
      { timeout: 5_000, interval: 100 },
    );
    const ready = await call(app, user.session, 'GET', '/api/ready');
    expect(ready.statusCode).toBe(200);
    // The session lived through it.
    expect((await call(app, user.session, 'GET', '/api/user/profile')).json().payload.email).toBe(user.email);
  });
});
