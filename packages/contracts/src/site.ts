import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okEnvelope } from './envelope';

export const settingsPayload = z.object({
  is_reg_enabled: z.boolean(),
  is_email_verification_enabled: z.boolean(),
  internal_currency_name: z.string(),
  /** How many EUR one unit of the internal currency is worth, as a decimal string ("1.00"). */
  internal_currency_rate_eur: z.string(),
  support_email: z.string(),
  company_phone: z.string().nullable(),
  copyright: z.string(),
  formats: z.array(z.string()),
  sizes: z.array(z.string()),
  image_generation_cost_eur: z.number(),
  min_deposit_eur: z.number(),
  /**
   * Payments go through the sandbox provider: deposits are simulated and no real money moves.
   * Every page says so at its top.
   */
  payments_test_mode: z.boolean(),
  /**
   * The types of the ways to pay a deposit offers (`card`), as the deposit form lists them: the
   * footer names what the shop accepts from these.
   */
  payment_methods: z.array(z.string()),
});
/** The settings as answered: the original API's clients read the minimum deposit by its old name too. */
export const settingsResponse = okEnvelope(
  settingsPayload.extend({
    /** The same as `min_deposit_eur`. */
    min_deposit_amount_eur: z.number(),
  }),
);
export type Settings = z.infer<typeof settingsPayload>;

export const language = z.object({ code: z.string(), name: z.string() });
export const languagesResponse = okEnvelope(z.array(language));
export type Language = z.infer<typeof language>;

export const currency = z.object({
  code: z.string(),
  /** Units of this currency per 1 EUR. EUR is 1. */
  value: z.number().positive(),
  symbol: z.string(),
  /** The currency's name in the requested language. */
  name: z.string(),
});
export const currenciesResponse = okEnvelope(z.array(currency));
export type Currency = z.infer<typeof currency>;

/** Message keys to texts. */
export const words = z.record(z.string(), z.string());
export type Words = z.infer<typeof words>;
/** `GET /localization/{locale}/words` answers the map itself, as spec section 7 gives it. */
export const wordsResponse = words;
export const wordOverridesResponse = okEnvelope(words);

export const localeParams = z.object({ locale: z.string().regex(/^[a-z]{2}(?:-[a-z0-9]{2,4})?$/i) });

export const siteEndpoints = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/settings',
    summary: 'Shop settings',
    response: settingsResponse,
  }),
  languages: defineEndpoint({
    method: 'GET',
    path: '/languages',
    summary: 'Languages',
    response: languagesResponse,
  }),
  currencies: defineEndpoint({
    method: 'GET',
    path: '/currencies',
    summary: 'Currencies, EUR first',
    response: currenciesResponse,
  }),
  /**
   * The map is the API's own message catalogue (validationMessages: the texts of its validation,
   * refusals and back office, by the keys its schemas carry), since the API answers in those texts;
   * the web's interface texts ship with the web, which reads only the overrides (below).
   */
  words: defineEndpoint({
    method: 'GET',
    path: '/localization/:locale/words',
    summary:
      "Every message key of the API's catalogue with its text in the language, merged over the built-in English, then the back office's overrides",
    params: localeParams,
    response: wordsResponse,
  }),
  wordOverrides: defineEndpoint({
    method: 'GET',
    path: '/localization/:locale/overrides',
    summary: 'Only the texts the back office changed for a language, to merge over built-in ones',
    params: localeParams,
    response: wordOverridesResponse,
  }),
};

export const healthResponse = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export const pingResponse = z.object({ status: z.literal('ok') });
export const readyResponse = z.object({ status: z.literal('ready') });

export const healthEndpoints = {
  /** Liveness only: the process answers. */
  ping: defineEndpoint({ method: 'GET', path: '/ping', summary: 'Liveness', response: pingResponse }),
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    summary: 'The database answers',
    response: healthResponse,
  }),
  /** For load balancers: 200 once this node can serve (database reachable, schema migrated), else 503. */
  ready: defineEndpoint({
    method: 'GET',
    path: '/ready',
    summary: "Readiness: the database answers and its schema is this code's",
    response: readyResponse,
  }),
};
