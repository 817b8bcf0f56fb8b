import type { Db } from '../db/client';
import { settingTranslations } from '../modules/site/site.tables';

/** Names the shop's currency in one language, as the back office's settings do (forget the site cache after). */
export async function translateCurrencyName(db: Db, locale: string, value: string): Promise<void> {
  await db
    .insert(settingTranslations)
    .values({ key: 'internal_currency_name', locale, value })
    .onConflictDoUpdate({ target: [settingTranslations.key, settingTranslations.locale], set: { value } });
}
