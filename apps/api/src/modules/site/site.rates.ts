import { minimumDepositMinor } from '@promptmarket/contracts/deposits';
import { RATE_SCALE, scaledRate } from '@promptmarket/contracts/money';

/**
 * Conversions between a payment currency, EUR and the internal currency, in integers only.
 * Rates are the decimal strings the database keeps (numeric(18,8)): a currency's rate is its
 * units per 1 EUR (USD 1.08), the internal rate is EUR per 1 internal unit (1.00). Each
 * conversion rounds in the one direction that can never give away money (decision 0015).
 */
function toSafeNumber(value: bigint): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError(`amount out of range: ${value}`);
  return number;
}

/**
 * The smallest amount in a currency (minor units) worth at least `minEurCents`: the contracts'
 * `minimumDepositMinor`, which the deposit form shows too.
 */
export function minimumInCurrency(minEurCents: number, currencyRate: string): number {
  return minimumDepositMinor(minEurCents, currencyRate);
}

/** What an amount in a currency is worth in EUR cents, rounded down. */
export function eurCentsOf(amountMinor: number, currencyRate: string): number {
  return toSafeNumber((BigInt(amountMinor) * RATE_SCALE) / scaledRate(currencyRate));
}

/**
 * EUR cents in internal-currency minor units, rounded down: what the shop credits (a deposit, a
 * seller's share). A charge rounds up instead: `chargeFromEurCents` in the contracts.
 */
export function internalFromEurCents(eurCents: number, internalRateEur: string): number {
  return toSafeNumber((BigInt(eurCents) * RATE_SCALE) / scaledRate(internalRateEur));
}

/** Internal-currency minor units in EUR cents, rounded down (what a balance is worth). */
export function eurCentsFromInternal(internal: number, internalRateEur: string): number {
  return toSafeNumber((BigInt(internal) * scaledRate(internalRateEur)) / RATE_SCALE);
}

/** An amount paid in a currency, in internal-currency minor units, rounded down. */
export function internalAmountOf(amountMinor: number, currencyRate: string, internalRateEur: string): number {
  return internalFromEurCents(eurCentsOf(amountMinor, currencyRate), internalRateEur);
}
