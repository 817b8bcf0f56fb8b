import { formatCredits } from './credits';
import type { Translate } from './i18n';

/**
 * A sentence saying how many credits are missing (`purchase.shortBefore_*`, `cart.short_*`): the
 * sentence takes the plural form the number needs, as its verb agrees with the amount in German,
 * Spanish and Italian ("Dir fehlt 1 Credit", "Dir fehlen 2 Credits"), and the amount is written in
 * the genitive forms (`credits.genitive`) that Polish needs after "brakuje" ("brakuje ci 1
 * kredytu", "2 kredytów", "11,90 kredytu"). `values` fills the sentence's other placeholders.
 */
export function shortfallText(
  key: string,
  cents: number,
  locale: string,
  currencyName: string,
  t: Translate,
  values: Record<string, unknown> = {},
): string {
  return t(key, {
    ...values,
    count: cents / 100,
    amount: formatCredits(cents, locale, currencyName, t, 'credits.genitive'),
  });
}
