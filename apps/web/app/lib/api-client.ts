import { type Endpoint, endpointPath } from '@promptmarket/contracts/endpoint';
import { type ErrorCode, isErrorCode } from '@promptmarket/contracts/errors';
import { LANGUAGE_HEADER } from '@promptmarket/contracts/locale';
import type { z } from 'zod';
import type { Translate } from './i18n';
import type { Packed } from './packed';

/** How a request reaches the API: in process on the server, fetch in the browser. */
export type ApiTransport = (
  path: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<Response>;

export class ApiError extends Error {
  /**
   * The API's code for what went wrong (`VERIFICATION_REQUIRED`, `INSUFFICIENT_FUNDS` …): what a
   * screen branches on, since the message is translated. Null without a body from the API, or
   * for a code this build does not know.
   */
  readonly code: ErrorCode | null;

  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> | null = null,
    /** The whole JSON body, for answers that carry more than a message (a purchase's `missing`). */
    readonly body: Record<string, unknown> | null = null,
    /** The seconds a 429 (or 503) asks to wait before trying again, from its Retry-After; null without. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    const code = body?.code;
    this.code = isErrorCode(code) ? code : null;
  }

  /** The first message of the first field, as forms show it. */
  firstFieldError(): string | null {
    const [first] = Object.values(this.errors ?? {});
    return first?.[0] ?? null;
  }
}

/**
 * A new Idempotency-Key: made once per user action (a dialog opened, a form sent), and sent again
 * with every retry of that action, so that the shop carries it out once.
 */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The headers of a call that carries an Idempotency-Key. */
export const idempotencyHeaders = (key: string) => ({ 'Idempotency-Key': key });

/** A part of a call: required when its schema requires a field, optional when it requires none. */
type Part<Schema, Key extends string> = Schema extends z.ZodType
  ? object extends z.input<Schema>
    ? { [K in Key]?: z.input<Schema> }
    : { [K in Key]: z.input<Schema> }
  : unknown;

/** A query as its contract reads it, or one passed on from an address as it is (the server checks it). */
type QueryPart<Schema> = Schema extends z.ZodType
  ? object extends z.input<Schema>
    ? { query?: z.input<Schema> | URLSearchParams }
    : { query: z.input<Schema> | URLSearchParams }
  : unknown;

/** What a call of an endpoint sends: its path parameters, query and body, typed by its contract. */
export type CallInput<E extends Endpoint> = Part<E['params'], 'params'> &
  QueryPart<E['query']> &
  Part<E['body'], 'body'> & {
    /** Headers for this call only (an `Idempotency-Key`, for example). */
    headers?: Record<string, string>;
  };

/** An endpoint the web can call: one that answers JSON. */
export type JsonEndpoint = Endpoint & { readonly response: z.ZodType };

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** A query string from a call's query, in the order of its keys; empty values are left out. */
export function queryString(query: unknown): string {
  if (query instanceof URLSearchParams) {
    const text = query.toString();
    return text ? `?${text}` : '';
  }
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(name, String(item));
    else params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The address of an endpoint, with its path parameters and query filled in, for what the browser
 * asks itself: an `<img>`, a download link that sends the session cookie.
 */
export function endpointUrl<E extends Endpoint>(
  endpoint: E,
  { params, query }: { params?: Record<string, string | number>; query?: unknown } = {},
): string {
  return `/api${endpointPath(endpoint.path, params)}${queryString(query)}`;
}

type ClientOptions = {
  transport: ApiTransport;
  locale: string;
  /** Extra headers per request: the cookie on the server, the XSRF token in the browser. */
  headers?: (method: string) => Record<string, string> | Promise<Record<string, string>>;
  /** Called with every failure before it is thrown, for the transport rules of spec section 8. */
  onError?: (error: ApiError) => void;
  /**
   * Answers checked before, by language, path and ETag: the same bytes need not be read and
   * checked again. What it returns is shared: read it, never change it.
   */
  checked?: CheckedAnswers;
};

/** Checked answers, by `${language} ${path} ${ETag}`. */
export type CheckedAnswers = { get(key: string): unknown; set(key: string, value: unknown): void };

/**
 * The seconds a Retry-After header asks to wait: its number of seconds, or the time until its
 * date (at least 1); null without a header or with one that is neither.
 */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(1, Math.ceil((date - now) / 1000));
}

/**
 * The text a form shows for a 429: too many attempts, and how many seconds to wait (its
 * Retry-After, a minute when it names none). Null for any other failure.
 */
export function tooManyAttemptsText(error: unknown, t: Translate): string | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  return t('form.tooManyAttempts', { seconds: error.retryAfter ?? 60 });
}

