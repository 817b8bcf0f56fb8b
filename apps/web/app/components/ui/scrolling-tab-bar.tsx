import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { scrollWholeIntoView, showWhole } from '../../lib/keep-in-view';

/** Room kept beside a tab brought into view: the width of the cue over the bar's edge. */
const CUE_ROOM = 48;

type More = { before: boolean; after: boolean };

function Chevron({ side }: { side: keyof More }) {
  return (
    <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true" focusable="false">
      <path
        d={side === 'before' ? 'M12.5 4.5 7 10l5.5 5.5' : 'M7.5 4.5 13 10l-5.5 5.5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A bar of tabs (links) that scrolls sideways when it is wider than the screen (a phone). While
 * there are tabs beyond an edge, that edge fades out under a chevron, which scrolls the bar on a
 * press; the cue goes once the bar has reached that end. The page's own tab (`current` changes
 * with it) is scrolled into view, and so is a tab the keyboard moves to, clear of the cues.
 *
 * The chevrons are for pointers: from the keyboard, Tab walks the tabs themselves and the bar
 * follows, so the chevrons are left out of the tab order and of what screen readers read.
 */
export function ScrollingTabBar({
  label,
  current,
  className = '',
  children,
}: {
  label: string;
  current: string;
  className?: string;
  children: ReactNode;
}) {
  const bar = useRef<HTMLElement>(null);
  const [more, setMore] = useState<More>({ before: false, after: false });
  const measure = useCallback(() => {
    const element = bar.current;
    if (!element) return;
    const before = element.scrollLeft > 1;
    const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setMore((was) => (was.before === before && was.after === after ? was : { before, after }));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's tab changes with `current`
  useEffect(() => {
    showWhole(bar.current, '[aria-current="page"]', CUE_ROOM);
    measure();
  }, [current, measure]);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const sizes = new ResizeObserver(measure);
    sizes.observe(element);
    return () => sizes.disconnect();
  }, [measure]);

  const step = (direction: 1 | -1) => {
    const element = bar.current;
    if (!element) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollBy({ left: direction * element.clientWidth * 0.7, behavior: reduce ? 'auto' : 'smooth' });
  };
  const cue = (side: keyof More) => (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden="true"
      data-scroll-cue={side}
      onClick={() => step(side === 'before' ? -1 : 1)}
      className={`absolute inset-y-0 flex w-12 items-center text-slate-500 hover:text-slate-900 ${
        side === 'before'
          ? 'left-0 justify-start bg-gradient-to-r from-white from-45% to-transparent'
          : 'right-0 justify-end bg-gradient-to-l from-white from-45% to-transparent'
      }`}
    >
      <Chevron side={side} />
    </button>
  );

  return (
    <div className={`relative ${className}`}>
      <nav
        ref={bar}
        aria-label={label}
        className="flex gap-6 overflow-x-auto border-b border-slate-200"
        onScroll={measure}
        // A tab reached from the keyboard shows whole, not cut at the bar's edge nor under a cue.
        onFocus={(event) => {
          if (event.target !== event.currentTarget)
            scrollWholeIntoView(event.currentTarget, event.target, CUE_ROOM);
        }}
      >
        {children}
      </nav>
      {more.before ? cue('before') : null}
      {more.after ? cue('after') : null}
    </div>
  );
}
