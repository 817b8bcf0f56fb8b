import type { Profile } from '@promptmarket/contracts/accounts';
import { useRouteLoaderData } from 'react-router';

export const SESSION_ROUTE_ID = 'routes/session-layout';

/** The signed-in user's profile from the session layout, or null for a guest. */
export function useCurrentUser(): Profile | null {
  const data = useRouteLoaderData<{ user: Profile | null }>(SESSION_ROUTE_ID);
  return data?.user ?? null;
}
