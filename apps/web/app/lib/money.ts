import type { Currency } from '@promptmarket/contracts/site';
import { assertCents, formatAmount, grouped, NUMBER_STYLES } from './amount';

/**
 * The one place where amounts become text. Every amount is an integer number of minor units
 * (cents, decision 0004); conversion into a display currency happens on integers too, so a rate
 * like 1.15 never turns 10 cents into 11.499999… and rounds the wrong way.
 *
 * What every page's first load needs (reading an amount, writing its number) is in `amount.ts`,
 * bundled with the shell (decision 0014); the rest loads with the screens that use it.
 */
export { centsFromDecimal, formatAmount } from './amount';

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
 * An amount followed by the code of its currency: "90.00 EUR", "27.00 USD". Every amount written
 * with its currency code goes through here. Not for the shop's internal currency, whose name takes
 * the plural form the number needs (`formatCredits` in `credits.ts`).
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

const rateFormats: Record<string, Intl.NumberFormat> = {};

/**
 * A positive exchange rate with at most four decimals, without trailing zeros, as the language
 * writes it: 1234.5 -> "1,234.5" in English, "1.234,5" in German (the deposit form's rate line).
 */
export function formatRate(rate: number, locale: string): string {
  if (!Number.isFinite(rate) || rate < 0) throw new RangeError(`rate: ${rate}`);
  const style = NUMBER_STYLES[locale];
  if (!style) {
    rateFormats[locale] ??= new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
    return rateFormats[locale].format(rate);
  }
  const [whole = '0', fraction = ''] = rate.toFixed(4).split('.');
  const decimals = fraction.replace(/0+$/, '');
  return `${grouped(whole, style)}${decimals ? `${style[1]}${decimals}` : ''}`;
}
