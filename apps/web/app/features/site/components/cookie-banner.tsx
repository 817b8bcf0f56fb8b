import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Link } from '../../../components/ui/link';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useSite } from '../../../lib/site-data';
import { type Consent, consentCookie, consentFromPanel, parseConsent } from '../consent';

/** The room the banner takes at the bottom of the window: kept free below the footer (site-extras). */
const SPACE_PROPERTY = '--cookie-banner-space';

/**
 * Asks once: only essentials, accept all, or a customise panel with the essential category
 * fixed on. Gone as soon as a choice is stored.
 *
 * It is the first thing in the page (mounted before the header), so the first Tab reaches its
 * buttons. It sits fixed at the bottom of the window, and the page keeps that much room free
 * below its end and when scrolling to a control, so nothing the visitor can reach stays under it.
 * After a choice the focus goes back to where the visitor was before entering the banner, or to
 * the top of the main content, never to the page's body.
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const { locale, staticPages } = useSite();
  const [consent, setConsent] = useState<Consent | null | 'unknown'>('unknown');
  const [customizing, setCustomizing] = useState(false);
  const [optional, setOptional] = useState(false);
  const panelId = useId();
  const banner = useRef<HTMLElement>(null);
  /** The last control focused outside the banner while it was shown. */
  const before = useRef<HTMLElement | null>(null);
  /** Set by a choice made from inside the banner: the focus is to be put back. */
  const giveBackFocus = useRef(false);
  useEffect(() => setConsent(parseConsent(document.cookie)), []);
  const shown = consent === null;

  useLayoutEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(SPACE_PROPERTY, `${spaceTaken(element)}px`);
    // The observer's first call comes once the browser has laid the banner out anyway: measuring
    // here would force a layout of the whole page while it starts (decision 0059).
    const sizes = new ResizeObserver(measure);
    sizes.observe(element);
    window.addEventListener('resize', measure);
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && !element.contains(active)) {
      before.current = active;
    }
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement)) return;
      if (!element.contains(target)) {
        before.current = target;
        scrollOutFromUnder(target, element);
      }
    };
    document.addEventListener('focusin', onFocus);
    return () => {
      sizes.disconnect();
      window.removeEventListener('resize', measure);
      document.removeEventListener('focusin', onFocus);
      root.style.removeProperty(SPACE_PROPERTY);
    };
  }, [shown]);

  useEffect(() => {
    if (shown || consent === 'unknown' || !giveBackFocus.current) return;
    giveBackFocus.current = false;
    const previous = before.current;
    if (previous?.isConnected && previous.checkVisibility()) {
      previous.focus();
    } else {
      document.getElementById('main')?.focus();
    }
  }, [shown, consent]);

  if (!shown) return null;

  const choose = (choice: Consent) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports
    document.cookie = consentCookie(choice, window.location.protocol === 'https:');
    giveBackFocus.current = banner.current?.contains(document.activeElement) ?? false;
    setConsent(choice);
  };
  const cookiePage = staticPages.find((page) => page.is_cookie);

  return (
    <section
      ref={banner}
      aria-label={t('cookies.title')}
      className="fixed inset-x-0 bottom-0 z-50 max-h-[85vh] overflow-y-auto border-t border-slate-200 bg-white p-4 shadow-[0_-8px_30px_rgba(0,0,0,0.08)] sm:inset-x-auto sm:bottom-4 sm:left-4 sm:max-w-md sm:rounded-2xl sm:border"
    >
      <h2 className="text-base font-semibold text-slate-900">{t('cookies.title')}</h2>
      <p className="mt-2 text-sm text-slate-600">{t('cookies.intro')}</p>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <button type="button" onClick={() => choose('essential')} className={buttonStyles.secondary}>
          {t('cookies.essentialOnly')}
        </button>
        <button type="button" onClick={() => choose('all')} className={buttonStyles.primary}>
          {t('cookies.acceptAll')}
        </button>
        <button
          type="button"
          onClick={() => setCustomizing((open) => !open)}
          aria-expanded={customizing}
          aria-controls={panelId}
          className="px-2 py-2 text-sm font-medium text-brand-700 underline"
        >
          {customizing ? t('cookies.hideCustomize') : t('cookies.customize')}
        </button>
        {cookiePage ? (
          <Link
            to={paths.staticPage(locale, cookiePage.slug)}
            className="px-2 py-2 text-sm font-medium text-brand-700 underline"
          >
            {t('cookies.policy')}
          </Link>
        ) : null}
      </div>
      {customizing ? (
        <div id={panelId} className="mt-4 space-y-3 rounded-xl border border-slate-200 p-3">
          <div className="flex items-start gap-3">
            <input
              type="checkbox"
              checked
              disabled
              aria-describedby={`${panelId}-essential`}
              className="mt-1 h-4 w-4 accent-brand-600"
              id={`${panelId}-e`}
            />
            <label htmlFor={`${panelId}-e`} className="text-sm">
              <span className="font-medium text-slate-900">{t('cookies.essentialTitle')}</span>
              <span id={`${panelId}-essential`} className="block text-slate-600">
                {t('cookies.essentialText')}
              </span>
            </label>
          </div>
          <div className="flex items-start gap-3">
            <input
              type="checkbox"
              checked={optional}
              onChange={(event) => setOptional(event.target.checked)}
              className="mt-1 h-4 w-4 accent-brand-600"
              id={`${panelId}-o`}
            />
            <label htmlFor={`${panelId}-o`} className="text-sm">
              <span className="font-medium text-slate-900">{t('cookies.optionalTitle')}</span>
              <span className="block text-slate-600">{t('cookies.optionalText')}</span>
            </label>
          </div>
          <button
            type="button"
            onClick={() => choose(consentFromPanel(optional))}
            className={`${buttonStyles.primary} w-full`}
          >
            {t('cookies.save')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** How far from the window's bottom the banner reaches up. */
function spaceTaken(element: HTMLElement): number {
  return Math.max(0, Math.ceil(window.innerHeight - element.getBoundingClientRect().top));
}

/**
 * A control reached from the keyboard that lands under the banner is scrolled up above it (the
 * browser's own scrolling to a focused control does not always keep to scroll-padding).
 */
function scrollOutFromUnder(target: HTMLElement, element: HTMLElement) {
  if (getComputedStyle(target).position === 'fixed') return;
  const top = element.getBoundingClientRect().top;
  const box = target.getBoundingClientRect();
  if (box.bottom > top && box.top < window.innerHeight) {
    window.scrollBy({ top: box.bottom - top + 8, behavior: 'instant' });
  }
}
