import {
  countriesResponse,
  socialLinksResponse,
  staticPageResponse,
  staticPagesResponse,
} from '@promptmarket/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, randomAddress, uniqueEmail } from '../../test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from '../../test/app';
import { contactForm, originalContactForm } from '../../test/contact';
import { mailOutbox } from '../mail/mail.tables';
import { contactMessages } from './content.tables';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('GET /api/countries', () => {
  it('lists every ISO country with a name in the requested language, sorted by it', async () => {
    const english = countriesResponse.parse(
      (await app.inject({ method: 'GET', url: '/api/countries' })).json(),
    ).payload;
    expect(english).toHaveLength(249);
    expect(english.find((country) => country.iso === 'DE')?.name).toBe('Germany');
    expect(english[0]?.name).toBe('Afghanistan');
    const german = countriesResponse.parse(
      (
        await app.inject({ method: 'GET', url: '/api/countries', headers: { 'frontend-language': 'de' } })
      ).json(),
    ).payload;
    expect(german.find((country) => country.iso === 'DE')?.name).toBe('Deutschland');
    expect(german.find((country) => country.iso === 'DE')?.id).toBe(
      english.find((country) => country.iso === 'DE')?.id,
    );
  });
});

describe('GET /api/social-links', () => {
  it('lists the links in order with id and url', async () => {
    const links = socialLinksResponse.parse(
      (await app.inject({ method: 'GET', url: '/api/social-links' })).json(),
    ).payload;
    expect(links.map((link) => new URL(link.url).hostname)).toEqual([
      'www.instagram.com',
      'x.com',
      't.me',
      'www.facebook.com',
      'www.youtube.com',
      'discord.gg',
    ]);
  });
});

describe('static pages', () => {
  it('lists the published pages with their flags, titles in the requested language', async () => {
    const english = staticPagesResponse.parse(
      (await app.inject({ method: 'GET', url: '/api/static-pages' })).json(),
    ).payload;
    expect(english.map((page) => page.slug)).toEqual(['terms', 'privacy', 'cookie-policy', 'about-us']);
    expect(english.find((page) => page.slug === 'terms')).toMatchObject({
      is_terms: true,
      is_privacy: false,
      is_cookie: false,
    });
    expect(english.find((page) => page.slug === 'privacy')).toMatchObject({ is_privacy: true });
    expect(english.find((page) => page.slug === 'cookie-policy')).toMatchObject({ is_cookie: true });
    const french = staticPagesResponse.parse(
      (
        await app.inject({ method: 'GET', url: '/api/static-pages', headers: { 'frontend-language': 'fr' } })
      ).json(),
    ).payload;
    expect(french.find((page) => page.slug === 'terms')?.title).not.toBe(
      english.find((page) => page.slug === 'terms')?.title,
    );
  });

  it('serves one page with its body, 404 for an unknown slug and 422 for a malformed one', async () => {
    const page = staticPageResponse.parse(
      (await app.inject({ method: 'GET', url: '/api/static-pages/cookie-policy' })).json(),
    ).payload;
    expect(page.is_cookie).toBe(true);
    expect(page.body.length).toBeGreaterThan(200);
    expect((await app.inject({ method: 'GET', url: '/api/static-pages/nope' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/static-pages/..%2Fetc' })).statusCode).toBe(422);
  });
});

describe('POST /api/contact', () => {
  const valid = contactForm;

  it('stores the name, e-mail, subject and message and mails them, escaped, to the support address', async () => {
    const session = await startBrowserSession(app);
    const response = await call(app, session, 'POST', '/api/contact', valid, {}, randomAddress());
    expect(response.json()).toEqual({
      status: 'OK',
      message: 'Thank you! Your message has been sent. We will get back to you soon.',
    });
    const [stored] = await app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'marie@example.test'));
    expect(stored).toMatchObject({
      name: 'Marie Curie',
      subject: 'Buying in bulk',
      message: 'Do you sell <b>prompts</b> in bulk?',
    });
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'support@promptmarket.example'));
    expect(mail?.subject).toBe('Contact form: Marie Curie – Buying in bulk');
    expect(mail?.html).toContain('&lt;b&gt;prompts&lt;/b&gt;');
  });

  it('names every missing field at once, in the caller’s language', async () => {
    const session = await startBrowserSession(app);
    const empty = await call(app, session, 'POST', '/api/contact', {}, {}, randomAddress());
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      message: 'Email is required (and 3 more errors)',
      errors: {
        name: ['Name is required'],
        email: ['Email is required'],
        subject: ['Subject is required'],
        message: ['Message is required'],
      },
      code: 'VALIDATION_FAILED',
    });
    const blank = { name: ' ', email: 'bad', subject: '', message: '\n' };
    const german = await call(
      app,
      session,
      'POST',
      '/api/contact',
      blank,
      { 'frontend-language': 'de' },
      randomAddress(),
    );
    expect(german.statusCode).toBe(422);
    expect(german.json().errors).toEqual({
      name: ['Name ist erforderlich'],
      email: ['Bitte gib eine gültige E-Mail-Adresse ein'],
      subject: ['Betreff ist erforderlich'],
      message: ['Nachricht ist erforderlich'],
    });
  });

  it('takes the original form’s body: its first and last name make the name, its address is not kept', async () => {
    const session = await startBrowserSession(app);
    const email = uniqueEmail('original');
    const response = await call(
      app,
      session,
      'POST',
      '/api/contact',
      { ...originalContactForm, email },
      {},
      randomAddress(),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await app.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(stored).toMatchObject({ name: 'Marie Curie', subject: '', message: originalContactForm.message });
    expect(JSON.stringify(stored)).not.toContain('Rue Pierre');

    const missing = await call(
      app,
      session,
      'POST',
      '/api/contact',
      { first_name: 'Marie' },
      {},
      randomAddress(),
    );
    expect(missing.json().errors).toEqual({
      last_name: ['Last name is required'],
      email: ['Email is required'],
    });
  });

  it('accepts 5 messages an hour from one IP address', async () => {
    const session = await startBrowserSession(app);
    const ip = randomAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await call(app, session, 'POST', '/api/contact', valid, {}, ip)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
