// The deposit screens' figures and statuses, without zod, so that a page can read them without shipping it.
import { RATE_SCALE, scaledRate } from './money';

/** How often the processing screens ask for a deposit's status (spec section 9). */
export const DEPOSIT_POLL_INTERVAL_MS = 5000;
/** After this long the processing screens stop asking and point to the deposits tab. */
export const DEPOSIT_POLL_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * The smallest deposit in a currency, in its minor units: the euro minimum (EUR cents) times the
 * currency's units per euro, rounded up to the cent, so that converted back it is never worth less
 * than the euro minimum (decision 0015). The server refuses less; the deposit form shows the same
 * figure. `rate` is the currency's units per 1 EUR, "1.08" or 1.08. Throws a RangeError for a
 * minimum that is not a whole number of cents or a rate that is not a positive decimal.
 */
export function minimumDepositMinor(minDepositEurCents: number, rate: string | number): number {
  if (!Number.isSafeInteger(minDepositEurCents) || minDepositEurCents < 0) {
    throw new RangeError(`not a minimum in cents: ${minDepositEurCents}`);
  }
  const minimum = (BigInt(minDepositEurCents) * scaledRate(rate) + RATE_SCALE - 1n) / RATE_SCALE;
  const result = Number(minimum);
  if (!Number.isSafeInteger(result)) throw new RangeError(`minimum out of range: ${minimum}`);
  return result;
}

export const depositStatuses = ['processing', 'success', 'error', 'failed'] as const;
export type DepositStatus = (typeof depositStatuses)[number];
