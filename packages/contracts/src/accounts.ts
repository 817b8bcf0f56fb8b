import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { errorCode, okEnvelope } from './envelope';
import { singleLineText } from './single-line-text';
import type { ValidationKey } from './validation-messages';

/** Schemas carry validation keys (see validation-messages.ts) as their messages. */
const key = (name: ValidationKey) => name;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** A person's name: one line without control or text direction characters. */
const requiredText = (name: ValidationKey, max = 100) =>
  singleLineText(key(name)).trim().min(1, key(name)).max(max, key('field.too_long'));

export const emailField = z
  .string(key('email.required'))
  .trim()
  .min(1, key('email.required'))
  .max(254, key('field.too_long'))
  .pipe(z.email(key('email.invalid')));

export const passwordField = z
  .string(key('password.required'))
  .min(1, key('password.required'))
  .min(PASSWORD_MIN, key('password.min'))
  .max(PASSWORD_MAX, key('password.max'));

const phoneField = singleLineText()
  .trim()
  .max(32, key('field.too_long'))
  .refine((value) => value === '' || /^\+?[\d\s().-]{6,}$/.test(value), key('phone.invalid'));

/** Laravel's `accepted`: true, 1, "1", "yes", "on", "true". */
export const acceptedField = z
  .union([z.boolean(), z.literal(1), z.enum(['1', 'yes', 'on', 'true'])], key('terms.accepted'))
  .refine((value) => value !== false, key('terms.accepted'));

function confirmed<T extends { password: string; password_confirmation: string }>(
  value: T,
  context: z.RefinementCtx,
) {
  if (value.password !== value.password_confirmation) {
    context.addIssue({ code: 'custom', path: ['password_confirmation'], message: key('password.confirmed') });
  }
}

export const registerRequest = z
  .object({
    first_name: requiredText('first_name.required'),
    last_name: requiredText('last_name.required'),
    email: emailField,
    phone: phoneField.optional().nullable(),
    password: passwordField,
    password_confirmation: z
      .string(key('password.confirmed'))
      .max(PASSWORD_MAX * 4, key('password.confirmed')),
    terms: acceptedField,
  })
  .superRefine(confirmed);
export type RegisterRequest = z.infer<typeof registerRequest>;

/** Original clients send `username` (the e-mail); newer ones `email`. */
export const loginRequest = z
  .object({
    email: z.string(key('email.invalid')).max(254, key('field.too_long')).optional(),
    username: z.string(key('email.invalid')).max(254, key('field.too_long')).optional(),
    password: z
      .string(key('password.required'))
      .min(1, key('password.required'))
      .max(PASSWORD_MAX * 4, key('field.too_long')),
    /** The one-time code, for an account with two-factor sign-in on. */
    code: z.string(key('two_factor.invalid')).max(16, key('two_factor.invalid')).optional(),
  })
  .transform((value, context) => {
    const email = (value.email ?? value.username ?? '').trim();
    if (!email) {
      context.addIssue({ code: 'custom', path: ['email'], message: key('email.required') });
      return z.NEVER;
    }
    const code = value.code?.replace(/\s/g, '') || undefined;
    return { email, password: value.password, code };
  });
export type LoginRequest = z.infer<typeof loginRequest>;

export const profileUpdateRequest = z
  .object({
    first_name: requiredText('first_name.required'),
    last_name: requiredText('last_name.required'),
    email: emailField,
    phone: phoneField.nullable(),
    /** Required when `email` changes: the one thing a borrowed signed-in browser does not know. */
    current_password: z.string().max(PASSWORD_MAX * 4),
  })
  .partial();
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequest>;

export const changePasswordRequest = z
  .object({
    current_password: z
      .string(key('current_password.required'))
      .min(1, key('current_password.required'))
      .max(PASSWORD_MAX * 4, key('field.too_long')),
    password: passwordField,
    password_confirmation: z
      .string(key('password.confirmed'))
      .max(PASSWORD_MAX * 4, key('password.confirmed')),
  })
  .superRefine(confirmed);

export const deleteAccountRequest = z.object({
  password: z
    .string(key('password.required'))
    .min(1, key('password.required'))
    .max(PASSWORD_MAX * 4, key('field.too_long')),
  /**
   * The user's explicit choice to give up the wallet's balance, after the screen showed it: without
   * it an account holding a balance is refused with ACCOUNT_HAS_BALANCE.
   */
  confirm_forfeit_balance: z.boolean(key('field.invalid')).optional(),
});

/**
 * What a refused deletion answers beside its message and code: ACCOUNT_HAS_BALANCE carries the
 * balance (credits, display number), ACCOUNT_HAS_UNPAID_PAYOUT the payouts not yet paid,
 * ACCOUNT_HAS_PENDING_DEPOSIT the deposits still processing (amount in their own currency).
 */
export const accountDeletionRefusal = z.object({
  code: errorCode,
  message: z.string(),
  balance: z.number().optional(),
  payouts: z
    .array(z.object({ id: z.number(), amount_eur: z.number(), status: z.string(), created_at: z.string() }))
    .optional(),
  deposits: z
    .array(z.object({ id: z.number(), amount: z.number(), currency: z.string(), created_at: z.string() }))
    .optional(),
});
export type AccountDeletionRefusal = z.infer<typeof accountDeletionRefusal>;

export const forgotPasswordRequest = z.object({ email: emailField });

