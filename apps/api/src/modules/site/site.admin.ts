import { DEFAULT_LOCALE, minorUnitsToNumber } from '@promptmarket/contracts';
import type {
  AdminSettings,
  adminCurrencyCreate,
  adminCurrencyUpdate,
  adminLanguageCreate,
  adminLanguageUpdate,
  adminSettingsUpdate,
} from '@promptmarket/contracts/admin-content';
import { BASE_CURRENCY } from '@promptmarket/contracts/base-currency';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { defaultSettings, type TranslatableSettingKey, translatableSettingKeys } from './site.defaults';
import { forgetSiteCache, readStoredSettings } from './site.service';
import { currencies, languages, settings, settingTranslations, translationOverrides } from './site.tables';

/**
 * The back office's editor of the site: settings, currencies, languages and the words that
 * override the built-in texts. Each change takes the handle of the caller's transaction (the
 * back office writes its audit entry in the same one) and clears the site's caches once it
 * commits. Reads go through the handle, not the cache, so a change sees itself.
 */

/**
 * Throws a 422 on `<field>.<code>` for each language the shop does not have: a text may only be
 * given in one of its languages.
 */
export async function checkLanguages(db: Db, codes: string[], field: string): Promise<void> {
  if (codes.length === 0) return;
  const known = await db
    .select({ code: languages.code })
    .from(languages)
    .where(inArray(languages.code, codes));
  const missing = codes.filter((code) => !known.some((row) => row.code === code));
  if (missing.length > 0) {
    throw AppError.validation(
      Object.fromEntries(missing.map((code) => [`${field}.${code}`, ['locale.invalid']])),
    );
  }
}

/* Settings */

/** The settings as the editor shows them: money in EUR, texts per language. */
export async function settingsForEditor(db: Db): Promise<AdminSettings> {
  const [stored, rows] = await Promise.all([readStoredSettings(db), db.select().from(settingTranslations)]);
  const textsOf = (key: TranslatableSettingKey): Record<string, string> => ({
    [DEFAULT_LOCALE]: stored[key],
    ...Object.fromEntries(rows.filter((row) => row.key === key).map((row) => [row.locale, row.value])),
  });
  return {
    is_reg_enabled: stored.is_reg_enabled,
    is_email_verification_enabled: stored.is_email_verification_enabled,
    internal_currency_rate_eur: stored.internal_currency_rate_eur,
    support_email: stored.support_email,
    company_phone: stored.company_phone,
    formats: stored.formats,
    sizes: stored.sizes,
    image_generation_cost_eur: minorUnitsToNumber(stored.image_generation_cost_cents),
    min_deposit_eur: minorUnitsToNumber(stored.min_deposit_cents),
    shop_legal_name: stored.shop_legal_name,
    shop_address: stored.shop_address,
    shop_vat_id: stored.shop_vat_id,
    vat_rate_percent: stored.vat_rate_percent,
    texts: { copyright: textsOf('copyright'), internal_currency_name: textsOf('internal_currency_name') },
  };
}

async function storeSetting(db: Db, key: string, value: unknown): Promise<void> {
  const encoded = JSON.stringify(value);
  await db
    .insert(settings)
    .values({ key, value: encoded })
    .onConflictDoUpdate({ target: settings.key, set: { value: encoded, updatedAt: new Date() } });
}

/**
 * Changes the settings the input names (money already in cents); a text in the default language
 * is the setting itself, in another language its translation. Throws a 422 on `texts.<code>` for
 * a language the shop does not have.
 */
export async function updateSettings(db: Db, input: z.output<typeof adminSettingsUpdate>): Promise<void> {
  const { texts, image_generation_cost_eur, min_deposit_eur, ...plain } = input;
  await checkLanguages(
    db,
    [...Object.keys(texts?.copyright ?? {}), ...Object.keys(texts?.internal_currency_name ?? {})],
    'texts',
  );
  const values: Record<string, unknown> = { ...plain };
  if (image_generation_cost_eur !== undefined) values.image_generation_cost_cents = image_generation_cost_eur;
  if (min_deposit_eur !== undefined) values.min_deposit_cents = min_deposit_eur;
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || !(key in defaultSettings)) continue;
    await storeSetting(db, key, value);
  }
  for (const key of translatableSettingKeys) {
    for (const [locale, text] of Object.entries(texts?.[key] ?? {})) {
      if (locale === DEFAULT_LOCALE) {
        await storeSetting(db, key, text);
      } else {
        await db
          .insert(settingTranslations)
          .values({ key, locale, value: text })
          .onConflictDoUpdate({
            target: [settingTranslations.key, settingTranslations.locale],
            set: { value: text },
          });
      }
    }
  }
  forgetSiteCache(db);
}

/* Currencies */

/** Every currency, active or not, in the shop's order. */
export async function currenciesForEditor(db: Db) {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.position), asc(currencies.code));
  return rows.map((row) => ({
    code: row.code,
    symbol: row.symbol,
    rate: row.rate,
    position: row.position,
    active: row.isActive,
  }));
}

/**
 * Adds a currency; a 422 on `code` when the shop has it already (whatever became of it: a
 * currency is switched off, never removed).
 */
