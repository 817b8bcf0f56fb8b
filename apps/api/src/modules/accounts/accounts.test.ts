import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  lastMailTo,
  linkIn,
  randomAddress,
  registerUser,
  strongPassword,
  uniqueEmail,
} from '../../test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from '../../test/app';
import { forgetSiteCache } from '../site/site.service';
import { settings } from '../site/site.tables';
import { requireUser } from './accounts.plugin';
import { RESET_ANSWER_FLOOR_MS } from './accounts.service';
import { passwordResetTokens, users } from './accounts.tables';
import { signVerification } from './signed-link';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({}, async (instance) => {
    await instance.register(async (scope) => {
      scope.addHook('preValidation', requireUser({ verified: true }));
      scope.get('/api/test/verified-only', async () => ({ status: 'OK' }));
    });
  });
});
afterAll(() => app.close());

async function setSetting(key: string, value: unknown) {
  await app.db
    .insert(settings)
    .values({ key, value: JSON.stringify(value) })
    .onConflictDoUpdate({ target: settings.key, set: { value: JSON.stringify(value) } });
  forgetSiteCache(app.db);
}

describe('POST /api/register', () => {
  it('creates the account, signs it in with a new session id and queues a verification mail', async () => {
    const session = await startBrowserSession(app);
    const anonymous = session.jar.promptmarket_session;
    const email = uniqueEmail('new');
    const response = await call(app, session, 'POST', '/api/register', {
      first_name: 'Grace',
      last_name: 'Hopper',
      email,
      phone: '+49 30 1234567',
      password: strongPassword,
      password_confirmation: strongPassword,
      terms: 'on',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'OK',
      payload: {
        id: expect.any(String),
        first_name: 'Grace',
        last_name: 'Hopper',
        email,
        phone: '+49 30 1234567',
        is_email_verified: false,
        verification_data: { status: null, reason: null },
        balance: 0,
        balance_eur: 0,
        cart_count: 0,
        role: 'user',
        locale: 'en',
      },
    });
    expect(session.jar.promptmarket_session).not.toBe(anonymous);
    expect(response.body).not.toContain('password');
    const mail = await lastMailTo(app, email);
    expect(mail.subject).toBe('Verify your e-mail address');
    expect(linkIn(mail.text).pathname).toMatch(/^\/en\/email\/verify\/[0-9a-f-]{36}\/[0-9a-f]{40}$/);
    const [row] = await app.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses an address already in use, whatever its capitals', async () => {
    const { email } = await registerUser(app);
    const session = await startBrowserSession(app);
    const response = await call(app, session, 'POST', '/api/register', {
      first_name: 'A',
      last_name: 'B',
      email: email.toUpperCase(),
      password: strongPassword,
      password_confirmation: strongPassword,
      terms: true,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['The email has already been taken.'] });
  });

  it('names every invalid field with its text', async () => {
    const session = await startBrowserSession(app);
    const response = await call(app, session, 'POST', '/api/register', {
      first_name: ' ',
      email: 'not-an-email',
      password: 'short',
      password_confirmation: 'other',
      terms: false,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
      email: ['Please enter a valid email'],
      password: ['The password must be at least 8 characters.'],
      terms: ['You must accept the terms and conditions.'],
    });
  });

  it('asks for a matching confirmation once the fields themselves are valid', async () => {
    const session = await startBrowserSession(app);
    const response = await call(app, session, 'POST', '/api/register', {
      first_name: 'A',
      last_name: 'B',
      email: uniqueEmail(),
      password: strongPassword,
      password_confirmation: 'something else',
      terms: true,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      password_confirmation: ['The password confirmation does not match.'],
    });
  });

  it('refuses passwords over 128 characters and answers in the caller’s language', async () => {
    const session = await startBrowserSession(app);
    const long = 'x'.repeat(129);
    const response = await call(
      app,
      session,
      'POST',
      '/api/register',
      {
        first_name: 'A',
        last_name: 'B',
        email: uniqueEmail(),
        password: long,
        password_confirmation: long,
        terms: true,
      },
      { 'frontend-language': 'de' },
    );
    expect(response.json()).toEqual({
      message: 'Das Passwort darf höchstens 128 Zeichen lang sein.',
      errors: { password: ['Das Passwort darf höchstens 128 Zeichen lang sein.'] },
      code: 'VALIDATION_FAILED',
    });
  });

  it('answers 403 while registration is switched off', async () => {
    await setSetting('is_reg_enabled', false);
    const session = await startBrowserSession(app);
    const form = {
      first_name: 'A',
      last_name: 'B',
      email: uniqueEmail(),
      password: strongPassword,
      password_confirmation: strongPassword,
      terms: true,
    };
    const response = await call(app, session, 'POST', '/api/register', form);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Registration is currently closed.', code: 'FORBIDDEN' });
    const german = await call(app, session, 'POST', '/api/register', form, { 'frontend-language': 'de' });
    expect(german.json()).toEqual({
      message: 'Die Registrierung ist derzeit geschlossen.',
      code: 'FORBIDDEN',
    });
    await setSetting('is_reg_enabled', true);
  });

  it('answers 419 without the XSRF header', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/register', payload: {} });
    expect(response.statusCode).toBe(419);
  });
});

