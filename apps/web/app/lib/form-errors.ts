import type { MessageParams } from '@promptmarket/contracts/validation-messages';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';
import { failureText } from './failure-text';
import type { Translate } from './i18n';
import { VALIDATION } from './messages';
import { type FailureTextKey, failureTextKey } from './transport-rules';

/**
 * A validation key from a schema in the page's language, from the page's own texts (the server
 * puts its language's validation texts there); anything else, such as a text the API already
 * wrote, shows as it is.
 */
export function fieldError(
  message: string | undefined,
  t: Translate,
  params?: MessageParams,
): string | undefined {
  if (!message) return undefined;
  const key = `${VALIDATION}.${message}`;
  const text = t(key, params);
  return text === key ? message : text;
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
 * What the whole form says after `applyServerErrors`: nothing when the failure sits on its fields,
 * the catalogue's text when it has one, else the API's own words or the action's generic text
 * (never a bare status text such as "Internal Server Error").
 */
export function formFailureText(
  error: unknown,
  applied: { message: string | null; textKey: FailureTextKey | null },
  t: Translate,
  fallbackKey: string,
): string | null {
  if (applied.textKey) return t(applied.textKey);
  if (error instanceof ApiError && applied.message === null) return null;
  return failureText(error, t, fallbackKey);
}

// The failure texts live apart, so that the footer's newsletter form uses them without loading
// the validation texts above.
export {
  failureText,
  type PaymentFailureKey,
  paymentFailureKey,
  paymentFailureText,
  usableMessage,
} from './failure-text';
