import { createHash } from 'node:crypto';
import { AppError } from '../errors';

/**
 * An Idempotency-Key stands for one request of one user: the record it created (an order, a
 * generation) keeps the key, scoped to its user, and a fingerprint of the request. The same key
 * with the same request answers that record again; with another request it is refused
 * (`keyReused`), never answered with a record made for something else.
 */

/** A value with its object keys sorted at every depth, so that key order makes no difference. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The fingerprint of a request: SHA-256 of its method, route path and canonical body. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method.toUpperCase(), path, canonical(body ?? null)]))
    .digest('hex');
}

/** The answer to a key the user sent before with another request: 409 IDEMPOTENCY_KEY_REUSED. */
export function keyReused(): AppError {
  return new AppError('IDEMPOTENCY_KEY_REUSED', 'request.other_details');
}

/**
 * The request a key was first sent with, checked against this one. Throws IDEMPOTENCY_KEY_REUSED
 * when they differ. A record kept from before fingerprints (null) is taken as the same request.
 */
export function sameRequest(stored: string | null, hash: string | null): void {
  if (stored !== null && hash !== null && stored !== hash) throw keyReused();
}