describe('POST /api/login', () => {
  it('accepts {email, password} and {username, password}, renewing the session id each time', async () => {
    const { email } = await registerUser(app);
    const session = await startBrowserSession(app);
    const before = session.jar.promptmarket_session;
    const byEmail = await call(app, session, 'POST', '/api/login', { email, password: strongPassword });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json()).toMatchObject({ status: 'OK', payload: { email } });
    expect(session.jar.promptmarket_session).not.toBe(before);

    const other = await startBrowserSession(app);
    const byUsername = await call(app, other, 'POST', '/api/login', {
      username: email,
      password: strongPassword,
    });
    expect(byUsername.statusCode).toBe(200);
    expect((await call(app, other, 'GET', '/api/is-auth')).json()).toEqual({ authenticated: true });
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const { email } = await registerUser(app);
    const session = await startBrowserSession(app);
    const ip = randomAddress();
    const wrong = await call(
      app,
      session,
      'POST',
      '/api/login',
      { email, password: 'not the password' },
      {},
      ip,
    );
    const unknown = await call(
      app,
      session,
      'POST',
      '/api/login',
      { email: uniqueEmail(), password: 'whatever1' },
      {},
      ip,
    );
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'These credentials do not match our records.',
        errors: { email: ['These credentials do not match our records.'] },
        code: 'VALIDATION_FAILED',
      });
    }
  });

  async function login(email: string, password: string, ip: string) {
    const session = await startBrowserSession(app);
    return call(app, session, 'POST', '/api/login', { email, password }, {}, ip);
  }

  it('blocks an account from one address after 5 failures: 429 with Retry-After, even for the right password', async () => {
    const { email } = await registerUser(app);
    const ip = randomAddress();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login(email, 'wrong-password', ip)).statusCode).toBe(422);
    }
    const blocked = await login(email, strongPassword, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json()).toEqual({ message: 'Too Many Attempts.', code: 'TOO_MANY_REQUESTS' });
    // Guesses from one address do not lock the owner out from theirs.
    expect((await login(email, strongPassword, randomAddress())).statusCode).toBe(200);
  });

  it('still signs in a second account from an address whose first account is blocked', async () => {
    const { email: first } = await registerUser(app);
    const { email: second } = await registerUser(app);
    const ip = randomAddress();
    for (let attempt = 1; attempt <= 5; attempt += 1) await login(first, 'wrong-password', ip);
    expect((await login(first, strongPassword, ip)).statusCode).toBe(429);
    expect((await login(second, strongPassword, ip)).statusCode).toBe(200);
  });

  it('blocks an address only after 100 failures across accounts in 15 minutes', async () => {
    const ip = randomAddress();
    const { email } = await registerUser(app);
    for (let attempt = 1; attempt <= 100; attempt += 1) {
      const response = await login(uniqueEmail('guess'), 'wrong-pass', ip);
      expect(response.statusCode, `attempt ${attempt}`).toBe(422);
    }
    const blocked = await login(email, strongPassword, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(email, strongPassword, randomAddress())).statusCode).toBe(200);
  });

  it('clears the counter of account and address after a successful login', async () => {
    const { email } = await registerUser(app);
    const ip = randomAddress();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await login(email, 'wrong-pass', ip)).statusCode).toBe(422);
    }
    expect((await login(email, strongPassword, ip)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login(email, 'wrong-pass', ip)).statusCode).toBe(422);
    }
    expect((await login(email, 'wrong-pass', ip)).statusCode).toBe(429);
  });
});

