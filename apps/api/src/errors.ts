import {
  type ErrorCode,
  errorMessages,
  type MessageParams,
  type ValidationKey,
} from '@promptmarket/contracts';

export type FieldErrors = Record<string, string[]>;

/**
 * The one error type services throw. The error handler turns it into the Laravel
 * shape with the status from `statusOf`, and adds the code for clients to branch on.
 *
 * The message and the field messages are keys of the validation texts (or English texts that
 * are no key), never texts a service translated: the error handler translates them once, in the
 * request's language, filling their `{{name}}` placeholders from `params`. `details` are further
 * fields of the answer's body that a client reads beside the message (a purchase's `missing`
 * amount, for one); they never replace the message or the code.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
    readonly params?: MessageParams,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /**
   * A 422 with field errors. A failure the client must tell apart from a mistake in the form
   * (too little money, for one) passes its own code and keeps the same fields and status.
   */
  static validation(
    fields: FieldErrors,
    code: ErrorCode = 'VALIDATION_FAILED',
    params?: MessageParams,
  ): AppError {
    return new AppError(code, laravelValidationMessage(fields), fields, undefined, params);
  }

  /** A 409: what the request acts on changed meanwhile, its text a key with its params. */
  static conflict(key: ValidationKey, params?: MessageParams): AppError {
    return new AppError('CONFLICT', key, undefined, undefined, params);
  }

  static notFound(message: string = errorMessages.notFound): AppError {
    return new AppError('NOT_FOUND', message);
  }
}

const statusByCode: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 422,
  INSUFFICIENT_FUNDS: 422,
  ACCOUNT_IN_DEBT: 422,
  OFFER_ALREADY_ANSWERED: 422,
  OFFER_NOT_PRICED: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  VERIFICATION_REQUIRED: 403,
  TWO_FACTOR_SETUP_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  ACCOUNT_HAS_BALANCE: 409,
  ACCOUNT_HAS_UNPAID_PAYOUT: 409,
  ACCOUNT_HAS_PENDING_DEPOSIT: 409,
  PRICE_CHANGED: 409,
  NOT_A_BUYER: 403,
  REVIEW_EXISTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  CSRF_TOKEN_MISMATCH: 419,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
};

export function statusOf(code: ErrorCode): number {
  return statusByCode[code];
}

/** Laravel's summary: the first message, plus "(and N more errors)" when there are more. */
export function laravelValidationMessage(fields: FieldErrors): string {
  const messages = Object.values(fields).flat();
  const [first = 'The given data was invalid.'] = messages;
  const more = messages.length - 1;
  if (more <= 0) return first;
  return `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})`;
}
