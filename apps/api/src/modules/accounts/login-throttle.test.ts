import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, randomAddress, registerUser, strongPassword } from '../../test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from '../../test/app';

// The real password check, counted: how many attempts got as far as the hash is what the limit is about.
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('./password', async (importOriginal) => {
  const original = await importOriginal<typeof import('./password')>();
  return {
    ...original,
    verifyPassword: (hash: string, password: string) => {
      checks.count += 1;
      return original.verifyPassword(hash, password);
    },
  };
});

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('POST /api/login under parallel guessing', () => {
  it('lets at most 5 of 50 simultaneous wrong logins for one account reach the password check', async () => {
    const { email } = await registerUser(app);
    const ip = randomAddress();
    const sessions = await Promise.all(Array.from({ length: 50 }, () => startBrowserSession(app)));
    checks.count = 0;
    const responses = await Promise.all(
      sessions.map((session) =>
        call(app, session, 'POST', '/api/login', { email, password: 'wrong-password' }, {}, ip),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(checks.count).toBeGreaterThan(0);
    expect(checks.count).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 422)).toHaveLength(checks.count);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - checks.count);
    for (const response of responses.filter((candidate) => candidate.statusCode === 429)) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }

    checks.count = 0;
    const session = await startBrowserSession(app);
    const blocked = await call(
      app,
      session,
      'POST',
      '/api/login',
      { email, password: strongPassword },
      {},
      ip,
    );
    expect(blocked.statusCode).toBe(429);
    expect(checks.count).toBe(0);
  });
});

describe('POST /api/login from many addresses', () => {
  it('spaces guesses at one account from 12 addresses: a few reach the hash, the others wait, the owner does not stay locked out', async () => {
    const { email } = await registerUser(app);
    const sessions = await Promise.all(Array.from({ length: 12 }, () => startBrowserSession(app)));
    checks.count = 0;
    const responses = await Promise.all(
      sessions.map((session) =>
        call(app, session, 'POST', '/api/login', { email, password: 'wrong-password' }, {}, randomAddress()),
      ),
    );
    // The first five of a quarter of an hour are free, the sixth passes and leaves a second's wait.
    expect(checks.count).toBe(6);
    const waiting = responses.filter((response) => response.statusCode === 429);
    expect(waiting).toHaveLength(6);
    for (const response of waiting) expect(Number(response.headers['retry-after'])).toBe(1);

    // A delay, not a lockout: once it has passed, the right password signs in.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const owner = await call(
      app,
      await startBrowserSession(app),
      'POST',
      '/api/login',
      { email, password: strongPassword },
      {},
      randomAddress(),
    );
    expect(owner.statusCode).toBe(200);
  });
});
