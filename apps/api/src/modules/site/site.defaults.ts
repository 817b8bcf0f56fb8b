import { BASE_CURRENCY } from '@promptmarket/contracts/base-currency';
import { vatRatePattern } from '@promptmarket/contracts/receipts';
import { settingDefaults } from '@promptmarket/contracts/site-defaults';
import { z } from 'zod';

/** The settings as stored, one row per key. Money is in EUR cents. */
export const storedSettingsSchema = z.object({
  is_reg_enabled: z.boolean(),
  is_email_verification_enabled: z.boolean(),
  internal_currency_name: z.string().min(1),
  internal_currency_rate_eur: z.string().regex(/^\d{1,6}(\.\d{1,8})?$/),
  support_email: z.email(),
  company_phone: z.string().nullable(),
  /** `{year}` is replaced with the current year when read. */
  copyright: z.string(),
  formats: z.array(z.string().min(1)).min(1),
  sizes: z.array(z.string().regex(/^\d+x\d+$/)).min(1),
  image_generation_cost_cents: z.number().int().nonnegative(),
  min_deposit_cents: z.number().int().positive(),
  /** The seller a receipt names (decision 0029): legal name, address lines, VAT id. */
  shop_legal_name: z.string().min(1),
  shop_address: z.string(),
  shop_vat_id: z.string().nullable(),
  /** Percent, at most two decimals; "0" leaves the VAT line off receipts. */
  vat_rate_percent: z.string().regex(vatRatePattern),
});
export type StoredSettings = z.infer<typeof storedSettingsSchema>;

/** Settings whose value people read, so each language may have its own. */
export const translatableSettingKeys = ['copyright', 'internal_currency_name'] as const;
export type TranslatableSettingKey = (typeof translatableSettingKeys)[number];

export const defaultSettings: StoredSettings = {
  is_reg_enabled: true,
  is_email_verification_enabled: true,
  ...settingDefaults,
  formats: [...settingDefaults.formats],
  sizes: [...settingDefaults.sizes],
  support_email: 'support@promptmarket.example',
  company_phone: null,
  shop_legal_name: 'PromptMarket',
  shop_address: '',
  shop_vat_id: null,
  vat_rate_percent: '0',
};

export const seedLanguages = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'es', name: 'Español' },
  { code: 'it', name: 'Italiano' },
  { code: 'pl', name: 'Polski' },
] as const;

export const seedCurrencies = [
  { code: BASE_CURRENCY.code, symbol: BASE_CURRENCY.symbol, rate: String(BASE_CURRENCY.value) },
  { code: 'USD', symbol: '$', rate: '1.08' },
  { code: 'GBP', symbol: '£', rate: '0.85' },
  { code: 'PLN', symbol: 'zł', rate: '4.30' },
  { code: 'CHF', symbol: 'CHF', rate: '0.95' },
] as const;

export const seedSettingTranslations: Record<TranslatableSettingKey, Record<string, string>> = {
  copyright: {
    de: '© {year} PromptMarket. Alle Rechte vorbehalten.',
    fr: '© {year} PromptMarket. Tous droits réservés.',
    es: '© {year} PromptMarket. Todos los derechos reservados.',
    it: '© {year} PromptMarket. Tutti i diritti riservati.',
    pl: '© {year} PromptMarket. Wszelkie prawa zastrzeżone.',
  },
  internal_currency_name: {
    de: 'Credits',
    fr: 'Crédits',
    es: 'Créditos',
    it: 'Crediti',
    pl: 'Kredyty',
  },
};
