import { stdSerializers } from 'pino';

/** Query parameters that hold secrets (reset tokens, signatures of mailed links) or who they are for. */
const SECRET_PARAMETERS = new Set(['token', 'signature', 'hash', 'expires', 'email', 'password']);

/**
 * A request URL fit for the logs: the value of every secret query parameter becomes
 * `[redacted]`, so a reset or verification link someone opened cannot be replayed from the logs.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const rawName = separator === -1 ? pair : pair.slice(0, separator);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // A malformed escape is logged as it came, name and all; its value still goes.
        return `${rawName}=[redacted]`;
      }
      return SECRET_PARAMETERS.has(name.trim().toLowerCase()) ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

/**
 * Fields of a database error that hold the values of a query: Drizzle's wrapped query error keeps
 * them in `params` (and in its message), PGlite in `params`, and PostgreSQL's `detail` repeats
 * the offending row or key ("Key (email)=(…) already exists").
 */
const QUERY_VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'queryParams', 'queryOptions']);
const REDACTED = '[redacted]';

/** The same error without the values of its query, its causes too; the query text itself stays. */
function withoutQueryValues(error: Error, depth: number): Error {
  const copy = Object.create(Object.getPrototypeOf(error)) as Error;
  const valueOfParams = 'params' in error ? (error as { params?: unknown }).params : undefined;
  const paramsText = valueOfParams === undefined ? null : String(valueOfParams);
  const scrub = (text: string) =>
    paramsText ? text.replace(`params: ${paramsText}`, `params: ${REDACTED}`) : text;
  for (const key of Reflect.ownKeys(error)) {
    if (typeof key === 'string' && QUERY_VALUE_FIELDS.has(key)) continue;
    let value = Reflect.get(error, key);
    if (key === 'message' || key === 'stack') value = typeof value === 'string' ? scrub(value) : value;
    else if (value instanceof Error) value = depth < 8 ? withoutQueryValues(value, depth + 1) : REDACTED;
    const enumerable = Object.getOwnPropertyDescriptor(error, key)?.enumerable ?? false;
    Object.defineProperty(copy, key, { value, enumerable, writable: true, configurable: true });
  }
  // Some errors keep fields behind getters of their own kind (a DOMException's, for an aborted or
  // timed-out fetch), which a copy cannot call: the copy holds their values as plain fields.
  for (const key of ['name', 'message', 'stack'] as const) {
    if (Object.hasOwn(copy, key)) continue;
    const value = error[key];
    if (typeof value !== 'string') continue;
    const scrubbed = key === 'name' ? value : scrub(value);
    Object.defineProperty(copy, key, {
      value: scrubbed,
      enumerable: false,
      writable: true,
      configurable: true,
    });
  }
  for (const key in error) {
    if (Object.hasOwn(copy, key) || QUERY_VALUE_FIELDS.has(key)) continue;
    let value: unknown;
    try {
      value = Reflect.get(error, key);
    } catch {
      continue;
    }
    Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/**
 * An error's message fit to be kept (a failed job's `last_error`): as the logs have it, without
 * the values of a failed query.
 */
export function errorMessageWithoutQueryValues(error: unknown): string {
  return error instanceof Error ? withoutQueryValues(error, 0).message : String(error);
}

/**
 * The logs' `err` serializer: pino's, after the values of a failed query are taken out, so a
 * failed insert never writes a password hash, a name or an address to the logs.
 */
export function errorLogSerializer(error: unknown) {
  return stdSerializers.err(error instanceof Error ? withoutQueryValues(error, 0) : (error as Error));
}
