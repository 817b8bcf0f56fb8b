/**
 * Every error the API can answer with; each error body carries its code as `code`. The API maps
 * each code to one HTTP status (apps/api/src/errors.ts). A client that must react to a particular
 * failure branches on the code, never on the message: messages are translated and may be reworded.
 */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  /** The wallet holds too little for a purchase or a paid generation (422; a purchase adds `missing`). */
  'INSUFFICIENT_FUNDS',
  /**
   * The wallet is below zero because a deposit was refunded or disputed at the payment provider
   * (422): nothing can be spent until a deposit settles it.
   */
  'ACCOUNT_IN_DEBT',
  /** The offer was accepted or declined already, or is no longer open to an answer (422). */
  'OFFER_ALREADY_ANSWERED',
  /** The offer is still pending: the service has made no price to accept or decline yet (422). */
  'OFFER_NOT_PRICED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'EMAIL_NOT_VERIFIED',
  'VERIFICATION_REQUIRED',
  /** An admin without two-factor sign-in, on any back-office call but its setup (403): set it up first. */
  'TWO_FACTOR_SETUP_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  /** An Idempotency-Key the user already sent with another request (409): make a new key. */
  'IDEMPOTENCY_KEY_REUSED',
  /**
   * Deleting an account whose wallet holds a balance (409): `details.balance` (display number) says
   * how much; the request is repeated with `confirm_forfeit_balance: true` to give it up.
   */
  'ACCOUNT_HAS_BALANCE',
  /**
   * Deleting an account while a payout to it is not yet paid (409): `details.payouts` lists them.
   * The account can be deleted once they are paid.
   */
  'ACCOUNT_HAS_UNPAID_PAYOUT',
  /**
   * Deleting an account while a deposit of it is still processing at the payment provider (409):
   * `details.deposits` lists them. The account can be deleted once they are paid or failed.
   */
  'ACCOUNT_HAS_PENDING_DEPOSIT',
  /** A purchase's `expected_total` is no longer its total (409; the answer's `total` is the new one). */
  'PRICE_CHANGED',
  /** Writing a review of a prompt the user has not bought, or bought and had refunded (403). */
  'NOT_A_BUYER',
  /** A second review of the same prompt by the same user (409): the first one is edited instead. */
  'REVIEW_EXISTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'CSRF_TOKEN_MISMATCH',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
  /**
   * The database is out of reach or too slow (503, with Retry-After): nothing was done, and the
   * same request may succeed in a moment.
   */
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** Whether a value read from an answer is one of the codes above. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
}

/** Message texts fixed by the spec and by the Laravel conventions the clients rely on. */
export const errorMessages = {
  unauthenticated: 'Unauthenticated.',
  csrfMismatch: 'CSRF token mismatch.',
  emailNotVerified: 'Your email address is not verified.',
  /** A payout of 150 EUR or more before the identity verification is approved (spec section 6). */
  verificationRequired: 'Identity verification is required before you can accept this offer.',
  forbidden: 'This action is unauthorized.',
  twoFactorSetupRequired: 'Turn on two-factor sign-in to use the back office.',
  notFound: 'Not Found',
  tooManyRequests: 'Too Many Attempts.',
  payloadTooLarge: 'Payload Too Large',
  serverError: 'Server Error',
  serviceUnavailable: 'Service Unavailable',
} as const;
