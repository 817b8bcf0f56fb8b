import { desc, eq } from 'drizzle-orm';
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
