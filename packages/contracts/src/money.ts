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

/**
 * An amount as a person types it into a form, with a decimal point or a decimal comma: "10",
 * "10.5" or "10,50" -> 1050 exactly. Null for anything else ("0.015", "1,000.50", "1e3", "").
 */
export function parseTypedAmount(input: string): number | null {
  return parseMinorUnits(input.trim().replace(',', '.'));
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
