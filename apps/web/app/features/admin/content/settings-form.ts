import {
  type AdminSettingsUpdate,
  adminSettingsUpdate,
  DOWNLOAD_FORMATS,
} from '@promptmarket/contracts/admin-content';
import { bodyResolver } from './form-body';

/** The settings form as typed: the sizes in one text, each language's texts in a field of its own. */
export type SettingsFormValues = {
  is_reg_enabled: boolean;
  is_email_verification_enabled: boolean;
  internal_currency_rate_eur: string;
  support_email: string;
  company_phone: string;
  formats: string[] | string | false;
  sizes: string;
  image_generation_cost_eur: string;
  min_deposit_eur: string;
  shop_legal_name: string;
  shop_address: string;
  shop_vat_id: string;
  vat_rate_percent: string;
  texts: { copyright: Record<string, string>; internal_currency_name: Record<string, string> };
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A language's text left empty keeps the one it has: only the filled ones are sent. */
const filled = (perLanguage: Record<string, string> | undefined) =>
  Object.fromEntries(
    Object.entries(perLanguage ?? {})
      .map(([code, value]) => [code, text(value)] as const)
      .filter(([, value]) => value),
  );

/** A checkbox group's value: the boxes ticked (one box alone gives its value, none `false`). */
const ticked = (value: SettingsFormValues['formats']): string[] =>
  Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];

/** The body of `PUT /admin/settings` the form sends: every setting, an empty phone or VAT ID as none. */
export function settingsBody(values: SettingsFormValues): AdminSettingsUpdate {
  return {
    is_reg_enabled: values.is_reg_enabled === true,
    is_email_verification_enabled: values.is_email_verification_enabled === true,
    internal_currency_rate_eur: text(values.internal_currency_rate_eur),
    support_email: text(values.support_email),
    company_phone: text(values.company_phone) || null,
    formats: ticked(values.formats).filter((format): format is (typeof DOWNLOAD_FORMATS)[number] =>
      (DOWNLOAD_FORMATS as readonly string[]).includes(format),
    ),
    sizes: text(values.sizes)
      .split(/[\s,]+/)
      .filter(Boolean),
    image_generation_cost_eur: text(values.image_generation_cost_eur),
    min_deposit_eur: text(values.min_deposit_eur),
    shop_legal_name: text(values.shop_legal_name),
    shop_address: text(values.shop_address),
    shop_vat_id: text(values.shop_vat_id) || null,
    vat_rate_percent: text(values.vat_rate_percent),
    texts: {
      copyright: filled(values.texts?.copyright),
      internal_currency_name: filled(values.texts?.internal_currency_name),
    },
  };
}

/** The settings' form checked as the API checks the body: the money fields by the contracts' `moneyField`. */
export const settingsResolver = bodyResolver(settingsBody, adminSettingsUpdate);
