import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../modules/mail/mail.tables';
import { type BrowserSession, call, randomAddress } from './accounts';
import { startBrowserSession, type TestApp } from './app';

/** The newest mail to an address with the subject given, from the outbox. */
export async function newestMailTo(app: TestApp, recipient: string) {
  const [mail] = await app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, recipient))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`no mail to ${recipient}`);
  return mail;
}

/** The link of a mail's text whose path ends with `ending`. */
export function mailLink(text: string, ending: string): URL {
  const link = (text.match(/https?:\/\/\S+/g) ?? [])
    .map((found) => new URL(found))
    .find((url) => url.pathname.endsWith(ending));
  if (!link) throw new Error(`no ${ending} link in the mail`);
  return link;
}

/** Subscribes an address to the newsletter and confirms it with the mailed link, as its owner would. */
export async function subscribeConfirmed(app: TestApp, email: string, session?: BrowserSession) {
  const visitor = session ?? (await startBrowserSession(app));
  const subscribed = await call(
    app,
    visitor,
    'POST',
    '/api/newsletter/subscribe',
    { email },
    {},
    randomAddress(),
  );
  if (subscribed.statusCode !== 200) throw new Error(`subscription failed: ${subscribed.body}`);
  const link = mailLink((await newestMailTo(app, email)).text, '/newsletter/confirm');
  const confirmed = await app.inject({ method: 'GET', url: `/api/newsletter/confirm${link.search}` });
  if (confirmed.statusCode !== 200) throw new Error(`confirmation failed: ${confirmed.body}`);
}
