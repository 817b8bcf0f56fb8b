import { type RefObject, useEffect, useRef } from 'react';

/** Closes an open popover on Escape or on a pointer press outside `container`. */
export function useDismiss(container: RefObject<HTMLElement | null>, open: boolean, close: () => void) {
  // The latest close function, without listening anew on every render.
  const latestClose = useRef(close);
  latestClose.current = close;
  useEffect(() => {
    if (!open) return;
    const onEvent = (event: MouseEvent | KeyboardEvent) => {
      const outside = event instanceof MouseEvent && !container.current?.contains(event.target as Node);
      const escaped = event instanceof KeyboardEvent && event.key === 'Escape';
      if (outside || escaped) latestClose.current();
    };
    document.addEventListener('mousedown', onEvent);
    document.addEventListener('keydown', onEvent);
    return () => {
      document.removeEventListener('mousedown', onEvent);
      document.removeEventListener('keydown', onEvent);
    };
  }, [container, open]);
}
