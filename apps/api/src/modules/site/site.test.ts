import {
  currenciesResponse,
  languagesResponse,
  settingsResponse,
  validationMessages,
} from '@promptmarket/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { forgetSiteCache, getStoredSettings } from './site.service';
import { settings, translationOverrides } from './site.tables';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('GET /api/settings', () => {
  it('returns every Settings field of the spec in the OK envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/settings' });
    expect(response.statusCode).toBe(200);
    const body = settingsResponse.parse(response.json());
    expect(body.payload).toMatchObject({
      is_reg_enabled: true,
      is_email_verification_enabled: true,
      internal_currency_name: 'Credits',
      support_email: 'support@promptmarket.example',
      company_phone: null,
      formats: ['jpg', 'png', 'webp'],
      sizes: ['1024x1024', '768x768', '512x512'],
      image_generation_cost_eur: 1,
      min_deposit_eur: 10,
      // The original API's name, which its clients read.
      min_deposit_amount_eur: 10,
      // The tests' shop takes its payments through the sandbox.
      payments_test_mode: true,
      // What its deposit offers to pay with, which the footer names.
      payment_methods: ['card'],
    });
    expect(body.payload.copyright).toBe(
      `© ${new Date().getUTCFullYear()} PromptMarket. All rights reserved.`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers in the language of the frontend-language header, English when unsupported', async () => {
    const german = await app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { 'frontend-language': 'de' },
    });
    expect(german.json().payload.copyright).toContain('Alle Rechte vorbehalten.');
    const polish = await app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { 'frontend-language': 'PL' },
    });
    expect(polish.json().payload.internal_currency_name).toBe('Kredyty');
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { 'frontend-language': 'xx' },
    });
    expect(unknown.json().payload.copyright).toContain('All rights reserved.');
  });

  it('reads changed values from the database, money converted from cents', async () => {
    await app.db.update(settings).set({ value: '250' }).where(eqKey('image_generation_cost_cents'));
    forgetSiteCache(app.db);
    const response = await app.inject({ method: 'GET', url: '/api/settings' });
    expect(response.json().payload.image_generation_cost_eur).toBe(2.5);
    await app.db.update(settings).set({ value: '100' }).where(eqKey('image_generation_cost_cents'));
    await app.db.update(settings).set({ value: '1550' }).where(eqKey('min_deposit_cents'));
    forgetSiteCache(app.db);
    const minimum = (await app.inject({ method: 'GET', url: '/api/settings' })).json().payload;
    expect(minimum).toMatchObject({ min_deposit_eur: 15.5, min_deposit_amount_eur: 15.5 });
    await app.db.update(settings).set({ value: '1000' }).where(eqKey('min_deposit_cents'));
    forgetSiteCache(app.db);
  });

  it('checks the cached settings once per reading, and a change is read and checked again', async () => {
    forgetSiteCache(app.db);
    const first = await getStoredSettings(app.db, 'de');
    expect(await getStoredSettings(app.db, 'de')).toBe(first);
    expect(await getStoredSettings(app.db, 'en')).not.toBe(first);
    await app.db.update(settings).set({ value: '250' }).where(eqKey('image_generation_cost_cents'));
    forgetSiteCache(app.db);
    const changed = await getStoredSettings(app.db, 'de');
    expect(changed).not.toBe(first);
    expect(changed.image_generation_cost_cents).toBe(250);
    await app.db.update(settings).set({ value: '100' }).where(eqKey('image_generation_cost_cents'));
    forgetSiteCache(app.db);
  });

  it('says payments are in test mode only while they go through the sandbox provider', async () => {
    const stripe = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_promptmarket0123456789',
      STRIPE_WEBHOOK_SECRET: 'whsec_promptmarket0123456789',
    });
    try {
      const response = await stripe.inject({ method: 'GET', url: '/api/settings' });
      expect(settingsResponse.parse(response.json()).payload.payments_test_mode).toBe(false);
    } finally {
      await stripe.close();
    }
  });
});

