/**
 * Conversions between a payment currency, EUR and the internal currency, in integers only.
 * Rates are the decimal strings the database keeps (numeric(18,8)): a currency's rate is its
 * units per 1 EUR (USD 1.08), the internal rate is EUR per 1 internal unit (1.00). Each
 * conversion rounds in the one direction that can never give away money (decision 0015).
 */
const SCALE = 100_000_000n;

/** "1.08" -> 108000000n (rate × 10^8). Throws on anything that is not a positive decimal. */
export function scaledRate(rate: string): bigint {
  const match = /^(\d{1,10})(?:\.(\d{1,8}))?$/.exec(rate.trim());
  if (!match) throw new RangeError(`not a rate: ${rate}`);
  const scaled = BigInt(match[1] ?? '0') * SCALE + BigInt((match[2] ?? '').padEnd(8, '0'));
  if (scaled <= 0n) throw new RangeError(`not a positive rate: ${rate}`);
  return scaled;
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

function toSafeNumber(value: bigint): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError(`amount out of range: ${value}`);
  return number;
}

/**
 * The smallest amount in a currency (minor units) worth at least `minEurCents`: the euro
 * minimum times the currency's units per euro, rounded up to the cent. Converted back to EUR
 * it is never below the euro minimum.
 */
export function minimumInCurrency(minEurCents: number, currencyRate: string): number {
  return toSafeNumber(ceilDiv(BigInt(minEurCents) * scaledRate(currencyRate), SCALE));
}

/** What an amount in a currency is worth in EUR cents, rounded down. */
export function eurCentsOf(amountMinor: number, currencyRate: string): number {
  return toSafeNumber((BigInt(amountMinor) * SCALE) / scaledRate(currencyRate));
}

/**
 * EUR cents in internal-currency minor units, rounded down: what the shop credits (a deposit, a
 * seller's share). A charge rounds up instead: `chargeFromEurCents` in the contracts.
 */
export function internalFromEurCents(eurCents: number, internalRateEur: string): number {
  return toSafeNumber((BigInt(eurCents) * SCALE) / scaledRate(internalRateEur));
}

/** Internal-currency minor units in EUR cents, rounded down (what a balance is worth). */
export function eurCentsFromInternal(internal: number, internalRateEur: string): number {
  return toSafeNumber((BigInt(internal) * scaledRate(internalRateEur)) / SCALE);
}

/** An amount paid in a currency, in internal-currency minor units, rounded down. */
export function internalAmountOf(amountMinor: number, currencyRate: string, internalRateEur: string): number {
  return internalFromEurCents(eurCentsOf(amountMinor, currencyRate), internalRateEur);
}
