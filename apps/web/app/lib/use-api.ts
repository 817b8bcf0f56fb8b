import { useMemo } from 'react';
import type { BrowserApi } from './api-browser';
import { loadOnce } from './load-once';
import { useCurrentUser } from './session-data';
import { useSite } from './site-data';

// The client and the session contract it shakes hands with come with the first call: a page's
// data comes from its loader, so a first load needs neither (decision 0059).
const client = loadOnce(() => import('./api-browser'));

/** Starts fetching the client when a person reaches for a button that will call the API. */
export function prepareApi(): void {
  client.load().catch(() => {});
}

/**
 * The browser API client for this page's language and sign-in state, loaded on its first call.
 * It lives apart from `session-data` so that pages which only read the session (the header on
 * every page) do not load it.
 */
export function useApi(): BrowserApi {
  const { locale } = useSite();
  const user = useCurrentUser();
  const authenticated = user !== null;
  return useMemo(() => {
    const ready = () => client.load().then(({ browserApi }) => browserApi(locale, () => authenticated));
    return {
      locale,
      call: (...args) => ready().then((api) => api.call(...args)),
      callJson: (...args) => ready().then((api) => api.callJson(...args)),
      upload: (...args) => ready().then((api) => api.upload(...args)),
      file: (...args) => ready().then((api) => api.file(...args)),
    } as BrowserApi;
  }, [locale, authenticated]);
}
