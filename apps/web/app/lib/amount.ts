/**
 * Amounts as every page's first load reads and writes them (decision 0014): a payload's number back
 * to integer cents (decision 0004), and the number of an amount as the page's language writes it.
 * `money.ts` re-exports both beside the currency conversions; modules of the shell import them here.
 */

export function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents: ${cents}`);
}

/** A payload's display number (made from integer cents by the API, e.g. 12.5) back to cents. */
export function centsFromDecimal(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`amount: ${amount}`);
  const cents = Math.round(amount * 100);
  return Object.is(cents, -0) ? 0 : cents;
}

/**
 * How the shop's languages write an amount: the group separator, the decimal separator, and how
 * many digits the whole part needs before it is grouped (Spanish, Italian and Polish write 1234,50
 * but 12.345,67). Written out because a browser's first `Intl.NumberFormat` loads ICU's number
 * data on the page's thread, and every page writes amounts while it starts (decision 0019). The
 * test pins each entry to `Intl.NumberFormat`'s own output; any other language goes through Intl.
 */
export const NUMBER_STYLES: Record<string, string> = {
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
  return `${cents < 0 ? '-' : ''}${grouped(digits.slice(0, -2), style)}${style[1]}${digits.slice(-2)}`;
}

/** A whole number's digits grouped as the language's style writes them (money.ts's rates use it too). */
export function grouped(whole: string, style: string): string {
  return whole.length < Number(style[2]) ? whole : whole.replace(/\B(?=(\d{3})+$)/g, style[0] as string);
}