describe('registration rate limit', () => {
  it('accepts 10 registrations an hour from one IP address, then answers 429', async () => {
    const ip = randomAddress();
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      const session = await startBrowserSession(app);
      const response = await call(
        app,
        session,
        'POST',
        '/api/register',
        {
          first_name: 'A',
          last_name: 'B',
          email: uniqueEmail('burst'),
          password: strongPassword,
          password_confirmation: strongPassword,
          terms: true,
        },
        {},
        ip,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('session and profile', () => {
  it('reports is-auth, serves the profile only to its owner and logs out', async () => {
    const guest = await startBrowserSession(app);
    expect((await call(app, guest, 'GET', '/api/is-auth')).json()).toEqual({ authenticated: false });
    const anonymousProfile = await call(app, guest, 'GET', '/api/user/profile');
    expect(anonymousProfile.statusCode).toBe(401);
    expect(anonymousProfile.json()).toEqual({ message: 'Unauthenticated.', code: 'UNAUTHENTICATED' });

    const { session, email } = await registerUser(app);
    expect((await call(app, session, 'GET', '/api/user/profile')).json().payload.email).toBe(email);
    expect((await call(app, session, 'POST', '/api/logout')).json()).toEqual({ status: 'OK' });
    expect((await call(app, session, 'GET', '/api/is-auth')).json()).toEqual({ authenticated: false });
  });

  it('merges profile changes; a new e-mail address must be verified again', async () => {
    const { session, email } = await registerUser(app);
    const [row] = await app.db.select().from(users).where(eq(users.email, email));
    await app.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, row?.id ?? ''));

    const renamed = await call(app, session, 'PUT', '/api/user/profile', { first_name: 'Augusta' });
    expect(renamed.json().payload).toMatchObject({
      first_name: 'Augusta',
      last_name: 'Lovelace',
      is_email_verified: true,
    });

    const newEmail = uniqueEmail('moved');
    const moved = await call(app, session, 'PUT', '/api/user/profile', {
      email: newEmail,
      current_password: strongPassword,
    });
    expect(moved.json().payload).toMatchObject({ email: newEmail, is_email_verified: false });
    expect((await lastMailTo(app, newEmail)).subject).toBe('Verify your e-mail address');

    const { email: taken } = await registerUser(app);
    const clash = await call(app, session, 'PUT', '/api/user/profile', {
      email: taken,
      current_password: strongPassword,
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.email).toEqual(['The email has already been taken.']);
  });

  it('asks for the current password to change the e-mail address, in the caller’s language', async () => {
    const { session, email } = await registerUser(app);
    const newEmail = uniqueEmail('taken-over');
    const missing = await call(app, session, 'PUT', '/api/user/profile', { email: newEmail });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: ['Current password is required'] });
    const wrong = await call(
      app,
      session,
      'PUT',
      '/api/user/profile',
      { email: newEmail, current_password: 'not the password' },
      { 'frontend-language': 'de' },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['Das aktuelle Passwort ist falsch.'] });
    const profile = await call(app, session, 'GET', '/api/user/profile');
    expect(profile.json().payload.email).toBe(email);
    // Other fields need no password.
    const renamed = await call(app, session, 'PUT', '/api/user/profile', { last_name: 'Byron', email });
    expect(renamed.statusCode).toBe(200);
  });

  it('tells the old address, in the account’s language, that the e-mail address was changed', async () => {
    const { session, email, profile } = await registerUser(app);
    await app.db.update(users).set({ locale: 'pl' }).where(eq(users.id, profile.id));
    const newEmail = uniqueEmail('new-home');
    const moved = await call(
      app,
      session,
      'PUT',
      '/api/user/profile',
      { email: newEmail, current_password: strongPassword },
      { 'frontend-language': 'fr' },
    );
    expect(moved.statusCode).toBe(200);
    const notice = await lastMailTo(app, email);
    expect(notice.subject).toBe('Adres e-mail Twojego konta został zmieniony');
    expect(notice.text).toContain('Cześć Ada');
    expect(notice.text).not.toContain(newEmail);
    expect((await lastMailTo(app, newEmail)).subject).toBe('Confirmez votre adresse e-mail');
  });

  it('limits e-mail changes, password changes and deletions to 5 password checks per user in 15 minutes', async () => {
    const attempts: [
      string,
      (
        session: Awaited<ReturnType<typeof registerUser>>['session'],
        password: string,
      ) => ReturnType<typeof call>,
    ][] = [
      [
        'e-mail change',
        (session, password) =>
          call(app, session, 'PUT', '/api/user/profile', {
            email: uniqueEmail('limited'),
            current_password: password,
          }),
      ],
      [
        'password change',
        (session, password) =>
          call(app, session, 'POST', '/api/user/change-password', {
            current_password: password,
            password: 'a brand new secret',
            password_confirmation: 'a brand new secret',
          }),
      ],
      ['deletion', (session, password) => call(app, session, 'DELETE', '/api/user/delete', { password })],
    ];
    for (const [name, attempt] of attempts) {
      const { session } = await registerUser(app);
      for (let count = 1; count <= 5; count += 1) {
        expect((await attempt(session, 'wrong password')).statusCode, `${name} ${count}`).toBe(422);
      }
      const blocked = await attempt(session, strongPassword);
      expect(blocked.statusCode, name).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('changes the password after checking the current one, ending the other sessions', async () => {
    const { session, email } = await registerUser(app);
    const elsewhere = await startBrowserSession(app);
    await call(app, elsewhere, 'POST', '/api/login', { email, password: strongPassword });

    const wrong = await call(app, session, 'POST', '/api/user/change-password', {
      current_password: 'not it at all',
      password: 'a brand new secret',
      password_confirmation: 'a brand new secret',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['The current password is incorrect.'] });

    const changed = await call(app, session, 'POST', '/api/user/change-password', {
      current_password: strongPassword,
      password: 'a brand new secret',
      password_confirmation: 'a brand new secret',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(app, session, 'GET', '/api/user/profile')).statusCode).toBe(200);
    expect((await call(app, elsewhere, 'GET', '/api/user/profile')).statusCode).toBe(401);
    const again = await startBrowserSession(app);
    expect(
      (await call(app, again, 'POST', '/api/login', { email, password: 'a brand new secret' })).statusCode,
    ).toBe(200);
  });

  it('deletes an account with its password, leaving no personal data and freeing the address', async () => {
    const { session, email, profile } = await registerUser(app, { phone: '+48 600 100 200' });
    const refused = await call(app, session, 'DELETE', '/api/user/delete', { password: 'wrong one' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ password: ['The password is incorrect.'] });

    const deleted = await call(app, session, 'DELETE', '/api/user/delete', { password: strongPassword });
    expect(deleted.json()).toEqual({ status: 'OK' });
    expect((await call(app, session, 'GET', '/api/is-auth')).json()).toEqual({ authenticated: false });

    const [row] = await app.db.select().from(users).where(eq(users.id, profile.id));
    expect(row).toMatchObject({ firstName: '', lastName: '', phone: null, emailVerifiedAt: null });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(row)).not.toContain(email);
    expect(JSON.stringify(row)).not.toContain('Lovelace');

    const login = await startBrowserSession(app);
    expect(
      (await call(app, login, 'POST', '/api/login', { email, password: strongPassword })).statusCode,
    ).toBe(422);
    await registerUser(app, { email });
  });
});

describe('e-mail verification', () => {
  async function verificationPath(email: string) {
    const link = linkIn((await lastMailTo(app, email)).text);
    return { api: `/api${link.pathname.replace(/^\/en/, '')}${link.search}`, link };
  }

  it('verifies with the mailed link once, then reports it as already verified', async () => {
    const { session, email } = await registerUser(app);
    const { api } = await verificationPath(email);
    const first = await call(app, session, 'GET', api);
    expect(first.json()).toEqual({ status: 'OK', payload: { result: 'verified' } });
    expect((await call(app, session, 'GET', '/api/user/profile')).json().payload.is_email_verified).toBe(
      true,
    );
    const second = await app.inject({ method: 'GET', url: api });
    expect(second.json()).toEqual({ status: 'OK', payload: { result: 'already-verified' } });
  });

  it('refuses a tampered, expired or stale link', async () => {
    const { email, profile } = await registerUser(app);
    const { link } = await verificationPath(email);
    const [, , , , id, hash] = link.pathname.split('/');
    const expires = link.searchParams.get('expires');
    const signature = link.searchParams.get('signature') ?? '';
    const flipped = signature.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    const attempts = [
      `/api/email/verify/${id}/${hash}?expires=${expires}&signature=${flipped}`,
      `/api/email/verify/${id}/${hash}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/api/email/verify/${id}/${'0'.repeat(40)}?expires=${expires}&signature=${signature}`,
    ];
    const old = signVerification(
      'test-key-that-is-long-enough-for-signing-0123',
      profile.id,
      email,
      Date.now() - 2 * 3600_000,
    );
    attempts.push(
      `/api/email/verify/${old.id}/${old.hash}?expires=${old.expires}&signature=${old.signature}`,
    );
    attempts.push(`/api/email/verify/${id}/${hash}?expires=soon&signature=${signature}`);
    for (const url of attempts) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().message).toBe('The verification link is invalid or has expired');
      const german = await app.inject({ method: 'GET', url, headers: { 'frontend-language': 'de' } });
      expect(german.json().errors).toEqual({
        [url.includes('expires=soon') ? 'expires' : 'signature']: [
          'Der Bestätigungslink ist ungültig oder abgelaufen',
        ],
      });
    }
  });

  it('resends at most once a minute', async () => {
    const { session } = await registerUser(app);
    const first = await call(app, session, 'POST', '/api/email/verify/resend');
    expect(first.json()).toEqual({ status: 'OK', message: 'A new verification link has been sent.' });
    const second = await call(app, session, 'POST', '/api/email/verify/resend');
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBeDefined();
  });

  it('keeps unverified users out of verified-only endpoints while verification is on', async () => {
    const { session } = await registerUser(app);
    const refused = await call(app, session, 'GET', '/api/test/verified-only');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Your email address is not verified.',
      code: 'EMAIL_NOT_VERIFIED',
    });
    await setSetting('is_email_verification_enabled', false);
    expect((await call(app, session, 'GET', '/api/test/verified-only')).statusCode).toBe(200);
    await setSetting('is_email_verification_enabled', true);
  });
});

