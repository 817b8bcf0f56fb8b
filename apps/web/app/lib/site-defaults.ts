import { minorUnitsToNumber } from '@promptmarket/contracts/money';
import type { Currency, Settings } from '@promptmarket/contracts/site';
import { settingDefaults } from '@promptmarket/contracts/site-defaults';
import { EURO } from './currency';

/** The picture size offered first when the settings name none. */
export const DEFAULT_IMAGE_SIZE: string = settingDefaults.sizes[0];

/** The settings a page works with when the settings call fails (spec section 8). */
export const DEFAULT_SETTINGS: Settings = {
  is_reg_enabled: true,
  is_email_verification_enabled: true,
  internal_currency_name: settingDefaults.internal_currency_name,
  internal_currency_rate_eur: settingDefaults.internal_currency_rate_eur,
  support_email: '',
  company_phone: null,
  copyright: settingDefaults.copyright,
  formats: [...settingDefaults.formats],
  sizes: [...settingDefaults.sizes],
  image_generation_cost_eur: minorUnitsToNumber(settingDefaults.image_generation_cost_cents),
  min_deposit_eur: minorUnitsToNumber(settingDefaults.min_deposit_cents),
  // Unknown while the settings cannot be read; a shop taking real payments must not call them simulated.
  payments_test_mode: false,
  // Unknown too: the footer names no way to pay rather than one the shop may not take.
  payment_methods: [],
};

/** The one currency prices are shown in when the currency list fails: EUR at rate 1. */
export const DEFAULT_CURRENCIES: Currency[] = [EURO];
