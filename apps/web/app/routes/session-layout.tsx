import { PERSONAL_PARTS_DEFERRED, PERSONAL_PARTS_HEADER } from '@promptmarket/contracts/page-cache';
import { isRouteErrorResponse, Outlet, useMatches, useRouteError } from 'react-router';
import { deferredIsland } from '../components/layout/page-extras';
import { SiteHeader } from '../components/layout/site-header';
import { TestModeBanner } from '../components/layout/test-mode-banner';
import {
  DeferredCookieBanner,
  DeferredFooter,
  DeferredOverlays,
} from '../features/site/components/site-extras';
import { DisplayCurrencyProvider } from '../lib/currency-context';
import { currentUser } from '../lib/guards.server';
import type { SessionData } from '../lib/session-data';
import { useSite } from '../lib/site-data';
import type { Route } from './+types/session-layout';

/**
 * Who is signed in, checked on every navigation so the header never shows a stale state. A page
 * cached for every signed-in visitor is rendered with nobody in it (`personalDeferred`).
 */
export async function loader(args: Route.LoaderArgs): Promise<SessionData> {
  if (args.request.headers.get(PERSONAL_PARTS_HEADER) === PERSONAL_PARTS_DEFERRED) {
    return { user: null, personalDeferred: true };
  }
  try {
    return { user: await currentUser(args), personalDeferred: false };
  } catch {
    return { user: null, personalDeferred: false };
  }
}

export const shouldRevalidate = () => true;

function Frame({ compact, children }: { compact: boolean; children: React.ReactNode }) {
  const { settings } = useSite();
  return (
    <DisplayCurrencyProvider>
      <DeferredCookieBanner />
      <div className="flex min-h-screen flex-col">
        <TestModeBanner shown={settings.payments_test_mode} />
        <SiteHeader compact={compact} />
        <main id="main" className="flex-1" tabIndex={-1}>
          {children}
        </main>
        <DeferredFooter />
      </div>
      <DeferredOverlays />
    </DisplayCurrencyProvider>
  );
}

/** Screens with `handle.authScreen` (login, register, …) get the header without its navigation. */
export default function SessionLayout() {
  const matches = useMatches();
  const authScreen = matches.some(
    (match) => (match.handle as { authScreen?: boolean } | undefined)?.authScreen,
  );
  return (
    <Frame compact={authScreen}>
      <Outlet />
    </Frame>
  );
}

/** Error screens are rare: their code is not part of every page's first load. */
const StatusPage = deferredIsland(() =>
  import('../components/layout/status-page').then((module) => module.StatusPage),
);

/** A page that is missing (404) or failed keeps the header and footer around its message. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Frame compact={false}>
      {status === 404 ? (
        <StatusPage status={404} namespace="notFound" />
      ) : status === 403 ? (
        <StatusPage status={403} namespace="forbidden" />
      ) : status === 503 ? (
        <StatusPage status={503} namespace="unavailable" />
      ) : (
        <StatusPage status={status} namespace="error" />
      )}
    </Frame>
  );
}
