import { creditsNamed } from '../mail/credits-text';

/**
 * Amounts and dates as a receipt writes them in its language. The amount stays an integer of
 * minor units until the last step: its whole part is grouped by Intl as a bigint and the cents are
 * appended as digits, so no float ever holds money.
 */

const groupers = new Map<string, { whole: Intl.NumberFormat; decimal: string }>();

function grouperFor(locale: string) {
  let found = groupers.get(locale);
  if (!found) {
    const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const decimal =
      new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    found = { whole, decimal };
    groupers.set(locale, found);
  }
  return found;
}

/** 123456 -> "1,234.56" in English, "1.234,56" in German. */
export function formatReceiptAmount(minor: number, locale: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount: ${minor}`);
  const { whole, decimal } = grouperFor(locale);
  const magnitude = BigInt(Math.abs(minor));
  const cents = String(magnitude % 100n).padStart(2, '0');
  return `${minor < 0 ? '-' : ''}${whole.format(magnitude / 100n)}${decimal}${cents}`;
}

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
