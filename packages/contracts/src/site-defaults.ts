/**
 * What a new shop starts with, and what the web falls back on when the settings cannot be read
 * (spec section 8). The API seeds its settings from these; the web's fallbacks are made from the
 * same values, so the two cannot drift apart.
 */

/** The settings a new shop starts with. Money in EUR cents. */
export const settingDefaults = {
  internal_currency_name: 'Credits',
  /** EUR per one unit of the internal currency. */
  internal_currency_rate_eur: '1.00',
  /** `{year}` is replaced with the current year when read. */
  copyright: '© {year} PromptMarket. All rights reserved.',
  formats: ['jpg', 'png', 'webp'],
  /** The first size is the one offered first (spec: a purchased image is 1024x1024). */
  sizes: ['1024x1024', '768x768', '512x512'],
  image_generation_cost_cents: 100,
  min_deposit_cents: 1000,
} as const;
