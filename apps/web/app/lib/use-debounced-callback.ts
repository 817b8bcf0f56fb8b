import { useEffect, useMemo, useRef } from 'react';

/** Calls `fn` once `delayMs` have passed without another call; a pending call is dropped on unmount. */
export function debounce<Args extends unknown[]>(fn: (...args: Args) => void, delayMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: Args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), delayMs);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}

export function useDebouncedCallback<Args extends unknown[]>(fn: (...args: Args) => void, delayMs: number) {
  const latest = useRef(fn);
  latest.current = fn;
  const debounced = useMemo(() => debounce((...args: Args) => latest.current(...args), delayMs), [delayMs]);
  useEffect(() => () => debounced.cancel(), [debounced]);
  return debounced;
}
