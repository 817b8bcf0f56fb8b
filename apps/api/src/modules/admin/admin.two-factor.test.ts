import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../lib/totp';
import { type BrowserSession, call, registerVerifiedUser, strongPassword } from '../../test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from '../../test/app';
import { ensureAdmin, resetTwoFactorOf } from '../accounts/accounts.bootstrap';
import { twoFactorRecoveryCodes, users } from '../accounts/accounts.tables';
import { adminAudit } from '../audit/audit.tables';
import { adminRouteTable } from './admin.routes';

let app: TestApp;
const email = 'keeper@example.test';

async function logIn(body: Record<string, unknown>) {
  const session = await startBrowserSession(app);
  const response = await call(app, session, 'POST', '/api/login', {
    email,
    password: strongPassword,
    ...body,
  });
  return { session, response };
}

async function signedIn(session: BrowserSession) {
  return (await call(app, session, 'GET', '/api/is-auth')).json().authenticated as boolean;
}

/** Lets the next code be used in the same 30 seconds as the last one (replay is tested on its own). */
async function forgetLastCode() {
  await app.db.update(users).set({ totpLastStep: null }).where(eq(users.email, email));
}

async function auditCount(action: string) {
  const rows = await app.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.action, action)));
  return rows.length;
}

let secret = '';

beforeAll(async () => {
  app = await createTestApp();
  await ensureAdmin(app.db, email, strongPassword);
});
afterAll(() => app?.close());

