import { useEffect, useId, useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Link } from '../../../components/ui/link';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useSite } from '../../../lib/site-data';
import { type Consent, consentCookie, consentFromPanel, parseConsent } from '../consent';

/**
 * Asks once: only essentials, accept all, or a customise panel with the essential category
 * fixed on. Gone as soon as a choice is stored.
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const { locale, staticPages } = useSite();
  const [consent, setConsent] = useState<Consent | null | 'unknown'>('unknown');
  const [customizing, setCustomizing] = useState(false);
  const [optional, setOptional] = useState(false);
  const panelId = useId();
  useEffect(() => setConsent(parseConsent(document.cookie)), []);
  if (consent !== null) return null;

  const choose = (choice: Consent) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports
    document.cookie = consentCookie(choice, window.location.protocol === 'https:');
    setConsent(choice);
  };
  const cookiePage = staticPages.find((page) => page.is_cookie);

  return (
    <section
      aria-label={t('cookies.title')}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white p-4 shadow-[0_-8px_30px_rgba(0,0,0,0.08)] sm:inset-x-auto sm:bottom-4 sm:left-4 sm:max-w-md sm:rounded-2xl sm:border"
    >
      <h2 className="text-base font-semibold text-slate-900">{t('cookies.title')}</h2>
      <p className="mt-2 text-sm text-slate-600">
        {t('cookies.intro')}{' '}
        {cookiePage ? (
          <Link
            to={paths.staticPage(locale, cookiePage.slug)}
            className="font-medium text-brand-700 underline"
          >
            {t('cookies.policy')}
          </Link>
        ) : null}
      </p>
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
      <div className="mt-4 flex flex-wrap gap-2">
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
      </div>
    </section>
  );
}