describe('password reset', () => {
  const answer = {
    status: 'OK',
    message: 'If an account exists for this e-mail address, a link to reset the password is on its way.',
  };

  it('answers the same for known and unknown addresses, in the same time', async () => {
    const { email } = await registerUser(app);
    const session = await startBrowserSession(app);
    const timed = async (body: Record<string, unknown>) => {
      const started = performance.now();
      const response = await call(
        app,
        session,
        'POST',
        '/api/user/reset-password',
        body,
        {},
        randomAddress(),
      );
      return { response, ms: performance.now() - started };
    };
    const known = await timed({ email });
    const unknown = await timed({ email: uniqueEmail('nobody') });
    expect(known.response.statusCode).toBe(200);
    expect(unknown.response.statusCode).toBe(200);
    expect(known.response.json()).toEqual(answer);
    expect(unknown.response.json()).toEqual(answer);
    expect(known.ms).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);
    expect(unknown.ms).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(250);
  });

  it('refuses a reset for a known and an unknown address in the same time', async () => {
    const { email } = await registerUser(app);
    const guest = await startBrowserSession(app);
    const timed = async (address: string) => {
      const started = performance.now();
      const response = await call(
        app,
        guest,
        'POST',
        '/api/reset-password',
        {
          email: address,
          token: 'x'.repeat(43),
          password: 'fresh password 1',
          password_confirmation: 'fresh password 1',
        },
        {},
        randomAddress(),
      );
      return { response, ms: performance.now() - started };
    };
    const known = await timed(email);
    const unknown = await timed(uniqueEmail('nobody'));
    expect(known.response.json()).toEqual(unknown.response.json());
    expect(known.response.statusCode).toBe(422);
    expect(unknown.ms).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);
    expect(known.ms).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(250);
  });

  it('mails at most 3 links an hour per address and 10 per 15 minutes per IP address, known or not', async () => {
    const guest = await startBrowserSession(app);
    for (const email of [(await registerUser(app)).email, uniqueEmail('nobody')]) {
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        statuses.push(
          (await call(app, guest, 'POST', '/api/user/reset-password', { email }, {}, randomAddress()))
            .statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
    const ip = randomAddress();
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      statuses.push(
        (await call(app, guest, 'POST', '/api/user/reset-password', { email: uniqueEmail('ip') }, {}, ip))
          .statusCode,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it('accepts 5 reset attempts an hour per address and 10 per 15 minutes per IP address', async () => {
    const guest = await startBrowserSession(app);
    const attempt = (email: string, ip: string) =>
      call(
        app,
        guest,
        'POST',
        '/api/reset-password',
        {
          email,
          token: 'y'.repeat(43),
          password: 'fresh password 1',
          password_confirmation: 'fresh password 1',
        },
        {},
        ip,
      );
    const { email } = await registerUser(app);
    const perAddress: number[] = [];
    for (let count = 1; count <= 6; count += 1)
      perAddress.push((await attempt(email, randomAddress())).statusCode);
    expect(perAddress).toEqual([422, 422, 422, 422, 422, 429]);
    const ip = randomAddress();
    const perIp: number[] = [];
    for (let count = 1; count <= 11; count += 1)
      perIp.push((await attempt(uniqueEmail('guess'), ip)).statusCode);
    expect(perIp).toEqual([...Array(10).fill(422), 429]);
  });

  it('voids the other reset links of an account once one is used, or the password is changed', async () => {
    const { email, session } = await registerUser(app);
    const guest = await startBrowserSession(app);
    const requestLink = async () => {
      await call(app, guest, 'POST', '/api/user/reset-password', { email }, {}, randomAddress());
      return linkIn((await lastMailTo(app, email)).text).searchParams.get('token');
    };
    const reset = (token: string | null, password: string) =>
      call(
        app,
        guest,
        'POST',
        '/api/reset-password',
        { email, token, password, password_confirmation: password },
        {},
        randomAddress(),
      );

    const first = await requestLink();
    const second = await requestLink();
    expect((await reset(second, 'fresh password 1')).statusCode).toBe(200);
    expect((await call(app, session, 'GET', '/api/is-auth')).json()).toEqual({ authenticated: false });
    const stale = await reset(first, 'fresh password 2');
    expect(stale.statusCode).toBe(422);
    expect(stale.json().errors).toEqual({ token: ['This password reset link is invalid or has expired.'] });

    const login = await startBrowserSession(app);
    await call(
      app,
      login,
      'POST',
      '/api/login',
      { email, password: 'fresh password 1' },
      {},
      randomAddress(),
    );
    const outstanding = await requestLink();
    const changed = await call(app, login, 'POST', '/api/user/change-password', {
      current_password: 'fresh password 1',
      password: 'fresh password 3',
      password_confirmation: 'fresh password 3',
    });
    expect(changed.statusCode).toBe(200);
    expect((await reset(outstanding, 'fresh password 4')).statusCode).toBe(422);
  });

  it('sets a new password once with the mailed token, ending every session', async () => {
    const { session, email } = await registerUser(app);
    const guest = await startBrowserSession(app);
    await call(app, guest, 'POST', '/api/user/reset-password', { email }, { 'frontend-language': 'fr' });
    const mail = await lastMailTo(app, email);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe');
    const link = linkIn(mail.text);
    expect(link.pathname).toBe('/fr/reset-password');
    const token = link.searchParams.get('token');
    const body = { email, token, password: 'fresh password 1', password_confirmation: 'fresh password 1' };

    expect((await call(app, guest, 'POST', '/api/reset-password', body)).json()).toEqual({ status: 'OK' });
    expect((await call(app, session, 'GET', '/api/user/profile')).statusCode).toBe(401);
    const login = await startBrowserSession(app);
    expect(
      (await call(app, login, 'POST', '/api/login', { email, password: 'fresh password 1' })).statusCode,
    ).toBe(200);

    const reused = await call(app, guest, 'POST', '/api/reset-password', {
      ...body,
      password: 'another one 2',
      password_confirmation: 'another one 2',
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ token: ['This password reset link is invalid or has expired.'] });
  });

  it('refuses an expired token and a token of another account', async () => {
    const { email } = await registerUser(app);
    const { email: otherEmail } = await registerUser(app);
    const guest = await startBrowserSession(app);
    await call(app, guest, 'POST', '/api/user/reset-password', { email });
    const token = linkIn((await lastMailTo(app, email)).text).searchParams.get('token');

    const foreign = await call(app, guest, 'POST', '/api/reset-password', {
      email: otherEmail,
      token,
      password: 'fresh password 1',
      password_confirmation: 'fresh password 1',
    });
    expect(foreign.statusCode).toBe(422);

    await app.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await call(app, guest, 'POST', '/api/reset-password', {
      email,
      token,
      password: 'fresh password 1',
      password_confirmation: 'fresh password 1',
    });
    expect(expired.statusCode).toBe(422);
  });
});
