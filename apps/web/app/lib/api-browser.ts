import { LANGUAGE_HEADER } from '@promptmarket/contracts/locale';
import type { z } from 'zod';
import { type ApiError, type ApiTransport, apiErrorFrom, createApiClient } from './api-client';
import { transportAction, transportActionPath } from './transport-rules';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function readCookie(name: string): string | null {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** Sanctum's handshake: sets the session and XSRF-TOKEN cookies. */
export async function fetchCsrfCookie(): Promise<void> {
  await fetch('/sanctum/csrf-cookie', { credentials: 'include' });
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
  const action = transportAction(error.status, error.message, authenticated);
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
  method?: 'POST' | 'PUT';
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
  path: string,
  schema: T,
  body: FormData,
  { method = 'POST', onProgress, signal }: UploadOptions = {},
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
    /** A multipart form (files) with upload progress; see `upload`. */
    upload: <T extends z.ZodType>(path: string, schema: T, body: FormData, options?: UploadOptions) =>
      upload(locale, isAuthenticated(), path, schema, body, options),
  };
}
