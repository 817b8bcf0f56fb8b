import { randomBytes } from 'node:crypto';

/**
 * The server's own calls to its API while rendering a page carry this header with a token made
 * at start-up, so they are logged as part of the page (at debug level) instead of as requests
 * of their own. Nobody outside the process knows the token, so nobody can hide a request of theirs.
 */
export const INTERNAL_CALL_HEADER = 'x-internal-call';
export const internalCallToken = randomBytes(16).toString('hex');

export function isInternalCall(headers: Record<string, string | string[] | undefined>): boolean {
  return headers[INTERNAL_CALL_HEADER] === internalCallToken;
}
