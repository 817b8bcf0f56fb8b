import { errorMessages } from '@promptmarket/contracts/errors';
import { paths } from './paths';

/** What the app does about a failed API call before the caller sees the error (spec section 8). */
export type TransportAction =
  | { kind: 'login' }
  | { kind: 'reload' }
  | { kind: 'verify-email' }
  | { kind: 'forbidden' }
  | { kind: 'none' };

export function transportAction(
  status: number,
  message: string | undefined,
  authenticated: boolean,
): TransportAction {
  if (status === 401) return authenticated ? { kind: 'login' } : { kind: 'none' };
  if (status === 419) return { kind: 'reload' };
  if (status === 403) {
    return message === errorMessages.emailNotVerified ? { kind: 'verify-email' } : { kind: 'forbidden' };
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
    default:
      return null;
  }
}
