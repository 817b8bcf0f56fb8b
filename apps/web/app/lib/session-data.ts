import type { Profile } from '@promptmarket/contracts/accounts';
import { useRouteLoaderData } from 'react-router';

export const SESSION_ROUTE_ID = 'routes/session-layout';

/**
 * What the session layout knows: the signed-in user, or null for a guest. `personalDeferred` marks
 * a page from the page cache, shared by every signed-in visitor (decision 0022): whose it is, the
 * browser asks at once after start.
 */
export type SessionData = { user: Profile | null; personalDeferred: boolean };

/** The signed-in user's profile from the session layout, or null for a guest. */
export function useCurrentUser(): Profile | null {
  const data = useRouteLoaderData<SessionData>(SESSION_ROUTE_ID);
  return data?.user ?? null;
}

/** True while a signed-in visitor's page waits for its personal parts (the header shows neither state). */
export const usePersonalPartsPending = (): boolean =>
  !!useRouteLoaderData<SessionData>(SESSION_ROUTE_ID)?.personalDeferred;
