/**
 * Money is always an integer number of minor units (cents). These helpers convert
 * at the edges only: decimal strings typed by people, and the decimal numbers the
 * original clients expect in a few read-only payload fields.
 */

const decimalPattern = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Parses "12", "12.5" or "12.50" into 1250 exactly. Returns null for anything else. */
export function parseMinorUnits(input: string): number | null {
  const match = decimalPattern.exec(input.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const minor = whole * 100 + fraction;
  return Number.isSafeInteger(minor) ? minor : null;
}

/** 1250 -> "12.50". */
export function formatMinorUnits(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1250 -> 12.5, for payload fields that the original clients read as numbers. Display only. */
export function minorUnitsToNumber(minor: number): number {
  return Number(formatMinorUnits(minor));
}

/** Why an amount was not read: nothing given, or not a decimal of at most two places. */
export type AmountMisreading = 'empty' | 'invalid';

const typedAmountPattern = /^(-)?(\d{1,13})(?:[.,](\d+))?$/;

/**
 * The one rule every amount is read by, in every form and from every client. A text is read as a
 * person types it: digits, then a decimal point or a decimal comma and at most two decimals, with
 * a minus sign for a negative amount ("10", "10.5", "10,50", "-2.50"). Nothing else: no exponent,
 * no thousands separators, no spaces inside. A JSON number is read by its shortest decimal form,
 * so 9.9 is 990 exactly; one that needs more than two decimals is refused like the text would be.
 * Whether a sign, zero or a size is allowed is the field's own rule (`moneyField`).
 */
export function readAmount(value: string | number): { minor: number } | { problem: AmountMisreading } {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { problem: 'invalid' };
    text = String(value);
    // Exponent forms are numbers beyond any field's ceiling (1e21) or below a cent (1e-7).
    if (/e/i.test(text)) return { problem: 'invalid' };
  } else {
    text = value.trim();
    if (text === '') return { problem: 'empty' };
  }
  const match = typedAmountPattern.exec(text);
  if (!match || (match[3] !== undefined && match[3].length > 2)) return { problem: 'invalid' };
  const minor = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return { minor: match[1] && minor > 0 ? -minor : minor };
}

/**
 * An amount as a person types it into a form, by `readAmount`'s rule: "10", "10.5" or "10,50"
 * -> 1050 exactly. Null for anything else ("0.015", "1,000.50", "1e3", "", "-5").
 */
export function parseTypedAmount(input: string): number | null {
  const read = readAmount(input);
  return 'minor' in read && read.minor >= 0 ? read.minor : null;
}

/** Rates carry eight decimals (numeric(18,8) in the database): a rate times 10^8 is an integer. */
export const RATE_SCALE = 100_000_000n;

const ratePattern = /^(\d{1,10})(?:\.(\d{1,8}))?$/;

/**
 * A positive rate times 10^8, exactly: "1.08" (as the database keeps it) or 1.08 (as the site's
 * answers carry it) -> 108000000n. Throws a RangeError for anything that is not a positive
 * decimal of at most eight decimals.
 */
export function scaledRate(rate: string | number): bigint {
  const text =
    typeof rate === 'number'
      ? Number.isFinite(rate) && /e/i.test(String(rate))
        ? rate.toFixed(8)
        : String(rate)
      : rate.trim();
  const match = ratePattern.exec(text);
  if (!match) throw new RangeError(`not a rate: ${rate}`);
  const scaled = BigInt(match[1] ?? '0') * RATE_SCALE + BigInt((match[2] ?? '').padEnd(8, '0'));
  if (scaled <= 0n) throw new RangeError(`not a positive rate: ${rate}`);
  return scaled;
}

/**
 * What a price in EUR cents costs in internal-currency minor units: the euro price over the
 * internal rate (EUR per internal unit), rounded up, in integers. Every charge (a prompt, a cart,
 * a generation) and every price shown for one comes from here, so the shop never sells below its
 * euro price and a non-zero price never costs 0 (0.01 EUR at 2.00 EUR a unit costs 0.01, not 0).
 * Throws a RangeError for a negative or fractional price, a rate `scaledRate` refuses, or a cost
 * beyond the safe integers.
 */
export function chargeFromEurCents(eurCents: number, internalRateEur: string | number): number {
  if (!Number.isSafeInteger(eurCents) || eurCents < 0) throw new RangeError(`not a price: ${eurCents}`);
  const rate = scaledRate(internalRateEur);
  const charge = (BigInt(eurCents) * RATE_SCALE + rate - 1n) / rate;
  const number = Number(charge);
  if (!Number.isSafeInteger(number)) throw new RangeError(`price out of range: ${eurCents}`);
  return number;
}
