import { creditsText, writtenAmount } from './credits';
import type { Translate } from './i18n';

/**
 * `formatCredits` cut around its number, for a page that sets the number larger than the name:
 * `before` + `amount` + `after` is the whole text ("1 000 000" and " de crédits").
 */
export function creditsParts(
  cents: number,
  locale: string,
  currencyName: string,
  t: Translate,
): { before: string; amount: string; after: string } {
  const amount = writtenAmount(cents, locale);
  const text = creditsText(amount, cents / 100, currencyName, t);
  const at = text.indexOf(amount);
  if (at < 0) return { before: '', amount: text, after: '' };
  return { before: text.slice(0, at), amount, after: text.slice(at + amount.length) };
}
