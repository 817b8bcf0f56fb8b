import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server render and until the page has started in the browser. Forms keep their
 * submit buttons off until then: a click before that would send the form natively, with the
 * password in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
