import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Navigations to an anchor glide there; others start at the top (ScrollRestoration does that part). */
export function ScrollToHash() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for every navigation, same hash included
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  }, [hash, key]);
  return null;
}
