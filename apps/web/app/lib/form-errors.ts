import { validationText } from '@promptmarket/contracts/validation-messages';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';
import type { Translate } from './i18n';
import { type FailureTextKey, failureTextKey } from './transport-rules';

/** A validation key from a schema, in the page's language. */
export function fieldError(message: string | undefined, locale: string): string | undefined {
  return message ? validationText(message, locale) : undefined;
}

/**
 * Puts a failed call's field errors on the form's fields (the API already wrote them in the
 * page's language). Returns the message for the whole form when none of them fits a field,
 * and the key of the catalogue text to show instead when the failure has one. A 401 that
 * reaches a form came from a guest: a signed-in user is sent to login by the transport rules.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): { message: string | null; status: number | null; textKey: FailureTextKey | null } {
  if (!(error instanceof ApiError)) return { message: null, status: null, textKey: null };
  const textKey = failureTextKey(error.status, Object.keys(error.errors ?? {}).length > 0, false);
  let placed = false;
  for (const [field, messages] of Object.entries(error.errors ?? {})) {
    if (fields.includes(field) && messages[0]) {
      setError(field as Path<T>, { type: 'server', message: messages[0] });
      placed = true;
    }
  }
  return { message: placed ? null : error.message, status: error.status, textKey };
}

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
