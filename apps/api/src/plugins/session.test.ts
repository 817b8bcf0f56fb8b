import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredSessions } from '../modules/session/session.service';
import { sessions } from '../modules/session/session.tables';
import { createTestApp, startBrowserSession, type TestApp } from '../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({}, (instance) => {
    instance.post('/api/test/echo', async () => ({ status: 'OK', payload: 'changed' }));
    instance.post('/api/test/webhook', { config: { csrf: false } }, async () => ({
      status: 'OK',
      payload: 'hook',
    }));
  });
});
afterAll(() => app.close());

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

describe('CSRF protection', () => {
  it('answers 419 to an unsafe request without the X-XSRF-TOKEN header', async () => {
    const session = await startBrowserSession(app);
    const { 'x-xsrf-token': _omitted, ...withoutHeader } = session.headers();
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', headers: withoutHeader });
    expect(response.statusCode).toBe(419);
    expect(response.json()).toEqual({ message: 'CSRF token mismatch.' });
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
  it('removes only the sessions idle past their lifetime', async () => {
    const live = await startBrowserSession(app);
    const stale = await startBrowserSession(app);
    const staleToken = stale.jar['XSRF-TOKEN'] ?? '';
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.csrfToken, staleToken));
    expect(await deleteExpiredSessions(app.db)).toBeGreaterThanOrEqual(1);
    const left = await app.db.select({ token: sessions.csrfToken }).from(sessions);
    expect(left.map((row) => row.token)).toContain(live.jar['XSRF-TOKEN']);
    expect(left.map((row) => row.token)).not.toContain(staleToken);
  });
});
