import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

// The server render has no scrolling: the plain effect, which does not run there.
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Navigations to an anchor glide there; others start at the top (ScrollRestoration does that part).
 * ScrollRestoration also jumps to the anchor, in a layout effect before the page is painted, which
 * left nothing for a smooth scroll afterwards to do: this comes before it in the page, so its
 * layout effect runs first and makes that jump smooth too.
 */
export function ScrollToHash() {
  const { hash, key } = useLocation();
  useIsomorphicLayoutEffect(() => {
    if (hash && !reducedMotion()) document.documentElement.style.scrollBehavior = 'smooth';
  }, [hash, key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for every navigation, same hash included
  useEffect(() => {
    if (!hash) return;
    document.documentElement.style.removeProperty('scroll-behavior');
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
  }, [hash, key]);
  return null;
}
