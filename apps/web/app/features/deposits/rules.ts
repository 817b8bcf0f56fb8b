import {
  DEPOSIT_POLL_INTERVAL_MS,
  DEPOSIT_POLL_TIMEOUT_MS,
  type DepositStatus,
} from '@promptmarket/contracts/deposit-rules';
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

/**
 * After this long without an outcome the processing screen says the payment is taking longer
 * than usual and points to the deposits tab: a card payment is confirmed in seconds, so 45 s
 * of waiting means the provider is holding it (a bank's check, a pending payment).
 */
export const TAKING_LONGER_AFTER_MS = 45_000;
/** How often the processing screen asks once the payment is taking longer than usual. */
export const SLOW_POLL_INTERVAL_MS = 15_000;

export type PollPlan = {
  /** When to ask next, in ms; null once the screen has stopped asking. */
  next: number | null;
  takingLonger: boolean;
};

/**
 * What the processing screen does `elapsedMs` after it began waiting (its first question goes at
 * once): ask every 5 seconds (spec section 9); from TAKING_LONGER_AFTER_MS say so and ask every
 * 15 seconds; after DEPOSIT_POLL_TIMEOUT_MS stop asking.
 */
export function pollPlan(elapsedMs: number): PollPlan {
  if (elapsedMs < TAKING_LONGER_AFTER_MS) return { next: DEPOSIT_POLL_INTERVAL_MS, takingLonger: false };
  if (elapsedMs < DEPOSIT_POLL_TIMEOUT_MS) return { next: SLOW_POLL_INTERVAL_MS, takingLonger: true };
  return { next: null, takingLonger: true };
}

/**
 * The decline codes of the providers (Stripe's, which the sandbox uses too) that the shop words
 * on its own: the user can act on each (another card, a retry, a confirmation). Any other code is
 * the generic refusal, as Stripe advises for codes such as `stolen_card` or `fraudulent`.
 */
export const WORDED_DECLINE_CODES = [
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'card_velocity_exceeded',
  'authentication_required',
] as const;

/**
 * Stripe's error codes, kept when a refusal has no decline code, that mean one the shop words:
 * a payment whose confirmation at the bank (3-D Secure) was not given.
 */
const SAME_AS: Record<string, string> = { payment_intent_authentication_failure: 'authentication_required' };

/**
 * The text key of a provider's decline code: the code's own text, or the generic refusal for any
 * code the shop does not word; null when there is no code.
 */
export function declineReasonKey(code: string | null | undefined): string | null {
  if (!code) return null;
  const known = Object.hasOwn(SAME_AS, code) ? SAME_AS[code] : code;
  const worded = (WORDED_DECLINE_CODES as readonly string[]).includes(known ?? '') ? known : 'other';
  return `payment.declineReasons.${worded}`;
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
