import { adminSettingsUpdate } from '@promptmarket/contracts/admin-content';
import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { firstMessage } from './form-body';
import { linkBody, linkResolver } from './link-form';
import { pageBody, pageResolver } from './page-form';
import { type SettingsFormValues, settingsBody, settingsResolver } from './settings-form';
import { wordForm } from './word-form';

const settings: SettingsFormValues = {
  is_reg_enabled: true,
  is_email_verification_enabled: false,
  internal_currency_rate_eur: ' 1.5 ',
  support_email: 'help@example.test',
  company_phone: ' ',
  formats: ['png', 'webp'],
  sizes: '512x512, 1024x1024',
  image_generation_cost_eur: '0.50',
  min_deposit_eur: '10,00',
  shop_legal_name: 'Prompty Sp. z o.o.',
  shop_address: 'ul. Żółta 1\n00-001 Warszawa\n',
  shop_vat_id: '',
  vat_rate_percent: '23',
  texts: {
    copyright: { en: '© PromptMarket', de: ' ' },
    internal_currency_name: { en: 'Credits', de: 'Credits' },
  },
};

async function check<V extends FieldValues>(resolver: Resolver<V, unknown, V>, values: V) {
  const result = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return { values: result.values, errors: result.errors as Record<string, unknown> };
}

/** Each field's first message, by the field's name as the form registers it. */
function messages(errors: Record<string, unknown>, names: string[]) {
  return Object.fromEntries(
    names.map((name) => [
      name,
      firstMessage(
        name.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], errors),
      ),
    ]),
  );
}

describe('the settings form', () => {
  it('sends every setting as the API takes it: texts trimmed, empty ones left out, money as typed', () => {
    expect(settingsBody(settings)).toEqual({
      is_reg_enabled: true,
      is_email_verification_enabled: false,
      internal_currency_rate_eur: '1.5',
      support_email: 'help@example.test',
      company_phone: null,
      formats: ['png', 'webp'],
      sizes: ['512x512', '1024x1024'],
      image_generation_cost_eur: '0.50',
      min_deposit_eur: '10,00',
      shop_legal_name: 'Prompty Sp. z o.o.',
      shop_address: 'ul. Żółta 1\n00-001 Warszawa',
      shop_vat_id: null,
      vat_rate_percent: '23',
      texts: {
        copyright: { en: '© PromptMarket' },
        internal_currency_name: { en: 'Credits', de: 'Credits' },
      },
    });
    // One box ticked alone, or none, is still a list.
    expect(settingsBody({ ...settings, formats: 'jpg' }).formats).toEqual(['jpg']);
    expect(settingsBody({ ...settings, formats: false }).formats).toEqual([]);
    // What the form sends is what the API's schema takes.
    expect(adminSettingsUpdate.safeParse(settingsBody(settings)).success).toBe(true);
  });

  it('passes the values on as typed, so that a money field is not sent in cents', async () => {
    const { values, errors } = await check(settingsResolver, settings);
    expect(errors).toEqual({});
    expect(values).toEqual(settings);
  });

  it('refuses what the API refuses, each at its field, with the money fields read by the one amount rule', async () => {
    const { errors } = await check(settingsResolver, {
      ...settings,
      internal_currency_rate_eur: '0',
      support_email: 'not an address',
      formats: [],
      sizes: '512x512, 1000x700',
      image_generation_cost_eur: '-1',
      min_deposit_eur: '1.234',
      vat_rate_percent: '100',
      texts: { copyright: { de: 'Alles\u0007' }, internal_currency_name: { pl: 'x'.repeat(41) } },
    });
    expect(
      messages(errors, [
        'internal_currency_rate_eur',
        'support_email',
        'formats',
        'sizes',
        'image_generation_cost_eur',
        'min_deposit_eur',
        'vat_rate_percent',
        'texts.copyright.de',
        'texts.internal_currency_name.pl',
        'shop_legal_name',
      ]),
    ).toEqual({
      internal_currency_rate_eur: 'rate.invalid',
      support_email: 'email.invalid',
      formats: 'field.invalid',
      // The second size is the one refused: the message shows at the one field of the sizes.
      sizes: 'size.invalid',
      image_generation_cost_eur: 'amount.not_negative',
      min_deposit_eur: 'amount.invalid',
      vat_rate_percent: 'field.invalid',
      'texts.copyright.de': 'field.control_characters',
      'texts.internal_currency_name.pl': 'field.too_long',
      shop_legal_name: undefined,
    });
    const empty = await check(settingsResolver, { ...settings, min_deposit_eur: ' ', shop_legal_name: '' });
    expect(messages(empty.errors, ['min_deposit_eur', 'shop_legal_name'])).toEqual({
      min_deposit_eur: 'amount.invalid',
      shop_legal_name: 'field.invalid',
    });
    const large = await check(settingsResolver, { ...settings, image_generation_cost_eur: '100000.01' });
    expect(messages(large.errors, ['image_generation_cost_eur'])).toEqual({
      image_generation_cost_eur: 'amount.too_large',
    });
  });
});

describe('a static page’s form', () => {
  it('sends the languages with a title, the text as typed', async () => {
    const values = {
      published: true,
      translations: {
        en: { title: ' Terms ', body: 'First.\n\nSecond.\n' },
        de: { title: '', body: 'Ohne Titel bleibt es, wie es ist.' },
      },
    };
    expect(pageBody(values)).toEqual({
      published: true,
      translations: { en: { title: 'Terms', body: 'First.\n\nSecond.\n' } },
    });
    expect((await check(pageResolver, values)).errors).toEqual({});
    const { errors } = await check(pageResolver, {
      published: false,
      translations: { fr: { title: 'x'.repeat(201), body: 'y'.repeat(50_001) } },
    });
    expect(messages(errors, ['translations.fr.title', 'translations.fr.body'])).toEqual({
      'translations.fr.title': 'field.too_long',
      'translations.fr.body': 'field.too_long',
    });
  });
});

describe('a text’s form', () => {
  it('sends the key it edits with the wording, and refuses an empty wording', async () => {
    const form = wordForm('footer.language');
    expect(form.body({ value: ' Sprachwahl ' })).toEqual({ key: 'footer.language', value: 'Sprachwahl' });
    expect((await check(form.resolver, { value: 'Sprachwahl' })).errors).toEqual({});
    expect(messages((await check(form.resolver, { value: '  ' })).errors, ['value'])).toEqual({
      value: 'field.invalid',
    });
  });
});

describe('the social link’s form', () => {
  it('takes a full https address only', async () => {
    expect(linkBody({ url: ' https://example.test/shop ' })).toEqual({ url: 'https://example.test/shop' });
    expect((await check(linkResolver, { url: ' https://example.test/shop ' })).errors).toEqual({});
    for (const url of ['', 'http://example.test', 'example.test']) {
      expect(messages((await check(linkResolver, { url })).errors, ['url'])).toEqual({ url: 'url.invalid' });
    }
  });
});
