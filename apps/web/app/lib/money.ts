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

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    numberFormats.set(locale, format);
  }
  return format;
}

/** 1250 -> "12.50" in English, "12,50" in German; the sign as the language writes it. */
export function formatAmount(cents: number, locale: string): string {
  assertCents(cents);
  // Dividing an integer by 100 lands within rounding distance of the exact decimal, so two
  // fraction digits always show the exact cents.
  return numberFormat(locale).format(cents === 0 ? 0 : cents / 100);
}

/** An amount in the shop's internal currency: "12.50 Credits". */
export function formatInternal(cents: number, locale: string, currencyName: string): string {
  return `${formatAmount(cents, locale)} ${currencyName}`;
}

/** An amount already in `currency`, with its symbol: "$5.39", "-$5.39", "21,46 zł". */
export function formatInCurrency(cents: number, currency: Pick<Currency, 'symbol'>, locale: string): string {
  const number = formatAmount(Math.abs(cents), locale);
  const sign = cents < 0 ? formatAmount(-1, locale).replace(/[\d.,\s\u00a0\u202f]/g, '') || '-' : '';
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
