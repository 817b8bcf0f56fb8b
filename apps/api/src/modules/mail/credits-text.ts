import { writtenAmount } from '../../lib/written-amount';
import { ownMailCatalogue } from './mail.texts';

type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * The case a sentence puts the amount in: `count` as in "25 credits", "Koszt: 5 kredytów";
 * `genitive` after a word that governs it, as Polish "saldo w wysokości 2 kredytów" (a language
 * whose word does not change writes its count forms there too).
 */
export type CreditsCase = 'count' | 'genitive';

/**
 * The number of an amount (minor units) as the shop's pages write it in `locale`: the whole part
 * grouped as the language groups it ("1,000,000", "1.000.000", "1 000 000"; Spanish, Italian and
 * Polish leave four digits ungrouped), without decimals for a whole amount and with the language's
 * decimal separator and two digits for a fraction ("1,234.50", "11,90"). The amount stays an
 * integer: the whole part is grouped as a bigint and the cents are appended as digits.
 */
export const creditsAmount = (minor: number, locale: string): string =>
  writtenAmount(minor, locale, 'when-any');

/**
 * An amount of the internal currency (minor units) with its name in the form the number needs in
 * `locale`, the number written as the shop's pages write it (`creditsAmount`): "25 credits",
 * "1,000,000 credits", "11,90 kredytu". A name the shop gave the currency is written as it was
 * named, its forms being unknown.
 */
export function creditsText(
  minor: number,
  locale: string,
  currencyName: string,
  grammaticalCase: CreditsCase = 'count',
): string {
  return creditsNamed(creditsAmount(minor, locale), minor, locale, currencyName, grammaticalCase);
}

/**
 * A number already written (`amount`: "1,234" or "11,90", without decimals exactly when `minor` is
 * whole) with the name of the internal currency in the form that number needs in `locale`. The
 * default name and its forms are the mail catalogue's `credits` ("1 kredyt", "2 kredyty", "5
 * kredytów", "11,90 kredytu": the same forms the shop's pages write); a language the mails are not
 * written in has none, and writes the name as it is.
 */
export function creditsNamed(
  amount: string,
  minor: number,
  locale: string,
  currencyName: string,
  grammaticalCase: CreditsCase = 'count',
): string {
  const named = ownMailCatalogue(locale)?.credits;
  if (!named || currencyName.trim().toLocaleLowerCase() !== named.name.toLocaleLowerCase()) {
    return `${amount} ${currencyName}`;
  }
  const forms: PluralForms = named[grammaticalCase];
  const digits = minor % 100 === 0 ? 0 : 2;
  const category = new Intl.PluralRules(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).select(minor / 100);
  return `${amount} ${forms[category] ?? forms.other}`;
}
