import { type ErrorCode, errorMessages } from '@promptmarket/contracts';

export type FieldErrors = Record<string, string[]>;

/**
 * The one error type services throw. The error handler turns it into the Laravel
 * shape with the status from `statusOf`.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static validation(fields: FieldErrors): AppError {
    return new AppError('VALIDATION_FAILED', laravelValidationMessage(fields), fields);
  }

  static notFound(message: string = errorMessages.notFound): AppError {
    return new AppError('NOT_FOUND', message);
  }
}

const statusByCode: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  VERIFICATION_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  CSRF_TOKEN_MISMATCH: 419,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
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
