import { lazy, Suspense } from 'react';

/**
 * The footer, the cookie banner and back-to-top are rendered on the server like the rest of the page
 * but hydrate from their own chunk: React hydrates the header and the page first and these once their
 * code has arrived, so they cost nothing on the first load (decision 0014). Until then the footer's
 * links work as plain links.
 */
const SiteFooter = lazy(() => import('./site-footer').then((module) => ({ default: module.SiteFooter })));
const CookieBanner = lazy(() =>
  import('./cookie-banner').then((module) => ({ default: module.CookieBanner })),
);
const BackToTop = lazy(() => import('./back-to-top').then((module) => ({ default: module.BackToTop })));

export function DeferredFooter() {
  return (
    <Suspense fallback={null}>
      <SiteFooter />
    </Suspense>
  );
}

export function DeferredOverlays() {
  return (
    <Suspense fallback={null}>
      <BackToTop />
      <CookieBanner />
    </Suspense>
  );
}
