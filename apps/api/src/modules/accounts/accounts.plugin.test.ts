import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser } from '../../test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from '../../test/app';
import { requireRole, signedInUser } from './accounts.plugin';
import { users } from './accounts.tables';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({}, async (instance) => {
    // A back-office scope as the admin modules will declare it.
    await instance.register(async (scope) => {
      scope.addHook('preValidation', requireRole('admin'));
      scope.get('/api/test/admin-only', async (request) => ({ email: signedInUser(request).email }));
      scope.post('/api/test/admin-only', async () => ({ status: 'OK' }));
    });
  });
});
afterAll(() => app.close());

describe('requireRole("admin")', () => {
  it('answers a guest 401 Unauthenticated.', async () => {
    const session = await startBrowserSession(app);
    const response = await call(app, session, 'GET', '/api/test/admin-only');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.', code: 'UNAUTHENTICATED' });
  });

  it('answers a signed-in user without the role 403', async () => {
    const { session } = await registerUser(app);
    const response = await call(app, session, 'GET', '/api/test/admin-only');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This action is unauthorized.', code: 'FORBIDDEN' });
  });

  it('lets an admin through, and the handler reads the admin from the request', async () => {
    const { session, email } = await registerUser(app);
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.email, email));
    const response = await call(app, session, 'GET', '/api/test/admin-only');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email });
  });

  it('still refuses a forged unsafe request before the role is looked at', async () => {
    const { session, email } = await registerUser(app);
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.email, email));
    const forged = await call(app, session, 'POST', '/api/test/admin-only', {}, { 'x-xsrf-token': 'forged' });
    expect(forged.statusCode).toBe(419);
    const real = await call(app, session, 'POST', '/api/test/admin-only', {});
    expect(real.statusCode).toBe(200);
  });
});

describe('requireUser on the account routes', () => {
  it('answers a guest 401 before looking at the input', async () => {
    const session = await startBrowserSession(app);
    const response = await call(app, session, 'PUT', '/api/user/profile', { email: 'not an address' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.', code: 'UNAUTHENTICATED' });
  });
});
