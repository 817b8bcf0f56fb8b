import { formatAmount } from './amount';
import type { Translate } from './i18n';

/**
 * An amount of the shop's internal currency with its name in the plural form the number needs:
 * "1 credit", "2 credits"; in Polish "1 kredyt", "2 kredyty", "5 kredytów" and, for a fraction,
 * "11,90 kredytu". A whole amount is written without decimals and a fraction with two, so the
 * form chosen for the number (`credits.amount_one`, `_few`, `_many`, `_other`, by the language's
 * plural rules) is the form the written number takes.
 *
 * `forms` names another set of forms for a sentence that puts the amount in another grammatical
 * case: after "brakuje ci" Polish writes the genitive ("1 kredytu", "2 kredytów"), so that
 * sentence's amount is written with `credits.genitive` (`shortfallText`). Each language has every set, the same as
 * `credits.amount` where its grammar does not change the word.
 *
 * The name is a setting each language may rename (the back office's content page); the forms in
 * the texts belong to the default name of the language (`credits.name`). A renamed currency is
 * written as it was named, after the number: its forms are not known.
 *
 * On every page's first load (the product tiles): kept small.
 */
export function formatCredits(
  cents: number,
  locale: string,
  currencyName: string,
  t: Translate,
  forms?: string,
): string {
  return creditsText(writtenAmount(cents, locale), cents / 100, currencyName, t, forms);
}

/** The number as `formatCredits` writes it: "25" for a whole amount, "11,90" for a fraction. */
export function writtenAmount(cents: number, locale: string): string {
  const amount = formatAmount(cents, locale);
  return cents % 100 ? amount : amount.slice(0, -3);
}

/**
 * A number already written (`amount`, e.g. "0,9259") with the name of the internal currency in
 * the form `count` needs.
 */
export function creditsText(
  amount: string,
  count: number,
  currencyName: string,
  t: Translate,
  forms = 'credits.amount',
): string {
  return currencyName.trim().toLowerCase() === t('credits.name').toLowerCase()
    ? t(forms, { count, amount })
    : `${amount} ${currencyName}`;
}
