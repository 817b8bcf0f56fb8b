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
