import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, randomAddress, registerUser, strongPassword } from '../../test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from '../../test/app';
import { deleteExpiredSessions, NEW_SESSIONS_PER_ADDRESS, SIGN_INS_PER_USER } from './session.service';
import { sessions } from './session.tables';

function testRoutes(instance: Parameters<NonNullable<Parameters<typeof createTestApp>[1]>>[0]) {
  instance.post('/api/test/echo', async () => ({ status: 'OK', payload: 'changed' }));
  instance.post('/api/test/webhook', { config: { csrf: false } }, async () => ({
    status: 'OK',
    payload: 'hook',
  }));
  instance.get('/api/test/ip', async (request) => ({ ip: request.ip }));
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({}, testRoutes);
});
afterAll(() => app.close());

const UNSAFE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

describe('GET /sanctum/csrf-cookie', () => {
  it('sets an HttpOnly Lax session cookie and a readable XSRF-TOKEN, both for 2 hours', async () => {
    const response = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(response.statusCode).toBe(204);
    const session = response.cookies.find((cookie) => cookie.name === 'promptmarket_session');
    const xsrf = response.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 7200 });
    expect(session?.secure).toBeFalsy();
    expect(xsrf).toMatchObject({ sameSite: 'Lax', path: '/', maxAge: 7200 });
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(session?.value).toMatch(/^[\w-]{22}$/);
  });

  it('is never stored by a cache: it hands out a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('stores only a hash of the session id', async () => {
    const response = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    const token = response.cookies.find((cookie) => cookie.name === 'promptmarket_session')?.value ?? '';
    const rows = await app.db.select({ idHash: sessions.idHash }).from(sessions);
    expect(rows.some((row) => row.idHash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.idHash))).toBe(true);
  });

  it('keeps the same XSRF token for a live session', async () => {
    const session = await startBrowserSession(app);
    const again = await app.inject({
      method: 'GET',
      url: '/sanctum/csrf-cookie',
      headers: session.headers(),
    });
    const xsrf = again.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
    expect(xsrf?.value).toBe(session.jar['XSRF-TOKEN']);
  });
});

