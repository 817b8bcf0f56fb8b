import type { DepositStatus } from '@promptmarket/contracts/deposits';
import { formatMinorUnits, parseTypedAmount, RATE_SCALE, scaledRate } from '@promptmarket/contracts/money';

/**
 * The deposit screens' rules (spec sections 4, 5 and 9), apart from React so that they are tested
 * on their own. The server decides; these show the same figures before anything is sent.
 */

/**
 * What an amount in a currency is worth in internal-currency cents, rounded down as the server
 * credits it: EUR cents = amount / rate, then / internal rate, on the exact rates.
 */
export function internalCents(amountCents: number, rate: number, internalRateEur: number): number {
  const eur = (BigInt(amountCents) * RATE_SCALE) / scaledRate(rate);
  return Number((eur * RATE_SCALE) / scaledRate(internalRateEur));
}

/** How many internal units one unit of a currency buys, for the exchange-rate line ("0.93"). */
export function unitsPerCurrency(rate: number, internalRateEur: number): number {
  return internalCents(100_000_000, rate, internalRateEur) / 100_000_000;
}

/** What the processing screen does with a status answer. */
export type PollStep =
  | { kind: 'wait' }
  | { kind: 'success' }
  | { kind: 'fail'; message: string }
  | { kind: 'redirect'; url: string };

/**
 * Spec section 4: success leads to the success screen; error or failed to the fail screen with
 * the message (default "Payment failed"); processing keeps polling; a redirect url sends the
 * browser there.
 */
export function pollStep(
  order: { status: DepositStatus; error_message: string | null; redirect_url: string | null },
  defaultMessage: string,
): PollStep {
  if (order.redirect_url) return { kind: 'redirect', url: order.redirect_url };
  if (order.status === 'success') return { kind: 'success' };
  if (order.status === 'error' || order.status === 'failed') {
    return { kind: 'fail', message: order.error_message || defaultMessage };
  }
  return { kind: 'wait' };
}

/** A positive order id from the query, or null. */
export function orderIdFrom(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * The amount field's complaint as it is typed (spec section 5): an amount below the minimum of
 * its currency, worded as the server words it ("The minimum amount is 5.00 EUR."), so the form
 * says it before Continue. Nothing while the field is empty or not yet an amount: the form's
 * schema words those on Continue.
 */
export function minimumProblem(
  typed: string,
  minimumMinor: number,
  currencyCode: string,
): { key: 'amount.min'; params: { min: string } } | null {
  const cents = parseTypedAmount(typed);
  if (cents === null || cents >= minimumMinor) return null;
  return { key: 'amount.min', params: { min: `${formatMinorUnits(minimumMinor)} ${currencyCode}` } };
}
