import type { Currency } from '@promptmarket/contracts/site';

/**
 * The one place where amounts become text. Every amount is an integer number of minor units
 * (cents, decision 0004); conversion into a display currency happens on integers too, so a rate
 * like 1.15 never turns 10 cents into 11.499999… and rounds the wrong way.
 */

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not an integer number of cents: ${cents}`);
}

/** A payload's display number (made from integer cents by the API, e.g. 12.5) back to cents. */
export function centsFromDecimal(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`not an amount: ${amount}`);
  const cents = Math.round(amount * 100);
  return Object.is(cents, -0) ? 0 : cents;
}

/** A positive rate as an exact fraction of integers: 1.08 -> 108/100. */
function rateFraction(rate: number): { numerator: bigint; denominator: bigint } {
  if (!Number.isFinite(rate) || rate <= 0) throw new RangeError(`not a currency rate: ${rate}`);
  const text = /e/i.test(String(rate)) ? rate.toFixed(12) : String(rate);
  const [whole = '0', fraction = ''] = text.split('.');
  return { numerator: BigInt(whole + fraction), denominator: 10n ** BigInt(fraction.length) };
}

/**
 * EUR cents in the cents of a currency worth `rate` units per EUR (the `value` of /api/currencies),
 * rounded half away from zero like a till.
 */
export function convertEurCents(eurCents: number, rate: number): number {
  assertCents(eurCents);
  const { numerator, denominator } = rateFraction(rate);
  const product = BigInt(eurCents) * numerator;
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  let quotient = magnitude / denominator;
  if ((magnitude % denominator) * 2n >= denominator) quotient += 1n;
  const result = Number(negative ? -quotient : quotient);
  assertCents(result);
  return result;
}

/**
 * How the shop's languages write an amount: the group separator, the decimal separator, and how
 * many digits the whole part needs before it is grouped (Spanish, Italian and Polish write 1234,50
 * but 12.345,67). Written out because a browser's first `Intl.NumberFormat` loads the number data
 * of ICU, 50-80 ms on the page's thread while the page starts (decision 0019). The test pins each
 * entry to `Intl.NumberFormat`'s own output; any other language goes through Intl.
 */
const NUMBER_STYLES: Record<string, string> = {
  en: ',.4',
  de: '.,4',
  fr: '\u202f,4',
  es: '.,5',
  it: '.,5',
  pl: '\u00a0,5',
};

const numberFormats: Record<string, Intl.NumberFormat> = {};

/** 1250 -> "12.50" in English, "12,50" in German; the sign as the language writes it. */
export function formatAmount(cents: number, locale: string): string {
  assertCents(cents);
  const style = NUMBER_STYLES[locale];
  if (!style) {
    // Dividing an integer by 100 lands within rounding distance of the exact decimal, so two
    // fraction digits always show the exact cents (and `|| 0` writes -0 as 0).
    numberFormats[locale] ??= new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    return numberFormats[locale].format(cents / 100 || 0);
  }
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const whole = digits.slice(0, -2);
  const grouped =
    whole.length < Number(style[2]) ? whole : whole.replace(/\B(?=(\d{3})+$)/g, style[0] as string);
  return `${cents < 0 ? '-' : ''}${grouped}${style[1]}${digits.slice(-2)}`;
}

/**
 * An amount followed by the name or code of its currency: "12.50 Credits" in the shop's internal
 * currency, "90.00 EUR", "27.00 USD". Every amount written with its currency code goes through here.
 */
export function formatInternal(cents: number, locale: string, currencyName: string): string {
  return `${formatAmount(cents, locale)} ${currencyName}`;
}

/** An amount already in `currency`, with its symbol: "$5.39", "-$5.39", "21,46 zł". */
export function formatInCurrency(cents: number, currency: Pick<Currency, 'symbol'>, locale: string): string {
  // The sign as the language writes it goes before the symbol.
  const [, sign, number] = /^(\D*)(.*)$/s.exec(formatAmount(cents, locale)) as string[];
  return currency.symbol.length === 1
    ? `${sign}${currency.symbol}${number}`
    : `${sign}${number} ${currency.symbol}`;
}

/** EUR cents shown in the visitor's display currency, converted on the server's rate. */
export function formatFromEur(eurCents: number, currency: Currency, locale: string): string {
  return formatInCurrency(convertEurCents(eurCents, currency.value), currency, locale);
}

export type MoneyFormatter = {
  /** EUR cents in the display currency: "$5.39". */
  display: (eurCents: number) => string;
  /** Internal-currency cents with the currency's name: "12.50 Credits". */
  internal: (cents: number) => string;
};

export function moneyFormatter(
  locale: string,
  currency: Currency,
  internalCurrencyName: string,
): MoneyFormatter {
  return {
    display: (eurCents) => formatFromEur(eurCents, currency, locale),
    internal: (cents) => formatInternal(cents, locale, internalCurrencyName),
  };
}
