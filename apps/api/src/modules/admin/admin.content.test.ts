import { csvCell } from '@promptmarket/contracts/admin-content';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, newAdmin, randomAddress } from '../../test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from '../../test/app';
import { subscribeConfirmed } from '../../test/newsletter';
import { adminAudit } from '../audit/audit.tables';
import { staticPages } from '../content/content.tables';

let app: TestApp;
let admin: BrowserSession;

beforeAll(async () => {
  app = await createTestApp();
  admin = await newAdmin(app, 'keeper@example.test');
});
afterAll(() => app?.close());

const shop = (url: string, locale = 'en') =>
  app.inject({ method: 'GET', url: `/api${url}`, headers: { 'frontend-language': locale } });

const audits = (action: string) => app.db.select().from(adminAudit).where(eq(adminAudit.action, action));

describe('site content: settings', () => {
  it('changes the named settings, the shop shows them at once, and the audit keeps before and after', async () => {
    expect((await shop('/settings')).json().payload.min_deposit_eur).toBe(10);
    const saved = await call(app, admin, 'PUT', '/api/admin/settings', {
      min_deposit_eur: '25',
      image_generation_cost_eur: '2.50',
      sizes: ['1024x1024', '512x512'],
      texts: { copyright: { de: '© {year} PromptMarket. Alles unseres.' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const english = (await shop('/settings')).json().payload;
    expect(english).toMatchObject({
      min_deposit_eur: 25,
      image_generation_cost_eur: 2.5,
      sizes: ['1024x1024', '512x512'],
    });
    expect((await shop('/settings', 'de')).json().payload.copyright).toBe(
      `© ${new Date().getUTCFullYear()} PromptMarket. Alles unseres.`,
    );
    const [entry] = await audits('settings.update');
    expect(entry?.before).toMatchObject({ min_deposit_eur: 10 });
    expect(entry?.after).toMatchObject({ min_deposit_eur: 25 });
  });

  it('refuses a bad value with the field named and changes nothing', async () => {
    const bad = await call(app, admin, 'PUT', '/api/admin/settings', {
      min_deposit_eur: '30',
      sizes: ['1000x700'],
      support_email: 'not an address',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['sizes.0']).toEqual(['Sizes are squares such as 1024x1024, from 64 to 1024.']);
    expect(bad.json().errors.support_email).toEqual(['Please enter a valid email']);
    expect((await shop('/settings')).json().payload.min_deposit_eur).toBe(25);
    const unknownKey = await call(app, admin, 'PUT', '/api/admin/settings', { secret_flag: true });
    expect(unknownKey.statusCode).toBe(422);
  });
});

describe('site content: currencies, languages and words', () => {
  it('changes a rate and takes a currency out of the shop; the euro stays the base', async () => {
    const usd = await call(app, admin, 'PUT', '/api/admin/currencies/USD', { rate: '1.25' });
    expect(usd.statusCode, usd.body).toBe(200);
    const listed = (await shop('/currencies')).json().payload as { code: string; value: number }[];
    expect(listed.find((currency) => currency.code === 'USD')?.value).toBe(1.25);
    await call(app, admin, 'PUT', '/api/admin/currencies/GBP', { active: false });
    const after = (await shop('/currencies')).json().payload as { code: string }[];
    expect(after.map((currency) => currency.code)).not.toContain('GBP');
    const base = await call(app, admin, 'PUT', '/api/admin/currencies/EUR', { rate: '2' });
    expect(base.statusCode).toBe(422);
    expect(base.json().errors.code).toEqual([
      'The euro is the base currency: its rate is 1 and it stays active.',
    ]);
    expect((await call(app, admin, 'PUT', '/api/admin/currencies/XYZ', { rate: '2' })).statusCode).toBe(404);
  });

  it('overrides a built-in text of one language, served by the words endpoint, and gives it back', async () => {
    const set = await call(app, admin, 'PUT', '/api/admin/words/de', {
      key: 'footer.language',
      value: 'Sprachwahl',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await shop('/localization/de/words', 'de')).json()).toMatchObject({
      'footer.language': 'Sprachwahl',
    });
    expect((await shop('/localization/fr/words', 'fr')).json()['footer.language']).toBeUndefined();
    const badKey = await call(app, admin, 'PUT', '/api/admin/words/de', { key: '<script>', value: 'x' });
    expect(badKey.statusCode).toBe(422);
    expect(badKey.json().errors.key).toEqual(['Use a text key such as footer.language.']);
    expect((await call(app, admin, 'DELETE', '/api/admin/words/de/footer.language')).statusCode).toBe(200);
    expect((await shop('/localization/de/words', 'de')).json()['footer.language']).toBeUndefined();
    const english = await call(app, admin, 'PUT', '/api/admin/languages/en', { active: false });
    expect(english.statusCode).toBe(422);
  });
});

describe('site content: pages, links, newsletter and messages', () => {
  it('changes a static page’s German text, shown by the shop at once', async () => {
    const [page] = await app.db.select().from(staticPages).limit(1);
    if (!page) throw new Error('the seed has static pages');
    const saved = await call(app, admin, 'PUT', `/api/admin/pages/${page.id}`, {
      translations: { de: { title: 'Neue Überschrift', body: 'Erster Absatz.\n\nZweiter Absatz.' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const shown = (await shop(`/static-pages/${page.slug}`, 'de')).json().payload;
    expect(shown).toMatchObject({ title: 'Neue Überschrift', body: 'Erster Absatz.\n\nZweiter Absatz.' });
  });

  it('adds and removes a social link, https only', async () => {
    const added = await call(app, admin, 'POST', '/api/admin/social-links', {
      url: 'https://mastodon.example/@promptmarket',
    });
    expect(added.statusCode, added.body).toBe(200);
    const link = (added.json().payload as { id: number; url: string }[]).find((entry) =>
      entry.url.includes('mastodon'),
    );
    expect((await shop('/social-links')).json().payload.map((entry: { url: string }) => entry.url)).toContain(
      'https://mastodon.example/@promptmarket',
    );
    const plain = await call(app, admin, 'POST', '/api/admin/social-links', { url: 'javascript:alert(1)' });
    expect(plain.statusCode).toBe(422);
    expect(plain.json().errors.url).toEqual(['Please enter a full https:// address.']);
    expect((await call(app, admin, 'DELETE', `/api/admin/social-links/${link?.id}`)).statusCode).toBe(200);
    expect(
      (await shop('/social-links')).json().payload.map((entry: { url: string }) => entry.url),
    ).not.toContain('https://mastodon.example/@promptmarket');
  });

  it('lists subscribers and exports them as CSV that no spreadsheet runs as a formula', async () => {
    for (const email of ['ada@example.test', 'grace@example.test']) await subscribeConfirmed(app, email);
    // Asked, never confirmed: not subscribed, so neither listed nor exported.
    const pending = await call(
      app,
      await startBrowserSession(app),
      'POST',
      '/api/newsletter/subscribe',
      { email: 'grace.pending@example.test' },
      {},
      randomAddress(),
    );
    expect(pending.statusCode).toBe(200);
    const listed = (await call(app, admin, 'GET', '/api/admin/newsletter?search=grace')).json().payload;
    expect(listed.data.map((row: { email: string }) => row.email)).toEqual(['grace@example.test']);
    const csv = await call(app, admin, 'GET', '/api/admin/newsletter/export');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="newsletter-subscribers.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,language,subscribed_at');
    expect(lines.some((line) => line.startsWith('"ada@example.test","en",'))).toBe(true);
    expect(csv.body).not.toContain('grace.pending@example.test');
    expect((await audits('newsletter.export')).length).toBe(1);

    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell('+1 555')).toBe('"\'+1 555"');
    expect(csvCell('plain@example.test')).toBe('"plain@example.test"');
  });

  it('lists the contact form’s messages, found by e-mail', async () => {
    const visitor = await startBrowserSession(app);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: randomAddress(),
      headers: visitor.headers(),
      payload: {
        name: 'Ada Lovelace',
        email: 'ada.contact@example.test',
        subject: 'My payout',
        message: 'When does my payout arrive?',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const found = (await call(app, admin, 'GET', '/api/admin/contact-messages?search=ada.contact')).json()
      .payload;
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada.contact@example.test',
      subject: 'My payout',
      message: 'When does my payout arrive?',
    });
    const guest = await startBrowserSession(app);
    expect((await call(app, guest, 'GET', '/api/admin/contact-messages')).statusCode).toBe(401);
  });
});
