/**
 * Amounts of money (integer minor units) written as a language writes numbers. The amount stays
 * an integer to the last step: its whole part is grouped by Intl as a bigint and the cents are
 * appended as digits, so no float ever holds money.
 */

const numberStyles = new Map<string, { whole: Intl.NumberFormat; decimal: string }>();

function numberStyle(locale: string) {
  let found = numberStyles.get(locale);
  if (!found) {
    const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const decimal =
      new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    found = { whole, decimal };
    numberStyles.set(locale, found);
  }
  return found;
}

/**
 * 123456 -> "1,234.56" in English, "1.234,56" in German, "1234,56" in Polish (which, like Spanish
 * and Italian, leaves four digits ungrouped). `cents: 'when-any'` leaves ",00" out of a whole
 * amount ("25" rather than "25.00"), as the shop writes amounts of credits.
 */
export function writtenAmount(
  minor: number,
  locale: string,
  cents: 'always' | 'when-any' = 'always',
): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount: ${minor}`);
  const { whole, decimal } = numberStyle(locale);
  const magnitude = BigInt(Math.abs(minor));
  const rest = magnitude % 100n;
  const fraction = rest === 0n && cents === 'when-any' ? '' : `${decimal}${String(rest).padStart(2, '0')}`;
  return `${minor < 0 ? '-' : ''}${whole.format(magnitude / 100n)}${fraction}`;
}
