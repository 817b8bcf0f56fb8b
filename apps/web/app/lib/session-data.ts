import type { Profile } from '@promptmarket/contracts/accounts';
import { useMemo } from 'react';
import { useRouteLoaderData } from 'react-router';
import { browserApi } from './api-browser';
import { useSite } from './site-data';

export const SESSION_ROUTE_ID = 'routes/session-layout';

/** The signed-in user's profile from the session layout, or null for a guest. */
export function useCurrentUser(): Profile | null {
  const data = useRouteLoaderData<{ user: Profile | null }>(SESSION_ROUTE_ID);
  return data?.user ?? null;
}

/** The browser API client for this page's language and sign-in state. */
export function useApi() {
  const { locale } = useSite();
  const user = useCurrentUser();
  const authenticated = user !== null;
  return useMemo(() => browserApi(locale, () => authenticated), [locale, authenticated]);
}
