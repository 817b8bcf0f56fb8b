import { ApiError } from './api-client';
import type { Translate } from './i18n';

// What the user reads when a call fails without words of its own (spec section 8): the action's
// generic text, and on the payment screens the texts for a 401 and a server error. Apart from
// `form-errors` so that the footer's newsletter form, on every first load, stays small.

/**
 * The API's own words for a failure, when it has some meant for the user: the first field error
 * or the message of a JSON answer below 500 (already in the page's language). A 5xx, a body that
 * is not the API's JSON (a proxy's error page) and a request that never got an answer ("Failed
 * to fetch") carry only a status text, which is no message for a user.
 */
export function usableMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  const field = error.firstFieldError();
  if (field) return field;
  // An answer's message comes from its JSON body: without one, `message` is only the status text.
  const message = error.body ? error.body.message : error.message;
  return typeof message === 'string' && message.trim() ? message : null;
}

/** What a failed action shows: the API's own words, else the action's generic text (spec section 8). */
export function failureText(error: unknown, t: Translate, fallbackKey: string): string {
  return usableMessage(error) ?? t(fallbackKey);
}

/** The payment screens' texts for a failure of the server or of the sign-in (spec section 8). */
export type PaymentFailureKey = 'payment.authError' | 'payment.serverError';

export function paymentFailureKey(error: unknown): PaymentFailureKey | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 401) return 'payment.authError';
  if (error.status >= 500) return 'payment.serverError';
  return null;
}

/**
 * What a payment screen (deposit checkout, status check, card and bank details) shows for a
 * failure: a 401 asks to log in again, a 5xx is the server error; otherwise the API's own words,
 * else the action's generic text.
 */
export function paymentFailureText(error: unknown, t: Translate, fallbackKey: string): string {
  const key = paymentFailureKey(error);
  return key ? t(key) : failureText(error, t, fallbackKey);
}
