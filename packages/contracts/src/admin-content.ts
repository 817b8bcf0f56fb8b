import { z } from 'zod';
import { adminList } from './admin';
import { moneyField } from './money-field';
import { vatRatePattern } from './receipts';
import { multiLineText, singleLineText } from './single-line-text';

/**
 * The back office's site content (issue: the back office): settings, currencies and rates,
 * languages and the words that override the built-in texts, static pages, social links, the
 * newsletter's subscribers and the contact form's messages. An update changes what it names.
 */

const list = adminList;
const one = <T extends z.ZodType>(item: T) => z.object({ status: z.literal('OK'), payload: item });

export const adminContentListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  search: z.string().trim().max(120, 'field.too_long').optional(),
});

/** An amount in euro cents, by the one rule of every amount (`readAmount`): 0 or more, up to 100,000 EUR. */
const eurCents = moneyField({
  required: 'amount.invalid',
  invalid: 'amount.invalid',
  sign: 'zero',
  maxMinor: 10_000_000,
});

const localeCode = z.string().regex(/^[a-z]{2}$/, 'locale.invalid');
/** A setting's text (the shop's legal name, a copyright line): one line without control characters. */
const shortText = (max: number) =>
  singleLineText('field.invalid').trim().min(1, 'field.invalid').max(max, 'field.too_long');

/* Settings */

export const adminSettings = z.object({
  is_reg_enabled: z.boolean(),
  is_email_verification_enabled: z.boolean(),
  internal_currency_rate_eur: z.string(),
  support_email: z.string(),
  company_phone: z.string().nullable(),
  formats: z.array(z.string()),
  sizes: z.array(z.string()),
  image_generation_cost_eur: z.number(),
  min_deposit_eur: z.number(),
  shop_legal_name: z.string(),
  shop_address: z.string(),
  shop_vat_id: z.string().nullable(),
  vat_rate_percent: z.string(),
  /** The texts people read, per language: `{copyright: {en: …, de: …}, internal_currency_name: {…}}`. */
  texts: z.object({
    copyright: z.record(z.string(), z.string()),
    internal_currency_name: z.record(z.string(), z.string()),
  }),
});
export type AdminSettings = z.infer<typeof adminSettings>;
/**
 * The settings as the editor reads them, with what the server's configuration decides: the engine
 * that draws generated pictures (`local`, the demo engine, when no IMAGE_API_URL is set).
 */
export const adminSettingsAnswer = adminSettings.extend({
  image_engine: z.enum(['local', 'openai', 'automatic1111', 'comfyui']),
});
export type AdminSettingsAnswer = z.infer<typeof adminSettingsAnswer>;
export const adminSettingsResponse = one(adminSettingsAnswer);

export const DOWNLOAD_FORMATS = ['jpg', 'png', 'webp'] as const;

