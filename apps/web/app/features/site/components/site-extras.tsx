import { lazy, Suspense } from 'react';
import { deferredIsland } from '../../../components/layout/page-extras';

/**
 * The footer: rendered on the server, its code (the newsletter form) after the first load (decision
 * 0014). Below it, room in its colour where the back-to-top button sits at the page's end, so the
 * button covers none of the footer's last line; while the cookie banner is shown, also the room
 * the banner takes, so the page's last controls can be scrolled out from under it.
 */
export const DeferredFooter = deferredIsland(
  () => import('./site-footer').then((module) => module.SiteFooter),
  'bg-ink-900 pb-[calc(5rem+var(--cookie-banner-space,0px))]',
);

const CookieBanner = lazy(() =>
  import('./cookie-banner').then((module) => ({ default: module.CookieBanner })),
);
const BackToTop = lazy(() => import('./back-to-top').then((module) => ({ default: module.BackToTop })));

/** Renders nothing on the server, so there is no server HTML to keep. */
export function DeferredOverlays() {
  return (
    <Suspense fallback={null}>
      <BackToTop />
    </Suspense>
  );
}

/**
 * The cookie question, mounted at the start of the page so that it comes first in the tab order
 * while it is asked. Nothing on the server either.
 */
export function DeferredCookieBanner() {
  return (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  );
}
