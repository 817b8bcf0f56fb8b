import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { defaultSettings, seedCurrencies, seedLanguages, seedSettingTranslations } from './site.defaults';
import { currencies, languages, settings, settingTranslations } from './site.tables';

/** Fills in the demo shop's languages, currencies and settings. Existing rows are left as they are. */
export async function seedSite(db: Db): Promise<void> {
  await db
    .insert(languages)
    .values(seedLanguages.map((language, position) => ({ ...language, position })))
    .onConflictDoNothing();
  await db
    .insert(currencies)
    .values(seedCurrencies.map((currency, position) => ({ ...currency, position })))
    .onConflictDoNothing();
  await db
    .insert(settings)
    // A setting without a value (no company phone) simply has no row.
    .values(
      Object.entries(defaultSettings)
        .filter(([, value]) => value !== null)
        .map(([key, value]) => ({ key, value: JSON.stringify(value) })),
    )
    .onConflictDoNothing();
  const translations = Object.entries(seedSettingTranslations).flatMap(([key, byLocale]) =>
    Object.entries(byLocale).map(([locale, value]) => ({ key, locale, value })),
  );
  await db.insert(settingTranslations).values(translations).onConflictDoNothing();
}

/** True once languages exist: the shop has been seeded (or set up by hand) before. */
export async function isSiteSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: count() }).from(languages);
  return (row?.count ?? 0) > 0;
}
