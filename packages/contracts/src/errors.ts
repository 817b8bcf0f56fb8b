/**
 * Every error the API can answer with. The API maps each code to one HTTP status
 * (apps/api/src/plugins/errors.ts); clients branch on the status, as the original ones do.
 */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'EMAIL_NOT_VERIFIED',
  'VERIFICATION_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'CSRF_TOKEN_MISMATCH',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** Message texts fixed by the spec and by the Laravel conventions the clients rely on. */
export const errorMessages = {
  unauthenticated: 'Unauthenticated.',
  csrfMismatch: 'CSRF token mismatch.',
  emailNotVerified: 'Your email address is not verified.',
  /** A payout of 150 EUR or more before the identity verification is approved (spec section 6). */
  verificationRequired: 'Identity verification is required before you can accept this offer.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not Found',
  tooManyRequests: 'Too Many Attempts.',
  payloadTooLarge: 'Payload Too Large',
  serverError: 'Server Error',
  serviceUnavailable: 'Service Unavailable',
} as const;
