/** PostgreSQL's SQLSTATE of an error, however the driver wrapped it. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint an integrity error names, however the driver wrapped it. */
function constraintOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True for PostgreSQL's unique_violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === '23505';
}

/** True for a check_violation (23514), of the named constraint when one is given. */
export function isCheckViolation(error: unknown, constraint?: string): boolean {
  if (pgErrorCode(error) !== '23514') return false;
  return constraint === undefined || constraintOf(error) === constraint;
}

/**
 * SQLSTATEs that mean the database cannot serve now, not that the request was wrong: the
 * connection failed (class 08), the server is shutting down or starting (57P01-57P03), a
 * statement ran past statement_timeout or was cancelled (57014), too many connections (53300).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);

/** What the driver and the pool say when a connection is gone or cannot be had. */
const UNAVAILABLE_SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Client was closed and is not queryable',
];

/** Says the server refuses connections to the database for now (SQLSTATE 55000, which says more than that). */
const NOT_ACCEPTING = 'is not currently accepting connections';

/**
 * True when `error` (however the driver or Drizzle wrapped it) says the database is out of reach
 * or too slow: the request may succeed later, and is answered 503 with Retry-After.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof DatabaseUnavailableError) return true;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('08') && code.length === 5) return true;
      if (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_SYSTEM_CODES.has(code)) return true;
    }
    if (typeof message === 'string') {
      if (UNAVAILABLE_MESSAGES.some((text) => message.startsWith(text))) return true;
      if (code === '55000' && message.includes(NOT_ACCEPTING)) return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Thrown before a query is sent: its request has used up its time on the database, or its
 * client has gone. Nothing reaches the database.
 */
export class DatabaseUnavailableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'DatabaseUnavailableError';
  }
}
