import {
  type Currency,
  DEFAULT_LOCALE,
  type Language,
  minorUnitsToNumber,
  resolveLocale,
  type Settings,
  validationMessages,
} from '@promptmarket/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { forgetPublicAnswers } from '../../lib/public-answers';
import { createTtlCache } from '../../lib/ttl-cache';
import {
  defaultSettings,
  type StoredSettings,
  storedSettingsSchema,
  translatableSettingKeys,
} from './site.defaults';
import { currencies, languages, settings, settingTranslations, translationOverrides } from './site.tables';

/** Site data is read on every page and changes rarely: it is cached for a few seconds. */
const SITE_CACHE_MS = 5_000;
const siteCache = createTtlCache<Db, unknown>(SITE_CACHE_MS, { name: 'site' });

function cached<T>(db: Db, key: string, load: () => PromiseLike<T>): Promise<T> {
  return siteCache.get(db, key, load) as Promise<T>;
}

/** Call after changing languages, currencies, settings or texts, so this process shows it at once. */
export function forgetSiteCache(db: Db): void {
  siteCache.clear(db);
  // Prices in the internal currency and titles follow the settings and texts.
  forgetPublicAnswers(db);
}

export async function listLanguages(db: Db): Promise<Language[]> {
  return cached(db, 'languages', () =>
    db
      .select({ code: languages.code, name: languages.name })
      .from(languages)
      .where(eq(languages.isActive, true))
      .orderBy(asc(languages.position), asc(languages.code)),
  );
}

/** The language to answer in for a `frontend-language` value: a supported one, else en. */
export async function resolveRequestLocale(db: Db, requested: string | undefined): Promise<string> {
  if (!requested || requested === DEFAULT_LOCALE) return DEFAULT_LOCALE;
  const supported = await listLanguages(db);
  return resolveLocale(
    requested,
    supported.map((language) => language.code),
  );
}

/** Settings in the shape of spec section 3, translated texts in `locale` with English fallback. */
/** The settings as stored (money in integer cents), with the language's own texts. */
export async function getStoredSettings(db: Db, locale: string = DEFAULT_LOCALE): Promise<StoredSettings> {
  const [rows, translations] = await Promise.all([
    cached(db, 'settings', () => db.select({ key: settings.key, value: settings.value }).from(settings)),
    cached(db, `settings:${locale}`, () =>
      db
        .select({ key: settingTranslations.key, value: settingTranslations.value })
        .from(settingTranslations)
        .where(
          and(
            eq(settingTranslations.locale, locale),
            inArray(settingTranslations.key, [...translatableSettingKeys]),
          ),
        ),
    ),
  ]);
  return cachedSettingsFrom(rows, translations);
}

/**
 * The checked settings of the cached rows, made once for each reading of them: the rows change
 * only when read again, so checking them for every list and page would repeat the same work. A
 * reading read again (after a change, or when it expired) is a new array, and is checked again.
 * What it answers is shared: read it, never change it.
 */
const settingsOfRows = new WeakMap<object, WeakMap<object, StoredSettings>>();

function cachedSettingsFrom(
  rows: { key: string; value: string }[],
  translations: { key: string; value: string }[],
): StoredSettings {
  let byTranslations = settingsOfRows.get(rows);
  if (!byTranslations) {
    byTranslations = new WeakMap();
    settingsOfRows.set(rows, byTranslations);
  }
  let stored = byTranslations.get(translations);
  if (!stored) {
    stored = storedSettingsFrom(rows, translations);
    byTranslations.set(translations, stored);
  }
  return stored;
}

/**
 * The settings as stored, read through the handle itself and not the cache, with the default
 * language's texts: inside a change it sees the change. The back office's editor reads these.
 */
export async function readStoredSettings(db: Db): Promise<StoredSettings> {
  return storedSettingsFrom(await db.select({ key: settings.key, value: settings.value }).from(settings));
}

/** The stored rows over the defaults, checked; a language's own texts over the default ones. */
function storedSettingsFrom(
  rows: { key: string; value: string }[],
  translations: { key: string; value: string }[] = [],
): StoredSettings {
  return storedSettingsSchema.parse({
    ...defaultSettings,
    ...Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown])),
    ...Object.fromEntries(translations.map((row) => [row.key, row.value])),
  });
}

/**
 * The stored settings in the answer's shape; whether payments are in test mode follows the
 * provider the shop was started with, not a stored setting, and the route adds it.
 */
export async function getSettings(
  db: Db,
  locale: string,
): Promise<Omit<Settings, 'payments_test_mode' | 'payment_methods'>> {
  const stored = await getStoredSettings(db, locale);
  return {
    is_reg_enabled: stored.is_reg_enabled,
    is_email_verification_enabled: stored.is_email_verification_enabled,
    internal_currency_name: stored.internal_currency_name,
    internal_currency_rate_eur: stored.internal_currency_rate_eur,
    support_email: stored.support_email,
    company_phone: stored.company_phone,
    copyright: stored.copyright.replaceAll('{year}', String(new Date().getUTCFullYear())),
    formats: stored.formats,
    sizes: stored.sizes,
    image_generation_cost_eur: minorUnitsToNumber(stored.image_generation_cost_cents),
    min_deposit_eur: minorUnitsToNumber(stored.min_deposit_cents),
  };
}

const currencyNameCache = new Map<string, Intl.DisplayNames>();

function currencyName(code: string, locale: string): string {
  let names = currencyNameCache.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale, DEFAULT_LOCALE], { type: 'currency' });
    currencyNameCache.set(locale, names);
  }
  return names.of(code) ?? code;
}

function activeCurrencies(db: Db) {
  return cached(db, 'currencies', () =>
    db
      .select({ code: currencies.code, symbol: currencies.symbol, rate: currencies.rate })
      .from(currencies)
      .where(eq(currencies.isActive, true))
      .orderBy(asc(currencies.position), asc(currencies.code)),
  );
}

/** An active currency with its exact rate (units per EUR, a decimal string), or null. */
export async function findCurrency(
  db: Db,
  code: string,
): Promise<{ code: string; symbol: string; rate: string } | null> {
  return (await activeCurrencies(db)).find((row) => row.code === code) ?? null;
}

export async function listCurrencies(db: Db, locale: string): Promise<Currency[]> {
  const rows = await activeCurrencies(db);
  return rows.map((row) => ({
    code: row.code,
    symbol: row.symbol,
    value: Number(row.rate),
    name: currencyName(row.code, locale),
  }));
}

/**
 * The whole map of message keys to texts for one language: the API's catalogue in English, the
 * language's texts over it, then the back office's overrides. Throws NOT_FOUND when the language
 * is not offered.
 */
export async function getWords(db: Db, locale: string): Promise<Record<string, string>> {
  const overrides = await getWordOverrides(db, locale);
  const catalogues = validationMessages as Record<string, Record<string, string>>;
  return { ...catalogues[DEFAULT_LOCALE], ...catalogues[locale.toLowerCase()], ...overrides };
}

/**
 * Only the texts the back office changed for one language, to merge over built-in ones.
 * Throws NOT_FOUND when the language is not offered.
 */
export async function getWordOverrides(db: Db, locale: string): Promise<Record<string, string>> {
  const code = locale.toLowerCase();
  const offered = await listLanguages(db);
  if (!offered.some((language) => language.code === code)) throw AppError.notFound();
  return cached(db, `words:${code}`, async () => {
    const rows = await db
      .select({ key: translationOverrides.key, value: translationOverrides.value })
      .from(translationOverrides)
      .where(eq(translationOverrides.locale, code))
      .orderBy(asc(translationOverrides.key));
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  });
}
