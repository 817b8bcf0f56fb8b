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

/**
 * How a language writes an amount with two decimals, as data: its decimal and group separators,
 * its minus sign, and from how many digits it groups (1: 1,234.50; 2: 1234,50 but 12.345,50).
 * A browser builds its first Intl.NumberFormat from the language's ICU data, which took
 * 35-40 ms of a phone's page start (a quarter of the home page's largest task); written from a
 * style the server read with Intl, amounts need none of it.
 */
export type NumberStyle = { decimal: string; group: string; minus: string; minimumGrouping: number };

/** Amounts to compare the style's writing with Intl's, in cents. */
const STYLE_CHECKS = [0, 1, -1, 7, 99, 100, 105, 1234, 99999, 123456, 1234567, -1234567, 123456789012];

function writeWithStyle(cents: number, style: NumberStyle): string {
  const magnitude = Math.abs(cents);
  let whole = String(Math.floor(magnitude / 100));
  if (style.group && whole.length >= 3 + style.minimumGrouping) {
    whole = whole.replace(/\B(?=(\d{3})+$)/g, style.group);
  }
  const fraction = String(magnitude % 100).padStart(2, '0');
  return `${cents < 0 ? style.minus : ''}${whole}${style.decimal}${fraction}`;
}

/**
 * The style of `locale` (on the server, where Intl is at hand), or null when its amounts are not
 * plain three-digit groups of ASCII digits (Arabic digits, Indian grouping…): those stay with
 * Intl. The style is only returned when it writes every check amount exactly as Intl does.
 */
export function numberStyleOf(locale: string): NumberStyle | null {
  const format = numberFormat(locale);
  const parts = (amount: number) => format.formatToParts(amount);
  const sample = parts(-12345.5);
  const part = (type: string) => sample.find((item) => item.type === type)?.value;
  const grouped = (amount: number) => parts(amount).some((item) => item.type === 'group');
  const style: NumberStyle = {
    decimal: part('decimal') ?? '.',
    group: part('group') ?? '',
    minus: part('minusSign') ?? '-',
    minimumGrouping: grouped(1234) ? 1 : 2,
  };
  const same = STYLE_CHECKS.every(
    (cents) => writeWithStyle(cents, style) === format.format(cents === 0 ? 0 : cents / 100),
  );
  return same ? style : null;
}

const numberStyles = new Map<string, NumberStyle>();

/**
 * Amounts of `locale` are written from `style` from now on (the locale layout passes on the
 * server's, before its page renders). Without one, they are written by Intl.
 */
export function adoptNumberStyle(locale: string, style: NumberStyle | null | undefined): void {
  if (style) numberStyles.set(locale, style);
}

/** 1250 -> "12.50" in English, "12,50" in German; the sign as the language writes it. */
export function formatAmount(cents: number, locale: string): string {
  assertCents(cents);
  const style = numberStyles.get(locale);
  if (style) return writeWithStyle(cents, style);
  // Dividing an integer by 100 lands within rounding distance of the exact decimal, so two
  // fraction digits always show the exact cents.
  return numberFormat(locale).format(cents === 0 ? 0 : cents / 100);
}

/** An amount in the shop's internal currency: "12.50 Credits". */
export function formatInternal(cents: number, locale: string, currencyName: string): string {
  return `${formatAmount(cents, locale)} ${currencyName}`;
}

function minusSignOf(locale: string): string {
  return (
    numberStyles.get(locale)?.minus ??
    (numberFormat(locale)
      .formatToParts(-1)
      .find((part) => part.type === 'minusSign')?.value ||
      '-')
  );
}

/** An amount already in `currency`, with its symbol: "$5.39", "-$5.39", "21,46 zł". */
export function formatInCurrency(cents: number, currency: Pick<Currency, 'symbol'>, locale: string): string {
  const number = formatAmount(Math.abs(cents), locale);
  const sign = cents < 0 ? minusSignOf(locale) : '';
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