export const resetPasswordRequest = z
  .object({
    email: emailField,
    token: z.string(key('reset.token_invalid')).min(1, key('reset.token_invalid')).max(200),
    password: passwordField,
    password_confirmation: z
      .string(key('password.confirmed'))
      .max(PASSWORD_MAX * 4, key('password.confirmed')),
  })
  .superRefine(confirmed);

export const verificationStatuses = ['pending', 'approved', 'declined'] as const;
export const verificationStatus = z.enum(verificationStatuses);
export type VerificationStatus = z.infer<typeof verificationStatus>;

export const profile = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  is_email_verified: z.boolean(),
  /** The identity verification: its status, and the reviewer's reason when declined. */
  verification_data: z.object({ status: verificationStatus.nullable(), reason: z.string().nullable() }),
  /** Wallet balance in the internal currency, and the same in EUR (display numbers). */
  balance: z.number(),
  balance_eur: z.number(),
  /** Prompts in the cart, for the header's count. */
  cart_count: z.number().optional(),
  role: z.enum(['user', 'admin']),
  locale: z.string(),
});
export type Profile = z.infer<typeof profile>;

export const profileResponse = okEnvelope(profile);

/**
 * Whether the user takes the optional mails: news of their offers and identity verification.
 * Receipts of money and security notices (password or e-mail changed) are always sent.
 */
export const mailPreferences = z.object({ optional_mails: z.boolean(key('field.invalid')) }).strict();
export type MailPreferences = z.infer<typeof mailPreferences>;
export const mailPreferencesResponse = okEnvelope(mailPreferences);
export const okResponse = z.object({ status: z.literal('OK'), message: z.string().optional() });
export const isAuthResponse = z.object({ authenticated: z.boolean() });

export const VERIFICATION_LINK_INVALID = 'The verification link is invalid or has expired';

export const emailVerificationParams = z.object({
  id: z.string().regex(/^[0-9a-f-]{36}$/, VERIFICATION_LINK_INVALID),
  hash: z.string().regex(/^[0-9a-f]{40}$/, VERIFICATION_LINK_INVALID),
});
export const emailVerificationQuery = z.object({
  expires: z.coerce
    .number(VERIFICATION_LINK_INVALID)
    .int(VERIFICATION_LINK_INVALID)
    .positive(VERIFICATION_LINK_INVALID),
  signature: z.string(VERIFICATION_LINK_INVALID).regex(/^[0-9a-f]{64}$/, VERIFICATION_LINK_INVALID),
});
export const emailVerificationResponse = okEnvelope(
  z.object({ result: z.enum(['verified', 'already-verified']) }),
);

export const accountEndpoints = {
  register: defineEndpoint({
    method: 'POST',
    path: '/register',
    summary: 'Create an account and sign in',
    body: registerRequest,
    response: profileResponse,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/login',
    summary: 'Sign in',
    body: loginRequest,
    response: profileResponse,
  }),
  logout: defineEndpoint({ method: 'POST', path: '/logout', summary: 'Sign out', response: okResponse }),
  isAuth: defineEndpoint({
    method: 'GET',
    path: '/is-auth',
    summary: 'Whether the session is signed in',
    response: isAuthResponse,
  }),
  verifyEmail: defineEndpoint({
    method: 'GET',
    path: '/email/verify/:id/:hash',
    summary: 'Confirm an e-mail address from the signed link',
    params: emailVerificationParams,
    query: emailVerificationQuery,
    response: emailVerificationResponse,
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/user/reset-password',
    summary: 'Mail a password reset link',
    body: forgotPasswordRequest,
    response: okResponse,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/reset-password',
    summary: 'Set a new password with a reset token',
    body: resetPasswordRequest,
    response: okResponse,
  }),
  profile: defineEndpoint({
    method: 'GET',
    path: '/user/profile',
    summary: 'The signed-in profile',
    response: profileResponse,
  }),
  updateProfile: defineEndpoint({
    method: 'PUT',
    path: '/user/profile',
    summary: 'Change the profile',
    body: profileUpdateRequest,
    response: profileResponse,
  }),
  mailPreferences: defineEndpoint({
    method: 'GET',
    path: '/user/mail-preferences',
    summary: 'Which optional mails the user takes',
    response: mailPreferencesResponse,
  }),
  updateMailPreferences: defineEndpoint({
    method: 'PUT',
    path: '/user/mail-preferences',
    summary: 'Turn the optional mails on or off',
    body: mailPreferences,
    response: mailPreferencesResponse,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/user/change-password',
    summary: 'Change the password',
    body: changePasswordRequest,
    response: okResponse,
  }),
  deleteAccount: defineEndpoint({
    method: 'DELETE',
    path: '/user/delete',
    summary: 'Delete the account',
    body: deleteAccountRequest,
    response: okResponse,
  }),
  resendVerification: defineEndpoint({
    method: 'POST',
    path: '/email/verify/resend',
    summary: 'Send the verification mail again',
    response: okResponse,
  }),
};

/**
 * Sanctum's handshake, outside `/api`: gives the browser a session and the XSRF-TOKEN cookie to
 * echo. It answers 204 with those cookies and no body.
 */
export const sessionEndpoints = {
  csrfCookie: defineEndpoint({ method: 'GET', path: '/sanctum/csrf-cookie', summary: 'Start a session' }),
};