describe('how many sessions are started (decision 0012)', () => {
  const handshake = (remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/sanctum/csrf-cookie', remoteAddress, headers });
  const sessionRows = async () => (await app.db.select({ idHash: sessions.idHash }).from(sessions)).length;

  it('stores at most 100 new sessions an address in 15 minutes, however many cookie-less handshakes arrive at once', async () => {
    const address = randomAddress();
    const before = await sessionRows();
    const { max } = NEW_SESSIONS_PER_ADDRESS;
    const answers = await Promise.all(Array.from({ length: max + 20 }, () => handshake(address)));
    expect(answers.filter((answer) => answer.statusCode === 204)).toHaveLength(max);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(20);
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused[0]?.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(refused[0]?.json()).toEqual({ message: 'Too Many Attempts.', code: 'TOO_MANY_REQUESTS' });
    expect(refused[0]?.cookies).toEqual([]);
    expect(await sessionRows()).toBe(before + max);

    // A cookie the shop does not know starts no session either.
    const forged = await handshake(address, { cookie: 'promptmarket_session=AAAAAAAAAAAAAAAAAAAAAA' });
    expect(forged.statusCode).toBe(429);
    expect(await sessionRows()).toBe(before + max);
  });

  it('still answers a browser with a live session from that address, and another address', async () => {
    const address = randomAddress();
    const first = await handshake(address);
    const cookie = first.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
    await Promise.all(Array.from({ length: NEW_SESSIONS_PER_ADDRESS.max }, () => handshake(address)));
    expect((await handshake(address)).statusCode).toBe(429);
    const live = await handshake(address, { cookie });
    expect(live.statusCode).toBe(204);
    expect(live.cookies.find((item) => item.name === 'XSRF-TOKEN')?.value).toBe(
      first.cookies.find((item) => item.name === 'XSRF-TOKEN')?.value,
    );
    expect((await handshake(randomAddress())).statusCode).toBe(204);
  });

  it('signs one account in at most 20 times an hour; the next sign-in is 429 and leaves the browser a guest', async () => {
    const { email } = await registerUser(app);
    const login = async () => {
      const session = await startBrowserSession(app);
      const answer = await call(app, session, 'POST', '/api/login', { email, password: strongPassword });
      return { session, answer };
    };
    // The registration signed in once.
    for (let signIn = 1; signIn < SIGN_INS_PER_USER.max; signIn++) {
      expect((await login()).answer.statusCode).toBe(200);
    }
    const { session, answer } = await login();
    expect(answer.statusCode).toBe(429);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(15 * 60);
    expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    expect(answer.json()).toEqual({ message: 'Too Many Attempts.', code: 'TOO_MANY_REQUESTS' });
    const signedIn = await call(app, session, 'GET', '/api/is-auth');
    expect(signedIn.json()).toEqual({ authenticated: false });

    // Another account signs in as before.
    const other = await registerUser(app);
    const otherSession = await startBrowserSession(app);
    const otherLogin = await call(app, otherSession, 'POST', '/api/login', {
      email: other.email,
      password: strongPassword,
    });
    expect(otherLogin.statusCode).toBe(200);
  });
});

describe('CSRF protection', () => {
  it('answers 419 to an unsafe request without the X-XSRF-TOKEN header', async () => {
    const session = await startBrowserSession(app);
    const { 'x-xsrf-token': _omitted, ...withoutHeader } = session.headers();
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', headers: withoutHeader });
    expect(response.statusCode).toBe(419);
    expect(response.json()).toEqual({ message: 'CSRF token mismatch.', code: 'CSRF_TOKEN_MISMATCH' });
  });

  it('asks a path that reaches an /api route through percent-encoding (/%61pi/logout)', async () => {
    const { session } = await registerUser(app);
    const { 'x-xsrf-token': _omitted, ...withoutHeader } = session.headers();
    const response = await app.inject({ method: 'POST', url: '/%61pi/logout', headers: withoutHeader });
    expect(response.statusCode).toBe(419);
    expect(response.json()).toEqual({ message: 'CSRF token mismatch.', code: 'CSRF_TOKEN_MISMATCH' });
    expect((await call(app, session, 'GET', '/api/is-auth')).json()).toEqual({ authenticated: true });
  });

  it('answers 419 on every unsafe /api route of the app without the header, however the path is spelt', async () => {
    const { session } = await registerUser(app);
    const { 'x-xsrf-token': _omitted, ...withoutHeader } = session.headers();
    const checked: string[] = [];
    for (const route of app.routes) {
      if (!route.url.startsWith('/api/') || route.config?.csrf === false) continue;
      const methods = [route.method].flat().filter((method) => UNSAFE_METHODS.some((m) => m === method));
      const path = route.url.replace(/:\w+/g, 'x').replace(/\*/g, 'x');
      for (const method of methods) {
        for (const url of [path, path.replace(/^\/api\//, '/%61pi/'), path.replace(/^\/api\//, '/ap%69/')]) {
          const response = await app.inject({
            method: method as (typeof UNSAFE_METHODS)[number],
            url,
            headers: withoutHeader,
          });
          expect(response.statusCode, `${method} ${url}`).toBe(419);
        }
        checked.push(`${method} ${route.url}`);
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'POST /api/logout',
        'POST /api/login',
        'PUT /api/user/profile',
        'DELETE /api/user/delete',
        'POST /api/user/change-password',
        'POST /api/reset-password',
      ]),
    );
    // Still signed in: none of them did anything.
    expect((await call(app, session, 'GET', '/api/is-auth')).json()).toEqual({ authenticated: true });
  });

  it('answers 419 without any session, and with a token of another session', async () => {
    const none = await app.inject({ method: 'POST', url: '/api/test/echo', payload: {} });
    expect(none.statusCode).toBe(419);
    const mine = await startBrowserSession(app);
    const theirs = await startBrowserSession(app);
    const crossed = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...mine.headers(), 'x-xsrf-token': theirs.jar['XSRF-TOKEN'] ?? '' },
    });
    expect(crossed.statusCode).toBe(419);
  });

  it('lets a request through that echoes its session token', async () => {
    const session = await startBrowserSession(app);
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', headers: session.headers() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'OK', payload: 'changed' });
  });

  it('answers 419 once the session has been idle past its lifetime', async () => {
    const session = await startBrowserSession(app);
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.csrfToken, session.jar['XSRF-TOKEN'] ?? ''));
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', headers: session.headers() });
    expect(response.statusCode).toBe(419);
  });

  it('does not ask routes marked csrf: false (server-to-server webhooks)', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/webhook', payload: {} });
    expect(response.statusCode).toBe(200);
  });

  it('never asks safe requests', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/settings' });
    expect(response.statusCode).toBe(200);
  });

  it('ends a session older than SESSION_MAX_DAYS even while it is in use', async () => {
    const { session } = await registerUser(app);
    const token = session.jar['XSRF-TOKEN'] ?? '';
    expect((await call(app, session, 'GET', '/api/is-auth')).json()).toEqual({ authenticated: true });
    await app.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 7 * 24 * 3600_000 - 60_000), lastSeenAt: new Date() })
      .where(eq(sessions.csrfToken, token));
    expect((await call(app, session, 'GET', '/api/is-auth')).json()).toEqual({ authenticated: false });
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', headers: session.headers() });
    expect(response.statusCode).toBe(419);
  });

  it('extends an idle session that is used, refreshing its cookies', async () => {
    const session = await startBrowserSession(app);
    const token = session.jar['XSRF-TOKEN'] ?? '';
    const stale = new Date(Date.now() - 10 * 60_000);
    await app.db.update(sessions).set({ lastSeenAt: stale }).where(eq(sessions.csrfToken, token));
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', headers: session.headers() });
    expect(response.cookies.map((cookie) => cookie.name).sort()).toEqual([
      'XSRF-TOKEN',
      'promptmarket_session',
    ]);
    const [row] = await app.db.select().from(sessions).where(eq(sessions.csrfToken, token));
    expect(row?.lastSeenAt.getTime()).toBeGreaterThan(stale.getTime());
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 119 * 60_000);
  });
});