describe('two-factor sign-in for admins', () => {
  it('is for admins only', async () => {
    const { session } = await registerVerifiedUser(app);
    expect((await call(app, session, 'POST', '/api/admin/two-factor/setup')).statusCode).toBe(403);
    const guest = await startBrowserSession(app);
    expect((await call(app, guest, 'GET', '/api/admin/two-factor')).statusCode).toBe(401);
  });

  it('makes a key shown once as a QR code, sealed at rest, and not on until a code confirms it', async () => {
    const { session } = await logIn({});
    expect((await call(app, session, 'GET', '/api/admin/two-factor')).json().payload).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });
    const setup = await call(app, session, 'POST', '/api/admin/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const payload = setup.json().payload;
    secret = payload.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(payload.uri).toContain(`secret=${secret}`);
    expect(payload.uri).toMatch(/^otpauth:\/\/totp\/PromptMarket:keeper%40example\.test\?/);
    expect(payload.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(payload.qr.split(',')[1], 'base64').toString()).toContain('<svg');

    const [row] = await app.db.select().from(users).where(eq(users.email, email));
    expect(row?.totpSecret).toBeTruthy();
    expect(row?.totpSecret).not.toContain(secret);
    expect(row?.totpEnabledAt).toBeNull();

    // Not on yet: the password alone still signs in.
    const plain = await logIn({});
    expect(plain.response.statusCode).toBe(200);

    const wrong = await call(app, session, 'POST', '/api/admin/two-factor/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual(['This code is not correct or has already been used.']);
    const empty = await call(app, session, 'POST', '/api/admin/two-factor/enable', {});
    expect(empty.json().errors.code).toEqual(['Enter the 6-digit code from your authenticator app.']);

    const on = await call(app, session, 'POST', '/api/admin/two-factor/enable', {
      code: totpCode(secret, Date.now()),
    });
    expect(on.statusCode).toBe(200);
    expect(on.headers['cache-control']).toBe('no-store');
    expect(on.json().payload.recovery_codes).toHaveLength(10);
    expect((await call(app, session, 'GET', '/api/admin/two-factor')).json().payload).toEqual({
      enabled: true,
      recovery_codes_left: 10,
    });
    expect(await auditCount('two_factor.enable')).toBe(1);
    // The session that turned it on goes on; the one signed in with the password alone ends.
    expect(await signedIn(session)).toBe(true);
    expect(await signedIn(plain.session)).toBe(false);

    const again = await call(app, session, 'POST', '/api/admin/two-factor/setup');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code).toEqual(['Two-factor sign-in is already on.']);
  });

  it('asks for the code after the password, in the caller’s language, and signs in only with it', async () => {
    const missing = await logIn({});
    expect(missing.response.statusCode).toBe(422);
    expect(missing.response.json().errors).toEqual({
      code: ['Enter the 6-digit code from your authenticator app.'],
    });
    expect(await signedIn(missing.session)).toBe(false);

    const german = await startBrowserSession(app);
    const inGerman = await call(
      app,
      german,
      'POST',
      '/api/login',
      { email, password: strongPassword },
      { 'frontend-language': 'de' },
    );
    expect(inGerman.json().errors.code).toEqual([
      'Gib den 6-stelligen Code aus deiner Authenticator-App ein.',
    ]);

    // A wrong password never reaches the question of the code.
    const badPassword = await logIn({ password: 'not the password at all', code: '123456' });
    expect(badPassword.response.json().errors).toEqual({
      email: ['These credentials do not match our records.'],
    });

    const wrong = await logIn({ code: '000000' });
    expect(wrong.response.statusCode).toBe(422);
    expect(wrong.response.json().errors.code).toEqual(['This code is not correct or has already been used.']);
    expect(await signedIn(wrong.session)).toBe(false);

    await forgetLastCode();
    const code = totpCode(secret, Date.now());
    const right = await logIn({ code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(right.response.statusCode).toBe(200);
    expect(await signedIn(right.session)).toBe(true);

    // The same code never works twice.
    const replay = await logIn({ code });
    expect(replay.response.statusCode).toBe(422);
    expect(replay.response.json().errors.code).toEqual([
      'This code is not correct or has already been used.',
    ]);
  });

  it('lets two requests racing with one code sign in only once', async () => {
    await forgetLastCode();
    const code = totpCode(secret, Date.now());
    const answers = await Promise.all([logIn({ code }), logIn({ code })]);
    expect(answers.map((answer) => answer.response.statusCode).sort()).toEqual([200, 422]);
  });

  it('turns off only with the password and a current code', async () => {
    await forgetLastCode();
    const { session } = await logIn({ code: totpCode(secret, Date.now()) });
    await forgetLastCode();
    const wrongPassword = await call(app, session, 'POST', '/api/admin/two-factor/disable', {
      password: 'not the password at all',
      code: totpCode(secret, Date.now()),
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().errors.password).toEqual(['The password is incorrect.']);
    const wrongCode = await call(app, session, 'POST', '/api/admin/two-factor/disable', {
      password: strongPassword,
      code: '000000',
    });
    expect(wrongCode.statusCode).toBe(422);
    expect((await call(app, session, 'GET', '/api/admin/two-factor')).json().payload.enabled).toBe(true);

    const off = await call(app, session, 'POST', '/api/admin/two-factor/disable', {
      password: strongPassword,
      code: totpCode(secret, Date.now()),
    });
    expect(off.statusCode).toBe(200);
    expect(await auditCount('two_factor.disable')).toBe(1);
    const [row] = await app.db.select().from(users).where(eq(users.email, email));
    expect(row?.totpSecret).toBeNull();
    expect((await logIn({})).response.statusCode).toBe(200);
  });

  it('counts wrong codes per account: the sixth in a window waits', async () => {
    const { session } = await logIn({});
    const setup = await call(app, session, 'POST', '/api/admin/two-factor/setup');
    secret = setup.json().payload.secret;
    await call(app, session, 'POST', '/api/admin/two-factor/enable', { code: totpCode(secret, Date.now()) });
    const tries = [];
    for (let attempt = 0; attempt < 6; attempt++) tries.push((await logIn({ code: '000000' })).response);
    expect(tries.slice(0, 5).map((answer) => answer.statusCode)).toEqual([422, 422, 422, 422, 422]);
    expect(tries[5]?.statusCode).toBe(429);
    expect(Number(tries[5]?.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right code waits now.
    await forgetLastCode();
    expect((await logIn({ code: totpCode(secret, Date.now()) })).response.statusCode).toBe(429);
  });

  it('is turned off by the command line for an admin who lost the phone', async () => {
    expect((await logIn({})).response.statusCode).not.toBe(200);
    await resetTwoFactorOf(app.db, email.toUpperCase());
    expect((await logIn({})).response.statusCode).toBe(200);
  });
});

describe('the back office without two-factor sign-in', () => {
  it('is required: an admin without it gets only its setup from the back office', async () => {
    const address = 'newcomer@example.test';
    await ensureAdmin(app.db, address, strongPassword);
    const session = await startBrowserSession(app);
    expect(
      (await call(app, session, 'POST', '/api/login', { email: address, password: strongPassword }))
        .statusCode,
    ).toBe(200);
    const table = [...adminRouteTable.values()];
    const setupRoutes = table.filter((route) => route.url.startsWith('/api/admin/two-factor'));
    expect(setupRoutes.length).toBe(5);
    for (const route of table) {
      if (setupRoutes.includes(route)) continue;
      const url = route.url.replace(':id', '1').replace(':field', 'document_front');
      const method = route.method as 'GET' | 'POST';
      const answer = await call(app, session, method, url, method === 'GET' ? undefined : {});
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json(), url).toEqual({
        message: 'Turn on two-factor sign-in to use the back office.',
        code: 'TWO_FACTOR_SETUP_REQUIRED',
      });
    }
    expect((await call(app, session, 'GET', '/api/admin/two-factor')).json().payload).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });
    const setup = await call(app, session, 'POST', '/api/admin/two-factor/setup');
    const on = await call(app, session, 'POST', '/api/admin/two-factor/enable', {
      code: totpCode(setup.json().payload.secret, Date.now()),
    });
    expect(on.statusCode).toBe(200);
    expect((await call(app, session, 'GET', '/api/admin/stats')).statusCode).toBe(200);
  });
});

describe('recovery codes', () => {
  const address = 'forgetful@example.test';
  let key = '';
  let codes: string[] = [];

  async function signIn(code?: string) {
    const session = await startBrowserSession(app);
    const response = await call(app, session, 'POST', '/api/login', {
      email: address,
      password: strongPassword,
      ...(code === undefined ? {} : { code }),
    });
    return { session, response };
  }

  beforeAll(async () => {
    await ensureAdmin(app.db, address, strongPassword);
    const { session } = await signIn();
    key = (await call(app, session, 'POST', '/api/admin/two-factor/setup')).json().payload.secret;
    const on = await call(app, session, 'POST', '/api/admin/two-factor/enable', {
      code: totpCode(key, Date.now()),
    });
    codes = on.json().payload.recovery_codes;
  });

  it('are ten different codes, shown once and kept only as hashes', async () => {
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    const stored = await app.db.select().from(twoFactorRecoveryCodes);
    const hashes = stored.map((row) => row.codeHash).join(' ');
    for (const code of codes) {
      expect(hashes).not.toContain(code);
      expect(hashes).not.toContain(code.replace('-', ''));
    }
  });

  it('each sign in once in place of a code, typed in any case, with or without the hyphen', async () => {
    const [first, second] = codes;
    const used = await signIn(first?.toUpperCase().replace('-', ' '));
    expect(used.response.statusCode).toBe(200);
    expect(await signedIn(used.session)).toBe(true);
    const again = await signIn(first);
    expect(again.response.statusCode).toBe(422);
    expect(again.response.json().errors.code).toEqual(['This code is not correct or has already been used.']);
    expect((await signIn('abcde-fghjk')).response.statusCode).toBe(422);
    // Two requests racing with one code: one signs in.
    const raced = await Promise.all([signIn(second), signIn(second)]);
    expect(raced.map((answer) => answer.response.statusCode).sort()).toEqual([200, 422]);
    const { session } = await signIn(codes[2]);
    expect(
      (await call(app, session, 'GET', '/api/admin/two-factor')).json().payload.recovery_codes_left,
    ).toBe(7);
  });

  it("are another admin's no way in", async () => {
    await ensureAdmin(app.db, 'other-keeper@example.test', strongPassword);
    const session = await startBrowserSession(app);
    await call(app, session, 'POST', '/api/login', {
      email: 'other-keeper@example.test',
      password: strongPassword,
    });
    const otherKey = (await call(app, session, 'POST', '/api/admin/two-factor/setup')).json().payload.secret;
    await call(app, session, 'POST', '/api/admin/two-factor/enable', {
      code: totpCode(otherKey, Date.now()),
    });
    const stranger = await startBrowserSession(app);
    const answer = await call(app, stranger, 'POST', '/api/login', {
      email: 'other-keeper@example.test',
      password: strongPassword,
      code: codes[3],
    });
    expect(answer.statusCode).toBe(422);
    expect((await signIn(codes[3])).response.statusCode).toBe(200);
  });

  it('are made anew with the password and a code, which ends the old set, audited', async () => {
    const { session } = await signIn(codes[4]);
    const refused = await call(app, session, 'POST', '/api/admin/two-factor/recovery-codes', {
      password: 'not the password at all',
      code: codes[5],
    });
    expect(refused.statusCode).toBe(422);
    const made = await call(app, session, 'POST', '/api/admin/two-factor/recovery-codes', {
      password: strongPassword,
      code: codes[5],
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.headers['cache-control']).toBe('no-store');
    const fresh: string[] = made.json().payload.recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => codes.includes(code))).toEqual([]);
    expect(await auditCount('two_factor.recovery_codes')).toBe(1);
    expect((await signIn(codes[6])).response.statusCode).toBe(422);
    expect((await signIn(fresh[0])).response.statusCode).toBe(200);
    codes = fresh;
  });

  it('turn two-factor sign-in off when the phone is lost, and go with it', async () => {
    const { session } = await signIn(codes[1]);
    const off = await call(app, session, 'POST', '/api/admin/two-factor/disable', {
      password: strongPassword,
      code: codes[2],
    });
    expect(off.statusCode, off.body).toBe(200);
    const [user] = await app.db.select().from(users).where(eq(users.email, address));
    expect(
      await app.db
        .select()
        .from(twoFactorRecoveryCodes)
        .where(eq(twoFactorRecoveryCodes.userId, user?.id ?? '')),
    ).toEqual([]);
    expect((await signIn()).response.statusCode).toBe(200);
  });

  it('do not turn two-factor sign-in on: that takes a code from the app', async () => {
    const { session } = await signIn();
    await call(app, session, 'POST', '/api/admin/two-factor/setup');
    const refused = await call(app, session, 'POST', '/api/admin/two-factor/enable', { code: codes[3] });
    expect(refused.statusCode).toBe(422);
  });
});
