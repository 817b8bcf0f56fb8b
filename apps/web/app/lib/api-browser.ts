import { sessionEndpoints } from '@promptmarket/contracts/accounts';
import { type Endpoint, endpointPath } from '@promptmarket/contracts/endpoint';
import { LANGUAGE_HEADER } from '@promptmarket/contracts/locale';
import type { z } from 'zod';
import {
  ApiError,
  type ApiTransport,
  apiErrorFrom,
  type CallInput,
  checkHandshake,
  createApiClient,
  type JsonEndpoint,
  queryString,
} from './api-client';
import { transportAction, transportActionPath } from './transport-rules';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function readCookie(name: string): string | null {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** Sanctum's handshake: sets the session and XSRF-TOKEN cookies. Throws the ApiError of a refusal. */
export async function fetchCsrfCookie(): Promise<void> {
  await checkHandshake(await fetch(sessionEndpoints.csrfCookie.path, { credentials: 'include' }));
}

/** The XSRF token, shaking hands once before the first unsafe call of a visit. */
async function xsrfToken(): Promise<string> {
  const existing = readCookie('XSRF-TOKEN');
  if (existing) return existing;
  await fetchCsrfCookie();
  return readCookie('XSRF-TOKEN') ?? '';
}

const browserTransport: ApiTransport = (path, init) => fetch(path, { ...init, credentials: 'include' });

/** Carries out the transport rules of spec section 8 for a failed call, before the caller sees it. */
function applyTransportRules(error: ApiError, locale: string, authenticated: boolean): void {
  const action = transportAction(error.status, error.code, authenticated);
  if (action.kind === 'reload') {
    // The token belonged to a session that ended: forget it so the next call shakes hands anew.
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports
    document.cookie = 'XSRF-TOKEN=; path=/; max-age=0';
    window.location.reload();
    return;
  }
  const target = transportActionPath(action, locale, window.location.pathname + window.location.search);
  if (target) window.location.assign(target);
}

export type UploadProgress = {
  loaded: number;
  /** Null while the browser cannot tell the size of the whole body. */
  total: number | null;
};

export type UploadOptions = {
  /** Called as the body goes out, for a progress bar. */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/**
 * Sends a form with files the way the API client sends JSON (language, XSRF header, cookies,
 * transport rules), through XMLHttpRequest because fetch cannot report upload progress.
 * Rejects with an ApiError for an error answer, status 0 when the network failed, and an
 * AbortError when `signal` aborts.
 */
async function upload<T extends z.ZodType>(
  locale: string,
  authenticated: boolean,
  method: string,
  path: string,
  schema: T,
  body: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<z.infer<T>> {
  signal?.throwIfAborted();
  const token = await xsrfToken();
  const answer = await new Promise<{ status: number; statusText: string; text: string }>(
    (resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open(method, `/api${path}`);
      request.withCredentials = true;
      request.setRequestHeader('accept', 'application/json');
      request.setRequestHeader(LANGUAGE_HEADER, locale);
      request.setRequestHeader('x-xsrf-token', token);
      if (onProgress) {
        request.upload.onprogress = (event) =>
          onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
      }
      request.onload = () =>
        resolve({ status: request.status, statusText: request.statusText, text: request.responseText });
      request.onerror = () => resolve({ status: 0, statusText: 'Network error', text: '' });
      request.onabort = () =>
        reject(signal?.reason ?? new DOMException('The upload was aborted', 'AbortError'));
      signal?.addEventListener('abort', () => request.abort(), { once: true });
      request.send(body);
    },
  );
  if (answer.status < 200 || answer.status >= 300) {
    const error = apiErrorFrom(answer.status, answer.statusText, answer.text);
    applyTransportRules(error, locale, authenticated);
    throw error;
  }
  let data: unknown = null;
  try {
    data = answer.status === 204 ? null : JSON.parse(answer.text);
  } catch {
    // Not JSON: the schema below rejects it.
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw apiErrorFrom(502, `Unexpected response from ${path}`, '');
  return parsed.data;
}

/** A file the API answered, with the name its Content-Disposition gave (`download.zip` without). */
export type FileAnswer = { blob: Blob; filename: string; headers: Headers };

/** The filename of a Content-Disposition, `download.zip` when it names none. */
export function filenameOf(disposition: string | null): string {
  if (!disposition) return 'download.zip';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? 'download.zip';
}

/** Statuses a file call reads itself (spec section 8); others go through the transport rules. */
const FILE_STATUSES = new Set([200, 400, 422, 500]);

/**
 * Asks the API for a file (a zip), reporting the download in percent. An answer of 200, 400, 422
 * or 500 that is not a file is read as JSON `{message}` and thrown as an ApiError; any other
 * status is carried out by the transport rules first.
 */
async function file(
  locale: string,
  authenticated: boolean,
  method: string,
  path: string,
  body: unknown,
  onProgress: (percent: number) => void,
  callHeaders: Record<string, string> = {},
): Promise<FileAnswer> {
  const headers: Record<string, string> = {
    accept: 'application/zip, application/json',
    [LANGUAGE_HEADER]: locale,
    ...callHeaders,
  };
  if (method !== 'GET') headers['x-xsrf-token'] = await xsrfToken();
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`/api${path}`, {
    method,
    headers,
    credentials: 'include',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).catch(() => null);
  if (!response) throw apiErrorFrom(0, 'Network error', '');
  const type = response.headers.get('content-type') ?? '';
  if (!FILE_STATUSES.has(response.status)) {
    const error = apiErrorFrom(response.status, response.statusText, await response.text().catch(() => ''));
    applyTransportRules(error, locale, authenticated);
    throw error;
  }
  if (response.status !== 200 || type.includes('json')) {
    const answered = apiErrorFrom(response.status, '', await response.text().catch(() => ''));
    // Without a message of the server's, the caller shows its own text (spec section 8).
    const message = typeof answered.body?.message === 'string' ? answered.message : '';
    throw new ApiError(response.status, message, answered.errors, answered.body);
  }
  const total = Number(response.headers.get('content-length')) || 0;
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      if (total) onProgress(Math.min(100, Math.round((received / total) * 100)));
    }
  }
  onProgress(100);
  return {
    blob: new Blob(chunks as BlobPart[], { type: type || 'application/zip' }),
    filename: filenameOf(response.headers.get('content-disposition')),
    headers: response.headers,
  };
}

/** The API client for components: credentials, the XSRF header, and the transport rules carried out. */
export function browserApi(locale: string, isAuthenticated: () => boolean = () => false) {
  const client = createApiClient({
    transport: browserTransport,
    locale,
    headers: async (method): Promise<Record<string, string>> =>
      SAFE_METHODS.has(method) ? {} : { 'x-xsrf-token': await xsrfToken() },
    onError: (error) => applyTransportRules(error, locale, isAuthenticated()),
  });
  return {
    ...client,
    /**
     * Sends an endpoint's multipart form (files) with upload progress, its answer parsed with the
     * endpoint's schema; see `upload`. `params` fill in the endpoint's path.
     */
    upload: <E extends JsonEndpoint>(
      endpoint: E,
      body: FormData,
      { params, ...options }: UploadOptions & { params?: Record<string, string | number> } = {},
    ): Promise<z.infer<E['response']>> =>
      upload<E['response']>(
        locale,
        isAuthenticated(),
        endpoint.method,
        endpointPath(endpoint.path, params),
        endpoint.response,
        body,
        options,
      ),
    /**
     * Asks an endpoint that answers a file (a zip) for it, with download progress; `headers` are
     * for this call only (an `Idempotency-Key`). See `file`.
     */
    file: <E extends Endpoint>(
      endpoint: E,
      ...[input, onProgress = () => undefined]: object extends CallInput<E>
        ? [CallInput<E>?, ((percent: number) => void)?]
        : [CallInput<E>, ((percent: number) => void)?]
    ) => {
      const { params, query, body, headers } = (input ?? {}) as {
        params?: Record<string, string | number>;
        query?: unknown;
        body?: unknown;
        headers?: Record<string, string>;
      };
      const path = endpointPath(endpoint.path, params) + queryString(query);
      return file(locale, isAuthenticated(), endpoint.method, path, body, onProgress, headers);
    },
  };
}

export type BrowserApi = ReturnType<typeof browserApi>;
