import type { ErrorCode } from '@promptmarket/contracts/errors';
import { paths } from './paths';

/** What the app does about a failed API call before the caller sees the error (spec section 8). */
export type TransportAction =
  | { kind: 'login' }
  | { kind: 'reload' }
  | { kind: 'verify-email' }
  | { kind: 'forbidden' }
  | { kind: 'two-factor-setup' }
  | { kind: 'none' };

/** Which 403 it is comes from the error's code: its message is in the user's language. */
export function transportAction(
  status: number,
  code: ErrorCode | null,
  authenticated: boolean,
): TransportAction {
  if (status === 401) return authenticated ? { kind: 'login' } : { kind: 'none' };
  if (status === 419) return { kind: 'reload' };
  if (status === 403) {
    if (code === 'EMAIL_NOT_VERIFIED') return { kind: 'verify-email' };
    // The caller shows the verification-required dialog (spec section 6).
    if (code === 'VERIFICATION_REQUIRED') return { kind: 'none' };
    // A review of a prompt not bought: the review form says so where it is.
    if (code === 'NOT_A_BUYER') return { kind: 'none' };
    // An admin without two-factor sign-in: the back office's security screen sets it up.
    if (code === 'TWO_FACTOR_SETUP_REQUIRED') return { kind: 'two-factor-setup' };
    return { kind: 'forbidden' };
  }
  return { kind: 'none' };
}

/** The in-app path an action leads to, with the page to come back to for login. */
export function transportActionPath(
  action: TransportAction,
  locale: string,
  currentPath: string,
): string | null {
  switch (action.kind) {
    case 'login':
      return paths.login(locale, currentPath);
    case 'verify-email':
      return paths.verifyEmail(locale);
    case 'forbidden':
      return paths.forbidden(locale);
    case 'two-factor-setup':
      return paths.admin(locale, 'security');
    default:
      return null;
  }
}

/** The translated text a form shows for a failure that has no message of its own (spec section 8). */
export type FailureTextKey = 'form.validationError' | 'form.needLogin';

/**
 * A 422 without field errors reads "Validation error"; a guest refused by an action that
 * needs login reads "You need to be logged in". Anything else keeps its own message.
 */
export function failureTextKey(
  status: number,
  hasFieldErrors: boolean,
  authenticated: boolean,
): FailureTextKey | null {
  if (status === 422 && !hasFieldErrors) return 'form.validationError';
  if (status === 401 && !authenticated) return 'form.needLogin';
  return null;
}