describe('GET /api/languages', () => {
  it('lists the six seeded languages by their own names, in order', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/languages' });
    expect(response.statusCode).toBe(200);
    expect(languagesResponse.parse(response.json()).payload).toEqual([
      { code: 'en', name: 'English' },
      { code: 'de', name: 'Deutsch' },
      { code: 'fr', name: 'Français' },
      { code: 'es', name: 'Español' },
      { code: 'it', name: 'Italiano' },
      { code: 'pl', name: 'Polski' },
    ]);
  });
});

describe('GET /api/currencies', () => {
  it('lists EUR first with rate 1 and €, then the others', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/currencies' });
    const { payload } = currenciesResponse.parse(response.json());
    expect(payload.map((currency) => currency.code)).toEqual(['EUR', 'USD', 'GBP', 'PLN', 'CHF']);
    expect(payload[0]).toEqual({ code: 'EUR', value: 1, symbol: '€', name: 'Euro' });
    expect(payload[1]).toMatchObject({ code: 'USD', value: 1.08, symbol: '$', name: 'US Dollar' });
  });

  it('names currencies in the requested language', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/currencies',
      headers: { 'frontend-language': 'de' },
    });
    const names = response.json().payload.map((currency: { name: string }) => currency.name);
    expect(names).toContain('Britisches Pfund');
  });
});

describe('GET /api/localization/:locale/words', () => {
  it("answers the language's whole map of message keys, over the built-in English, then the overrides", async () => {
    const before = await app.inject({ method: 'GET', url: '/api/localization/de/words' });
    expect(before.statusCode).toBe(200);
    const german = before.json();
    // The map itself, as spec section 7 gives it: no envelope.
    expect(german.status).toBeUndefined();
    expect(Object.keys(german).sort()).toEqual(Object.keys(validationMessages.en).sort());
    expect(german['country.required']).toBe('Land ist erforderlich');
    expect(german['payment_method.invalid']).toBe(validationMessages.de['payment_method.invalid']);
    const english = (await app.inject({ method: 'GET', url: '/api/localization/en/words' })).json();
    expect(english).toEqual(validationMessages.en);
    for (const [key, text] of Object.entries(german)) expect(typeof text, key).toBe('string');

    await app.db.insert(translationOverrides).values([
      { locale: 'de', key: 'footer.newsletter.title', value: 'Bleib dran' },
      { locale: 'de', key: 'country.required', value: 'Bitte ein Land wählen' },
    ]);
    forgetSiteCache(app.db);
    const changed = (await app.inject({ method: 'GET', url: '/api/localization/de/words' })).json();
    expect(changed).toMatchObject({
      'footer.newsletter.title': 'Bleib dran',
      'country.required': 'Bitte ein Land wählen',
      'city.required': 'Stadt ist erforderlich',
    });
    const french = (await app.inject({ method: 'GET', url: '/api/localization/fr/words' })).json();
    expect(french['footer.newsletter.title']).toBeUndefined();
    expect(french['country.required']).toBe(validationMessages.fr['country.required']);
  });

  it('answers 404 for a language that is not offered and 422 for a malformed code', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/localization/xx/words' });
    expect(unknown.statusCode).toBe(404);
    const malformed = await app.inject({ method: 'GET', url: '/api/localization/..%2Fetc/words' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toHaveProperty('locale');
  });
});

describe('GET /api/localization/:locale/overrides', () => {
  it('answers only the texts the back office changed, for the web to merge over its own', async () => {
    await app.db
      .insert(translationOverrides)
      .values({ locale: 'it', key: 'footer.language', value: 'Scegli la lingua' });
    forgetSiteCache(app.db);
    const italian = await app.inject({ method: 'GET', url: '/api/localization/it/overrides' });
    expect(italian.statusCode).toBe(200);
    expect(italian.json()).toEqual({ status: 'OK', payload: { 'footer.language': 'Scegli la lingua' } });
    const polish = await app.inject({ method: 'GET', url: '/api/localization/pl/overrides' });
    expect(polish.json()).toEqual({ status: 'OK', payload: {} });
    const unknown = await app.inject({ method: 'GET', url: '/api/localization/xx/overrides' });
    expect(unknown.statusCode).toBe(404);
  });
});

import { eq } from 'drizzle-orm';

function eqKey(key: string) {
  return eq(settings.key, key);
}