export const adminSettingsUpdate = z
  .object({
    is_reg_enabled: z.boolean('field.invalid').optional(),
    is_email_verification_enabled: z.boolean('field.invalid').optional(),
    internal_currency_rate_eur: z
      .string('field.invalid')
      .trim()
      .regex(/^\d{1,6}(\.\d{1,8})?$/, 'rate.invalid')
      .refine((rate) => Number(rate) > 0, 'rate.invalid')
      .optional(),
    support_email: z.email('email.invalid').max(254, 'field.too_long').optional(),
    company_phone: z.string('field.invalid').trim().max(40, 'field.too_long').nullable().optional(),
    formats: z.array(z.enum(DOWNLOAD_FORMATS, 'field.invalid')).min(1, 'field.invalid').max(3).optional(),
    sizes: z
      .array(z.string().regex(/^(64|128|256|512|768|1024)x\1$/, 'size.invalid'))
      .min(1, 'field.invalid')
      .max(6, 'field.too_many')
      .optional(),
    image_generation_cost_eur: eurCents.optional(),
    min_deposit_eur: eurCents.optional(),
    /** The seller receipts name; the address one line per line. */
    shop_legal_name: shortText(200).optional(),
    shop_address: multiLineText('field.invalid').trim().max(500, 'field.too_long').optional(),
    shop_vat_id: z.string('field.invalid').trim().max(40, 'field.too_long').nullable().optional(),
    /** Percent with at most two decimals, below 100; "0" shows no VAT line. */
    vat_rate_percent: z.string('field.invalid').trim().regex(vatRatePattern, 'field.invalid').optional(),
    texts: z
      .object({
        copyright: z.record(localeCode, shortText(300)).optional(),
        internal_currency_name: z.record(localeCode, shortText(40)).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type AdminSettingsUpdate = z.input<typeof adminSettingsUpdate>;

/* Currencies and languages */

export const adminCurrency = z.object({
  code: z.string(),
  symbol: z.string(),
  rate: z.string(),
  position: z.number(),
  active: z.boolean(),
});
export const adminCurrenciesResponse = one(z.array(adminCurrency));
export const adminCurrencyParams = z.object({ code: z.string().regex(/^[A-Z]{3}$/, 'field.invalid') });
/** Units of a currency per 1 EUR, as a decimal string: positive, at most eight decimals. */
const currencyRate = z
  .string('rate.invalid')
  .trim()
  .regex(/^\d{1,10}(\.\d{1,8})?$/, 'rate.invalid')
  .refine((rate) => Number(rate) > 0, 'rate.invalid');
const currencyPosition = z.number('field.invalid').int('field.invalid').min(0).max(1000);

export const adminCurrencyUpdate = z
  .object({
    symbol: shortText(8).optional(),
    rate: currencyRate.optional(),
    position: currencyPosition.optional(),
    active: z.boolean('field.invalid').optional(),
  })
  .strict();

/**
 * A currency the back office adds: an ISO 4217 code (any case) the shop does not have yet, its
 * symbol and its rate per EUR; offered at once unless `active` is false.
 */
export const adminCurrencyCreate = z
  .object({
    code: z
      .string('currency.code')
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'currency.code')
      .refine((code) => Intl.supportedValuesOf('currency').includes(code), 'currency.code'),
    symbol: shortText(8),
    rate: currencyRate,
    position: currencyPosition.optional(),
    active: z.boolean('field.invalid').optional(),
  })
  .strict();
export type AdminCurrencyCreate = z.input<typeof adminCurrencyCreate>;

export const adminLanguage = z.object({
  code: z.string(),
  name: z.string(),
  position: z.number(),
  active: z.boolean(),
});
export const adminLanguagesResponse = one(z.array(adminLanguage));
export const adminLanguageParams = z.object({ code: localeCode });
/**
 * A language the back office adds: its two-letter ISO 639-1 code (any case) and its own name for
 * itself. It is added switched off: its pages show the built-in English texts under the ones the
 * back office translates, until it is switched on.
 */
export const adminLanguageCreate = z
  .object({
    code: z
      .string('language.code')
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{2}$/, 'language.code')
      // Zod runs this check after a failed regex too, and Intl throws on a code that is no language
      // tag at all (`n1`): such a code is refused by the regex alone.
      .refine(
        (code) =>
          /^[a-z]{2}$/.test(code) &&
          new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(code) !== undefined,
        'language.code',
      ),
    name: shortText(40),
  })
  .strict();
export type AdminLanguageCreate = z.input<typeof adminLanguageCreate>;

export const adminLanguageUpdate = z
  .object({
    name: shortText(40).optional(),
    position: z.number('field.invalid').int('field.invalid').min(0).max(1000).optional(),
    active: z.boolean('field.invalid').optional(),
  })
  .strict();

/* Words: overrides of the built-in texts */

export const wordKey = z
  .string('field.invalid')
  .regex(/^[a-zA-Z][\w]*(\.[a-zA-Z0-9_]+){0,5}$/, 'word.key')
  .max(120);
export const adminWordsResponse = one(z.array(z.object({ key: z.string(), value: z.string() })));
export const adminWordUpdate = z.object({ key: wordKey, value: shortText(2000) }).strict();
export const adminWordParams = z.object({ locale: localeCode });
export const adminWordDeleteParams = z.object({ locale: localeCode, key: wordKey });

/* Static pages and social links */

export const adminStaticPage = z.object({
  id: z.number(),
  slug: z.string(),
  published: z.boolean(),
  position: z.number(),
  translations: z.record(z.string(), z.object({ title: z.string(), body: z.string() })),
});
export const adminStaticPagesResponse = one(z.array(adminStaticPage));
export const adminStaticPageUpdate = z
  .object({
    published: z.boolean('field.invalid').optional(),
    position: z.number('field.invalid').int('field.invalid').min(0).max(1000).optional(),
    translations: z
      .record(
        localeCode,
        z
          .object({ title: shortText(200), body: z.string('field.invalid').max(50_000, 'field.too_long') })
          .strict(),
      )
      .optional(),
  })
  .strict();

export const adminSocialLink = z.object({ id: z.number(), url: z.string(), position: z.number() });
export const adminSocialLinksResponse = one(z.array(adminSocialLink));
export const adminSocialLinkInput = z
  .object({
    url: z.url({ protocol: /^https$/, message: 'url.invalid' }).max(500, 'field.too_long'),
    position: z.number('field.invalid').int('field.invalid').min(0).max(1000).default(0),
  })
  .strict();

/* Newsletter and contact messages */

export const adminSubscriber = z.object({
  id: z.string(),
  email: z.string(),
  locale: z.string(),
  created_at: z.string(),
});
export const adminSubscribersResponse = list(adminSubscriber);
/** `GET /admin/newsletter/export`: every subscriber as CSV text (e-mail, language, date), a download. */
export const adminNewsletterExportResponse = z
  .string()
  .describe('text/csv: a header row, then one row per subscriber: email, language, subscribed_at');

export const adminContactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  country: z.string(),
  message: z.string(),
  locale: z.string(),
  created_at: z.string(),
});
export const adminContactMessagesResponse = list(adminContactMessage);

export const adminContentActionResponse = z.object({ status: z.literal('OK'), message: z.string() });

/** A CSV cell that a spreadsheet will not run as a formula, quoted. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}
