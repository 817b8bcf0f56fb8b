import {
  accountEndpoints,
  type changePasswordRequest,
  type deleteAccountRequest,
  type forgotPasswordRequest,
  type loginRequest,
  type profileUpdateRequest,
  type registerRequest,
  type resetPasswordRequest,
} from '@promptmarket/contracts/accounts';
import type { z } from 'zod';
import type { ApiClient } from '../../lib/api-client';

/** The account's calls, each from the endpoint its contract declares. */
export const registerAccount = (api: ApiClient, body: z.input<typeof registerRequest>) =>
  api.call(accountEndpoints.register, { body });
export const logIn = (api: ApiClient, body: z.input<typeof loginRequest>) =>
  api.call(accountEndpoints.login, { body });
export const requestPasswordReset = (api: ApiClient, body: z.input<typeof forgotPasswordRequest>) =>
  api.call(accountEndpoints.forgotPassword, { body });
export const resetPassword = (api: ApiClient, body: z.input<typeof resetPasswordRequest>) =>
  api.call(accountEndpoints.resetPassword, { body });
export const updateProfile = (api: ApiClient, body: z.input<typeof profileUpdateRequest>) =>
  api.call(accountEndpoints.updateProfile, { body });
/** Whether the user takes the optional mails (news of offers and of the identity verification). */
export const getMailPreferences = (api: ApiClient) => api.call(accountEndpoints.mailPreferences);
export const updateMailPreferences = (api: ApiClient, optionalMails: boolean) =>
  api.call(accountEndpoints.updateMailPreferences, { body: { optional_mails: optionalMails } });
export const changePassword = (api: ApiClient, body: z.input<typeof changePasswordRequest>) =>
  api.call(accountEndpoints.changePassword, { body });
/**
 * Deletes the account. Refused with ACCOUNT_HAS_BALANCE (the balance in the error's body) unless
 * `confirm_forfeit_balance` gives it up, with ACCOUNT_HAS_UNPAID_PAYOUT while a payout is unpaid, and
 * with ACCOUNT_HAS_PENDING_DEPOSIT while a deposit is still processing.
 */
export const deleteAccount = (api: ApiClient, body: z.input<typeof deleteAccountRequest>) =>
  api.call(accountEndpoints.deleteAccount, { body });
export const resendVerification = (api: ApiClient) => api.call(accountEndpoints.resendVerification);
/** Checks the signed link from the verification mail (its path parameters and its query). */
export const verifyEmail = (api: ApiClient, id: string, hash: string, query: URLSearchParams) =>
  api.call(accountEndpoints.verifyEmail, {
    params: { id, hash },
    query: { expires: query.get('expires'), signature: query.get('signature') ?? '' },
  });
