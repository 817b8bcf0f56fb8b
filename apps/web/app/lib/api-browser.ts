import { type ApiTransport, createApiClient } from './api-client';
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

/** The API client for components: credentials, the XSRF header, and the transport rules carried out. */
export function browserApi(locale: string, isAuthenticated: () => boolean = () => false) {
  return createApiClient({
    transport: browserTransport,
    locale,
    headers: async (method): Promise<Record<string, string>> =>
      SAFE_METHODS.has(method) ? {} : { 'x-xsrf-token': await xsrfToken() },
    onError: (error) => {
      const action = transportAction(error.status, error.message, isAuthenticated());
      if (action.kind === 'reload') {
        // The token belonged to a session that ended: forget it so the next call shakes hands anew.
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports
        document.cookie = 'XSRF-TOKEN=; path=/; max-age=0';
        window.location.reload();
        return;
      }
      const target = transportActionPath(action, locale, window.location.pathname + window.location.search);
      if (target) window.location.assign(target);
    },
  });
}