describe('deleteExpiredSessions', () => {
  it('removes only the sessions idle past their lifetime or older than the cap', async () => {
    const live = await startBrowserSession(app);
    const stale = await startBrowserSession(app);
    const old = await startBrowserSession(app);
    const staleToken = stale.jar['XSRF-TOKEN'] ?? '';
    const oldToken = old.jar['XSRF-TOKEN'] ?? '';
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.csrfToken, staleToken));
    await app.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 3600_000) })
      .where(eq(sessions.csrfToken, oldToken));
    expect(await deleteExpiredSessions(app.db, 7)).toBeGreaterThanOrEqual(2);
    const left = await app.db.select({ token: sessions.csrfToken }).from(sessions);
    expect(left.map((row) => row.token)).toContain(live.jar['XSRF-TOKEN']);
    expect(left.map((row) => row.token)).not.toContain(staleToken);
    expect(left.map((row) => row.token)).not.toContain(oldToken);
  });
});

describe('TRUST_PROXY', () => {
  it('ignores X-Forwarded-For by default', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/ip',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(response.json()).toEqual({ ip: '127.0.0.1' });
  });
});

describe('TRUST_PROXY as a number of hops', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: '1' }, testRoutes);
  });
  afterAll(() => proxied.close());

  it('takes the address the nearest proxy saw, not what the client wrote before it', async () => {
    const response = await proxied.inject({
      method: 'GET',
      url: '/api/test/ip',
      remoteAddress: '192.0.2.1',
      headers: { 'x-forwarded-for': '203.0.113.5, 198.51.100.7' },
    });
    expect(response.json()).toEqual({ ip: '198.51.100.7' });
  });
});

describe('behind https, with a trusted proxy', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp(
      { APP_URL: 'https://shop.test', TRUST_PROXY: '127.0.0.1,10.0.0.0/8' },
      testRoutes,
    );
  });
  afterAll(() => secure.close());

  it('names the session cookie __Host-: Secure, Path=/, no Domain', async () => {
    const response = await secure.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    const session = response.cookies.find((cookie) => cookie.name === '__Host-promptmarket_session');
    expect(session).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(session?.domain).toBeUndefined();
    expect(response.cookies.map((cookie) => cookie.name).sort()).toEqual([
      'XSRF-TOKEN',
      '__Host-promptmarket_session',
    ]);
  });

  it('reads the session from the __Host- cookie only', async () => {
    const { session } = await registerUser(secure);
    expect((await call(secure, session, 'GET', '/api/is-auth')).json()).toEqual({ authenticated: true });
    const value = session.jar['__Host-promptmarket_session'] ?? '';
    const planted = await secure.inject({
      method: 'GET',
      url: '/api/is-auth',
      headers: { cookie: `promptmarket_session=${value}` },
    });
    expect(planted.json()).toEqual({ authenticated: false });
  });

  it('takes the client address from X-Forwarded-For only when the proxy is trusted', async () => {
    const viaProxy = await secure.inject({
      method: 'GET',
      url: '/api/test/ip',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(viaProxy.json()).toEqual({ ip: '203.0.113.9' });
    const direct = await secure.inject({
      method: 'GET',
      url: '/api/test/ip',
      remoteAddress: '192.0.2.50',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(direct.json()).toEqual({ ip: '192.0.2.50' });
  });
});
