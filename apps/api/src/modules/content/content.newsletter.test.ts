import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, randomAddress, uniqueEmail } from '../../test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from '../../test/app';
import { mailLink, newestMailTo } from '../../test/newsletter';
import { mailOutbox } from '../mail/mail.tables';
import { CONFIRMATION_RESEND_MINUTES } from './content.newsletter';
import { newsletterSubscriptions } from './content.tables';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function subscribe(email: string, language = 'en') {
  return call(
    app,
    await startBrowserSession(app),
    'POST',
    '/api/newsletter/subscribe',
    { email },
    { 'frontend-language': language },
    randomAddress(),
  );
}

const mailsTo = (email: string) => app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
const rowOf = async (email: string) =>
  (
    await app.db
      .select()
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = ${email.toLowerCase()}`)
  )[0];
const open = (link: URL, language = 'en') =>
  app.inject({
    method: 'GET',
    url: `/api${link.pathname.replace(/^\/[a-z]{2}/, '')}${link.search}`,
    headers: { 'frontend-language': language },
  });

describe('the newsletter’s double opt-in', () => {
  it('mails a confirmation link; only the confirmed address is subscribed, and then welcomed', async () => {
    const email = uniqueEmail('news');
    const subscribed = await subscribe(email);
    expect(subscribed.json()).toEqual({
      status: 'OK',
      message:
        'Almost done! Please check your inbox and confirm your subscription with the link we sent you.',
    });
    expect(await rowOf(email)).toMatchObject({ confirmedAt: null });
    const [confirmation, ...others] = await mailsTo(email);
    expect(others).toEqual([]);
    expect(confirmation?.subject).toBe('Please confirm your PromptMarket newsletter subscription');
    const link = mailLink(confirmation?.text ?? '', '/newsletter/confirm');
    expect(link.pathname).toBe('/en/newsletter/confirm');
    expect(confirmation?.html).toContain(link.search.replaceAll('&', '&amp;'));

    const confirmed = await open(link);
    expect(confirmed.json()).toEqual({ status: 'OK', message: 'Your subscription is confirmed. Thank you!' });
    expect((await rowOf(email))?.confirmedAt).toBeInstanceOf(Date);
    const welcome = await newestMailTo(app, email);
    expect(welcome.subject).toBe('You are subscribed to the PromptMarket newsletter');

    // The link again: the same answer, no second welcome.
    expect((await open(link)).statusCode).toBe(200);
    expect(await mailsTo(email)).toHaveLength(2);
    // Subscribing a confirmed address again mails nothing and says the same.
    expect((await subscribe(email.toUpperCase())).json()).toEqual(subscribed.json());
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it('refuses a tampered, forged or expired confirmation link', async () => {
    const email = uniqueEmail('tampered');
    await subscribe(email, 'de');
    const link = mailLink((await newestMailTo(app, email)).text, '/newsletter/confirm');
    expect(link.pathname).toBe('/de/newsletter/confirm');
    const tamper = (name: string, value: string) => {
      const changed = new URL(link);
      changed.searchParams.set(name, value);
      return changed;
    };
    const signature = link.searchParams.get('signature') ?? '';
    const expires = Number(link.searchParams.get('expires'));
    for (const forged of [
      tamper('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`),
      tamper('expires', String(expires + 60)),
      tamper('id', '00000000-0000-4000-8000-000000000001'),
    ]) {
      const refused = await open(forged, 'de');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({
        signature: ['Dieser Newsletter-Link ist ungültig oder abgelaufen.'],
      });
    }
    expect(await rowOf(email)).toMatchObject({ confirmedAt: null });
    const malformed = await open(tamper('signature', 'nope'));
    expect(malformed.statusCode).toBe(422);
  });

  it('mails an unconfirmed address again at most every 15 minutes, however often it is entered', async () => {
    const email = uniqueEmail('again');
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await subscribe(email)).statusCode).toBe(200);
    expect(await mailsTo(email)).toHaveLength(1);
    // As if the mail had gone out longer ago: the next request mails a fresh link.
    await app.db
      .update(newsletterSubscriptions)
      .set({ confirmationSentAt: new Date(Date.now() - (CONFIRMATION_RESEND_MINUTES + 1) * 60_000) })
      .where(eq(newsletterSubscriptions.email, email));
    await subscribe(email);
    await subscribe(email);
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it('takes 10 requests an hour from one IP address', async () => {
    const session = await startBrowserSession(app);
    const ip = randomAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await call(
        app,
        session,
        'POST',
        '/api/newsletter/subscribe',
        { email: uniqueEmail('limit') },
        {},
        ip,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('answers in the caller’s language and refuses an invalid address', async () => {
    expect((await subscribe(uniqueEmail('de'), 'de')).json().message).toBe(
      'Fast geschafft! Schau in dein Postfach und bestätige dein Abo mit dem Link, den wir dir geschickt haben.',
    );
    const invalid = await subscribe('nope');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ email: ['Please enter a valid email'] });
  });
});

describe('unsubscribing', () => {
  it('works from the link of every newsletter mail, without signing in', async () => {
    const email = uniqueEmail('leaving');
    await subscribe(email, 'fr');
    const confirmation = await newestMailTo(app, email);
    // The confirmation mail carries it too, at its end and in its header's address.
    const fromConfirmation = mailLink(confirmation.text, '/newsletter/unsubscribe');
    expect(fromConfirmation.pathname).toBe('/fr/newsletter/unsubscribe');
    expect(confirmation.text).toContain('Se désabonner de la newsletter');
    expect(confirmation.unsubscribeUrl).toMatch(/^http:\/\/\S+\/api\/newsletter\/unsubscribe\?email=/);
    await open(mailLink(confirmation.text, '/newsletter/confirm'));
    const welcome = await newestMailTo(app, email);
    const link = mailLink(welcome.text, '/newsletter/unsubscribe');
    expect(welcome.unsubscribeUrl).toBeTruthy();

    const left = await open(link, 'fr');
    expect(left.json()).toEqual({
      status: 'OK',
      message: 'Vous êtes désabonné de la newsletter. Nous n’écrirons plus à cette adresse.',
    });
    expect(await rowOf(email)).toBeUndefined();
    // Once more (a second click): the same answer.
    expect((await open(link)).statusCode).toBe(200);
  });

  it('works from a mail program’s one-click button (RFC 8058), which posts a form without a session', async () => {
    const email = uniqueEmail('oneclick');
    await subscribe(email);
    const confirmation = await newestMailTo(app, email);
    await open(mailLink(confirmation.text, '/newsletter/confirm'));
    const target = new URL(confirmation.unsubscribeUrl ?? '');
    const response = await app.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowOf(email)).toBeUndefined();
  });

  it('refuses a tampered token or another address’s token', async () => {
    const email = uniqueEmail('kept');
    const other = uniqueEmail('other');
    await subscribe(email);
    await subscribe(other);
    const link = mailLink((await newestMailTo(app, email)).text, '/newsletter/unsubscribe');
    const token = link.searchParams.get('token') ?? '';
    const tampered = new URL(link);
    tampered.searchParams.set('token', `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`);
    const theirs = new URL(link);
    theirs.searchParams.set('email', other);
    for (const forged of [tampered, theirs]) {
      const refused = await open(forged);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ token: ['This newsletter link is invalid or has expired.'] });
    }
    expect(await rowOf(email)).toBeDefined();
    expect(await rowOf(other)).toBeDefined();
  });
});
