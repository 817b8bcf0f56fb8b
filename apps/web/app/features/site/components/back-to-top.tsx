import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { BACK_TO_TOP_THRESHOLD } from '../rules';

/** Everything a visitor can reach with a pointer or the keyboard, disabled controls included. */
const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/**
 * True when a control of the page lies (even partly) under `box`: the button floats over the page
 * and would take its clicks and hide its focus.
 */
function coversAControl(box: DOMRect, own: HTMLElement): boolean {
  for (const control of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (own.contains(control)) continue;
    const rect = control.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (rect.right <= box.left || rect.left >= box.right || rect.bottom <= box.top || rect.top >= box.bottom)
      continue;
    if (control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return true;
  }
  return false;
}

/** The button is in the way unless the visitor is on it. */
function inTheWayOf(element: HTMLElement): boolean {
  return element !== document.activeElement && coversAControl(element.getBoundingClientRect(), element);
}

/**
 * Past 300 px of scrolling, a round button at the window's bottom right (above the cookie banner
 * while that is shown). It steps aside (hidden, out of the tab order) while a control of the page
 * is under it, so it never covers a field or a button; it stays while it has the focus itself.
 */
export function BackToTop() {
  const { t } = useTranslation();
  const [scrolled, setScrolled] = useState(false);
  const [inTheWay, setInTheWay] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const past = window.scrollY > BACK_TO_TOP_THRESHOLD;
      setScrolled(past);
      if (past && button.current) setInTheWay(inTheWayOf(button.current));
    };
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', soon, { passive: true });
    window.addEventListener('resize', soon);
    // A panel opened or a list grown moves the controls without scrolling.
    const sizes = new ResizeObserver(soon);
    sizes.observe(document.body);
    // The cookie banner's room changes where the button sits.
    const banner = new MutationObserver(soon);
    banner.observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', soon);
      window.removeEventListener('resize', soon);
      sizes.disconnect();
      banner.disconnect();
    };
  }, []);

  // Just shown: checked before it is painted.
  useLayoutEffect(() => {
    if (scrolled && button.current) setInTheWay(inTheWayOf(button.current));
  }, [scrolled]);

  if (!scrolled) return null;
  return (
    <button
      ref={button}
      type="button"
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
      }}
      aria-label={t('backToTop')}
      title={t('backToTop')}
      className={`fixed bottom-[calc(1.25rem+var(--cookie-banner-space,0px))] right-5 z-30 inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700 ${inTheWay ? 'invisible' : ''}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M12 19V5M5 12l7-7 7 7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