/** The error for a failed answer, from its status and its (Laravel-shaped, when JSON) body text. */
export function apiErrorFrom(
  status: number,
  statusText: string,
  bodyText: string,
  retryAfterHeader: string | null = null,
): ApiError {
  let body: { message?: unknown; errors?: unknown; [key: string]: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed && typeof parsed === 'object') body = parsed as typeof body;
  } catch {
    // A body that is not JSON (a proxy's HTML page) still yields an error with the status.
  }
  const message = typeof body.message === 'string' ? body.message : statusText || 'Request failed';
  const errors =
    body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string[]>) : null;
  return new ApiError(status, message, errors, body, retryAfterSeconds(retryAfterHeader));
}

/** The error for a failed answer as it arrived: its status, body and Retry-After. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // An interrupted body still yields an error with the status.
  }
  return apiErrorFrom(response.status, response.statusText, text, response.headers.get('retry-after'));
}

/**
 * Checks the answer to the CSRF handshake: one refused (a 429 when an address started too many
 * sessions) throws its error, so the caller shows it, instead of the next call going out without
 * a token and being answered 419 as if the session had expired.
 */
export async function checkHandshake(response: Response): Promise<void> {
  if (!response.ok) throw await errorFromResponse(response);
}

/**
 * One typed API client for loaders and components: an endpoint is called only through its
 * declaration in @promptmarket/contracts, and every answer is checked against its contract.
 */
export function createApiClient({ transport, locale, headers, onError, checked }: ClientOptions) {
  /** Sends a call; a failed answer is thrown as its error. */
  async function send(
    method: string,
    path: string,
    body?: unknown,
    callHeaders: Record<string, string> = {},
  ): Promise<Response> {
    const extra = { ...((await headers?.(method)) ?? {}), ...callHeaders };
    const response = await transport(`/api${path}`, {
      method,
      headers: {
        accept: 'application/json',
        [LANGUAGE_HEADER]: locale,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extra,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) {
      const error = await errorFromResponse(response);
      onError?.(error);
      throw error;
    }
    return response;
  }

  async function request<T extends z.ZodType>(
    method: string,
    path: string,
    schema: T,
    body?: unknown,
    callHeaders: Record<string, string> = {},
  ): Promise<z.infer<T>> {
    const response = await send(method, path, body, callHeaders);
    const etag = checked && method === 'GET' ? response.headers.get('etag') : null;
    const key = etag ? `${locale} ${path} ${etag}` : null;
    const known = key ? checked?.get(key) : undefined;
    if (known !== undefined) return known as z.infer<T>;
    const parsed = schema.safeParse(response.status === 204 ? null : await response.json());
    if (!parsed.success) throw new ApiError(502, `Unexpected response from ${path}`);
    if (key) checked?.set(key, parsed.data);
    return parsed.data;
  }

  function pathOf(endpoint: Endpoint, input: unknown) {
    const { params, query } = (input ?? {}) as { params?: Record<string, string | number>; query?: unknown };
    return endpointPath(endpoint.path, params) + queryString(query);
  }

  /**
   * Calls an endpoint declared in @promptmarket/contracts: fills in its path, sends its query and
   * body, and parses the answer with its response schema.
   */
  function call<E extends JsonEndpoint>(
    endpoint: E,
    ...[input]: object extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>]
  ): Promise<z.infer<E['response']>> {
    const { body, headers: callHeaders } = (input ?? {}) as {
      body?: unknown;
      headers?: Record<string, string>;
    };
    return request<E['response']>(
      endpoint.method,
      pathOf(endpoint, input),
      endpoint.response,
      body,
      callHeaders,
    );
  }

  /**
   * Asks an endpoint for its answer and returns its JSON text unread, for a loader that hands a
   * list on to its page as one text (decision 0019; `unpack` reads it there). The shop's API
   * wrote the text by the same contract (the route's schema serializes it), so it is not read
   * and checked here only to be written out again.
   */
  async function callJson<E extends JsonEndpoint>(
    endpoint: E & { readonly method: 'GET' },
    ...[input]: object extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>]
  ): Promise<Packed<z.infer<E['response']>>> {
    const response = await send('GET', pathOf(endpoint, input));
    return (await response.text()) as Packed<z.infer<E['response']>>;
  }

  return {
    locale,
    call,
    callJson,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
