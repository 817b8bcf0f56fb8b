import { useMemo } from 'react';
import { browserApi } from './api-browser';
import { useCurrentUser } from './session-data';
import { useSite } from './site-data';

/**
 * The browser API client for this page's language and sign-in state. It lives apart from
 * `session-data` so that pages which only read the session (the header on every page) do not
 * load the client.
 */
export function useApi() {
  const { locale } = useSite();
  const user = useCurrentUser();
  const authenticated = user !== null;
  return useMemo(() => browserApi(locale, () => authenticated), [locale, authenticated]);
}
