import type { Translate } from './i18n';
import { formatAmount } from './money';

/**
 * An amount of the shop's internal currency with its name in the plural form the number needs:
 * "1 credit", "2 credits"; in Polish "1 kredyt", "2 kredyty", "5 kredytów" and, for a fraction,
 * "11,90 kredytu". A whole amount is written without decimals and a fraction with two, so the
 * form chosen for the number (`credits.amount_one`, `_few`, `_many`, `_other`, by the language's
 * plural rules) is the form the written number takes.
 *
 * The name is a setting each language may rename (the back office's content page); the forms in
 * the texts belong to the default name of the language (`credits.name`). A renamed currency is
 * written as it was named, after the number: its forms are not known.
 */
export function formatCredits(cents: number, locale: string, currencyName: string, t: Translate): string {
  return creditsText(writtenAmount(cents, locale), cents / 100, currencyName, t);
}

function writtenAmount(cents: number, locale: string): string {
  return cents % 100 === 0 ? formatAmount(cents, locale).slice(0, -3) : formatAmount(cents, locale);
}

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

/**
 * A number already written (`amount`, e.g. "0,9259") with the name of the internal currency in
 * the form `count` needs.
 */
export function creditsText(amount: string, count: number, currencyName: string, t: Translate): string {
  const known = t('credits.name');
  if (currencyName.trim().toLocaleLowerCase() !== known.toLocaleLowerCase())
    return `${amount} ${currencyName}`;
  return t('credits.amount', { count, amount });
}
