import { writtenAmount } from '../../lib/written-amount';
import { creditsNamed } from '../mail/credits-text';

/** Amounts and dates as a receipt writes them in its language. */

/** 123456 -> "1,234.56" in English, "1.234,56" in German: a receipt always writes the cents. */
export const formatReceiptAmount = (minor: number, locale: string): string => writtenAmount(minor, locale);

/** With its currency: "€50.00" when the currency has a one-letter sign, else "12.50 zł" or "12.50 CHF". */
export function formatReceiptMoney(
  minor: number,
  locale: string,
  currency: { name: string; symbol: string | null },
): string {
  const amount = formatReceiptAmount(minor, locale);
  if (currency.symbol && currency.symbol.length === 1) {
    return amount.startsWith('-') ? `-${currency.symbol}${amount.slice(1)}` : `${currency.symbol}${amount}`;
  }
  return `${amount} ${currency.symbol ?? currency.name}`;
}

/**
 * An amount of the internal currency with its name in the form the number needs, as the shop's
 * pages write it: "25 credits", "1 kredyt", "5 kredytów", "11,90 kredytu", "1,234.50 credits"; a
 * renamed currency as it was named.
 */
export function formatReceiptCredits(minor: number, locale: string, currencyName: string): string {
  const amount = formatReceiptAmount(minor, locale);
  return creditsNamed(minor % 100 === 0 ? amount.slice(0, -3) : amount, minor, locale, currencyName);
}

/** The day a receipt was issued, in UTC, as the language writes a date. */
export function formatReceiptDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}