export async function createCurrency(db: Db, input: z.output<typeof adminCurrencyCreate>) {
  const [created] = await db
    .insert(currencies)
    .values({
      code: input.code,
      symbol: input.symbol,
      rate: input.rate,
      position: input.position ?? 100,
      isActive: input.active ?? true,
    })
    .onConflictDoNothing({ target: currencies.code })
    .returning();
  if (!created) throw AppError.validation({ code: ['currency.exists'] });
  forgetSiteCache(db);
  return created;
}

/**
 * Changes what the input names of a currency and reports the row before and after. Throws a 422
 * on `code` when the euro's rate would change or it would leave the shop (it is the base),
 * NOT_FOUND for an unknown code.
 */
export async function updateCurrency(
  db: Db,
  input: { code: string; change: z.output<typeof adminCurrencyUpdate> },
) {
  const { code, change } = input;
  if (
    code === BASE_CURRENCY.code &&
    ((change.rate !== undefined && Number(change.rate) !== 1) || change.active === false)
  ) {
    throw AppError.validation({ code: ['currency.base'] });
  }
  const [before] = await db.select().from(currencies).where(eq(currencies.code, code));
  if (!before) throw AppError.notFound();
  const [after] = await db
    .update(currencies)
    .set({
      ...(change.symbol !== undefined ? { symbol: change.symbol } : {}),
      ...(change.rate !== undefined ? { rate: change.rate } : {}),
      ...(change.position !== undefined ? { position: change.position } : {}),
      ...(change.active !== undefined ? { isActive: change.active } : {}),
      updatedAt: new Date(),
    })
    .where(eq(currencies.code, code))
    .returning();
  forgetSiteCache(db);
  return { before, after: after ?? null };
}

/* Languages and words */

/** Every language, active or not, in the shop's order. */
export async function languagesForEditor(db: Db) {
  const rows = await db.select().from(languages).orderBy(asc(languages.position), asc(languages.code));
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    position: row.position,
    active: row.isActive,
  }));
}

/**
 * Adds a language, switched off; a 422 on `code` when the shop has it already (whatever became
 * of it: a language is switched off, never removed).
 */
export async function createLanguage(db: Db, input: z.output<typeof adminLanguageCreate>) {
  const [created] = await db
    .insert(languages)
    .values({ code: input.code, name: input.name, position: 100, isActive: false })
    .onConflictDoNothing({ target: languages.code })
    .returning();
  if (!created) throw AppError.validation({ code: ['language.exists'] });
  forgetSiteCache(db);
  return created;
}

/**
 * Changes what the input names of a language and reports the row before and after. Throws a 422
 * on `code` when the default language would leave the shop, NOT_FOUND for an unknown code.
 */
export async function updateLanguage(
  db: Db,
  input: { code: string; change: z.output<typeof adminLanguageUpdate> },
) {
  const { code, change } = input;
  if (code === DEFAULT_LOCALE && change.active === false) {
    throw AppError.validation({ code: ['language.base'] });
  }
  const [before] = await db.select().from(languages).where(eq(languages.code, code));
  if (!before) throw AppError.notFound();
  const [after] = await db
    .update(languages)
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.position !== undefined ? { position: change.position } : {}),
      ...(change.active !== undefined ? { isActive: change.active } : {}),
      updatedAt: new Date(),
    })
    .where(eq(languages.code, code))
    .returning();
  forgetSiteCache(db);
  return { before, after: after ?? null };
}

/** The texts of a language changed from the back office, by key. */
export async function wordsForEditor(db: Db, locale: string) {
  return db
    .select({ key: translationOverrides.key, value: translationOverrides.value })
    .from(translationOverrides)
    .where(eq(translationOverrides.locale, locale))
    .orderBy(asc(translationOverrides.key));
}

/**
 * Sets one text of a language over its built-in wording; reports the text it replaced, if any.
 * Throws NOT_FOUND when the shop does not have the language (active or not).
 */
export async function setWord(db: Db, input: { locale: string; key: string; value: string }) {
  const { locale, key, value } = input;
  const [language] = await db.select().from(languages).where(eq(languages.code, locale));
  if (!language) throw AppError.notFound();
  const [before] = await db
    .select()
    .from(translationOverrides)
    .where(and(eq(translationOverrides.locale, locale), eq(translationOverrides.key, key)));
  await db
    .insert(translationOverrides)
    .values({ locale, key, value })
    .onConflictDoUpdate({
      target: [translationOverrides.locale, translationOverrides.key],
      set: { value, updatedAt: new Date() },
    });
  forgetSiteCache(db);
  return { before: before ? { value: before.value } : null, after: { value } };
}

/** Gives a text back its built-in wording; reports the text removed. Throws NOT_FOUND when none was set. */
export async function deleteWord(db: Db, input: { locale: string; key: string }) {
  const removed = await db
    .delete(translationOverrides)
    .where(and(eq(translationOverrides.locale, input.locale), eq(translationOverrides.key, input.key)))
    .returning();
  if (removed.length === 0) throw AppError.notFound();
  forgetSiteCache(db);
  return { before: { value: removed[0]?.value ?? '' }, after: null };
}
