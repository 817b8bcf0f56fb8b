import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

export const languages = pgTable('languages', {
  code: text('code').primaryKey(),
  /** The language's own name for itself ("Deutsch"), as language pickers show it. */
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

export const currencies = pgTable(
  'currencies',
  {
    code: text('code').primaryKey(),
    symbol: text('symbol').notNull(),
    /** Units of this currency per 1 EUR; display only, money is always kept in EUR-pegged minor units. */
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (table) => [
    check('currencies_rate_positive', sql`${table.rate} > 0`),
    check('currencies_code_shape', sql`${table.code} ~ '^[A-Z]{3}$'`),
  ],
);

/**
 * One row per setting. The value is JSON kept as text, encoded and decoded by the site
 * service only: drivers disagree on how a jsonb string such as "1.00" comes back.
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  ...timestamps,
});

/** Per-language values of the settings that are text people read (the copyright line). */
export const settingTranslations = pgTable(
  'setting_translations',
  {
    key: text('key').notNull(),
    locale: text('locale')
      .notNull()
      .references(() => languages.code, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.locale] })],
);

/** Interface texts changed from the back office, merged over the texts built into the web app. */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    locale: text('locale')
      .notNull()
      .references(() => languages.code, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.locale, table.key] })],
);

export type Language = typeof languages.$inferSelect;
export type NewLanguage = typeof languages.$inferInsert;
export type CurrencyRow = typeof currencies.$inferSelect;
export type NewCurrency = typeof currencies.$inferInsert;
