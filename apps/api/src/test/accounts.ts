import { desc, eq, sql } from 'drizzle-orm';
import { totpCode } from '../lib/totp';
import { ensureAdmin } from '../modules/accounts/accounts.bootstrap';
import { users } from '../modules/accounts/accounts.tables';
import { mailOutbox } from '../modules/mail/mail.tables';
import { cookiesOf, startBrowserSession, type TestApp } from './app';

let counter = 0;

export type BrowserSession = Awaited<ReturnType<typeof startBrowserSession>>;

/** Sends a request as a browser would, keeping the cookies the answer sets. */
export async function call(
  app: TestApp,
  session: BrowserSession,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) {
  const response = await app.inject({
    method,
    url,
    remoteAddress,
    headers: { ...session.headers(), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  Object.assign(session.jar, cookiesOf(response));
  return response;
}

export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.test`;
}

/** A documentation-range (TEST-NET-2) address no two calls share. */
export function randomAddress(): string {
  counter += 1;
  return `198.51.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}

export const strongPassword = 'correct horse battery';

/** Registers a fresh account through the API and returns its signed-in browser session. */
export async function registerUser(app: TestApp, overrides: Record<string, unknown> = {}) {
  const session = await startBrowserSession(app);
  const email = (overrides.email as string | undefined) ?? uniqueEmail();
  // Each test account comes from an address of its own, clear of the per-IP limits.
  const response = await call(
    app,
    session,
    'POST',
    '/api/register',
    {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      password: strongPassword,
      password_confirmation: strongPassword,
      terms: true,
      ...overrides,
    },
    {},
    randomAddress(),
  );
  if (response.statusCode !== 200) throw new Error(`registration failed: ${response.body}`);
  return { session, email, profile: response.json().payload as { id: string; email: string } };
}

/** The newest queued mail to an address. */
export async function lastMailTo(app: TestApp, recipient: string) {
  const mails = await app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt));
  const mail = mails.find((candidate) => candidate.recipient === recipient);
  if (!mail) throw new Error(`no mail to ${recipient}`);
  return mail;
}

export function linkIn(text: string): URL {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error('no link in mail');
  return new URL(match[0]);
}

/** A fresh account whose e-mail address is already verified, signed in. */
export async function registerVerifiedUser(app: TestApp, overrides: Record<string, unknown> = {}) {
  const registered = await registerUser(app, overrides);
  await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, registered.profile.id));
  return registered;
}

/** The two-factor keys the helper below set up, per test app and admin address. */
const adminSecrets = new WeakMap<TestApp, Map<string, string>>();

/**
 * Signs in as an admin (made with `ensureAdmin`) and answers the browser session. The back office
 * answers an admin only with two-factor sign-in on: the first time, this turns it on through the
 * admin's own setup, with a code computed from the key the setup answers; afterwards it signs in
 * with a fresh code. A test of two-factor sign-in itself uses the API directly.
 */
export async function signInAsAdmin(app: TestApp, email: string, password = strongPassword) {
  const secrets = adminSecrets.get(app) ?? new Map<string, string>();
  adminSecrets.set(app, secrets);
  const key = email.toLowerCase();
  const secret = secrets.get(key);
  const session = await startBrowserSession(app);
  // A code once used never counts again: let the next one be of the same 30 seconds.
  await app.db.update(users).set({ totpLastStep: null }).where(sql`lower(${users.email}) = ${key}`);
  const login = await call(app, session, 'POST', '/api/login', {
    email,
    password,
    ...(secret ? { code: totpCode(secret, Date.now()) } : {}),
  });
  if (login.statusCode !== 200) throw new Error(`admin sign-in failed: ${login.body}`);
  if (secret) return session;
  const setup = await call(app, session, 'POST', '/api/admin/two-factor/setup');
  if (setup.statusCode !== 200) throw new Error(`two-factor setup failed: ${setup.body}`);
  const fresh: string = setup.json().payload.secret;
  const on = await call(app, session, 'POST', '/api/admin/two-factor/enable', {
    code: totpCode(fresh, Date.now()),
  });
  if (on.statusCode !== 200) throw new Error(`turning on two-factor sign-in failed: ${on.body}`);
  secrets.set(key, fresh);
  return session;
}

/** Makes a new admin account with `email` (it must not exist yet) and signs it in. */
export async function newAdmin(app: TestApp, email: string) {
  const outcome = await ensureAdmin(app.db, email, strongPassword);
  if (outcome !== 'created') throw new Error(`admin ${email} not created: ${outcome}`);
  return signInAsAdmin(app, email);
}
