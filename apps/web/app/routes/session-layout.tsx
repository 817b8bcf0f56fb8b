import { Outlet, useMatches } from 'react-router';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { currentUser } from '../lib/guards.server';
import type { Route } from './+types/session-layout';

/** Who is signed in, checked on every navigation so the header never shows a stale state. */
export async function loader(args: Route.LoaderArgs) {
  try {
    return { user: await currentUser(args) };
  } catch {
    return { user: null };
  }
}

export const shouldRevalidate = () => true;

/** Screens with `handle.authScreen` (login, register, …) get the header without its navigation. */
export default function SessionLayout() {
  const matches = useMatches();
  const authScreen = matches.some(
    (match) => (match.handle as { authScreen?: boolean } | undefined)?.authScreen,
  );
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader compact={authScreen} />
      <main id="main" className="flex-1" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
