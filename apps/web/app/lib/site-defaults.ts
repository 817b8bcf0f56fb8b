import type { Currency, Settings } from '@promptmarket/contracts/site';
import { EURO } from './currency';

/** The picture size offered first when the settings name none. */
export const DEFAULT_IMAGE_SIZE = '1024x1024';

/** The settings a page works with when the settings call fails (spec section 8). */
export const DEFAULT_SETTINGS: Settings = {
  is_reg_enabled: true,
  is_email_verification_enabled: true,
  internal_currency_name: 'Credits',
  internal_currency_rate_eur: '1.00',
  support_email: '',
  company_phone: null,
  copyright: '© {year} PromptMarket. All rights reserved.',
  formats: ['jpg', 'png', 'webp'],
  sizes: [DEFAULT_IMAGE_SIZE, '768x768', '512x512'],
  image_generation_cost_eur: 1,
  min_deposit_eur: 10,
  // Unknown while the settings cannot be read; a shop taking real payments must not call them simulated.
  payments_test_mode: false,
};

/** The one currency prices are shown in when the currency list fails: EUR at rate 1. */
export const DEFAULT_CURRENCIES: Currency[] = [EURO];
