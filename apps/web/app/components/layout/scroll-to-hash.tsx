import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Navigations to an anchor glide there; others start at the top. ScrollRestoration does both, in
 * a layout effect before the page is painted: this comes before it in the page, so its layout
 * effect runs first and makes that jump to the anchor smooth, and every other scroll is instant
 * again once the page is shown.
 */
export function ScrollToHash() {
  const { hash, key } = useLocation();
  const page = () => document.documentElement.style;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for every navigation, same hash included
  useLayoutEffect(() => {
    if (hash && !matchMedia('(prefers-reduced-motion: reduce)').matches) page().scrollBehavior = 'smooth';
  }, [hash, key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for every navigation, same hash included
  useEffect(() => {
    page().removeProperty('scroll-behavior');
  }, [hash, key]);
  return null;
}
