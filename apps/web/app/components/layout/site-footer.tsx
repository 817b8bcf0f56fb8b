import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { rememberLanguage } from '../../lib/language-choice';
import { switchLocalePath } from '../../lib/locale-routing';
import { useSite } from '../../lib/site-data';
import { BrandMark } from './brand-mark';
import { Mail, Phone } from './icons';

export function SiteFooter() {
  const { t } = useTranslation();
  const { locale, languages, settings } = useSite();
  const { pathname, search, hash } = useLocation();

  return (
    <footer className="bg-ink-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <Link
            to={`/${locale}`}
            className="inline-flex items-center gap-2.5 rounded-lg text-lg font-bold text-white"
          >
            <BrandMark />
            <span>{t('brand.name')}</span>
          </Link>
          <p className="mt-4 max-w-xs text-sm leading-6 text-slate-400">{t('footer.tagline')}</p>
        </div>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{t('footer.support')}</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a
                href={`mailto:${settings.support_email}`}
                className="inline-flex items-center gap-2 rounded hover:text-white"
              >
                <Mail className="h-4 w-4" />
                {settings.support_email}
              </a>
            </li>
            {settings.company_phone ? (
              <li>
                <a
                  href={`tel:${settings.company_phone.replace(/[^\d+]/g, '')}`}
                  className="inline-flex items-center gap-2 rounded hover:text-white"
                >
                  <Phone className="h-4 w-4" />
                  <span className="sr-only">{t('footer.phone')}: </span>
                  {settings.company_phone}
                </a>
              </li>
            ) : null}
          </ul>
        </div>

        <nav aria-labelledby="footer-languages">
          <h2 id="footer-languages" className="text-sm font-semibold uppercase tracking-wider text-white">
            {t('footer.language')}
          </h2>
          <ul className="mt-4 flex flex-wrap gap-2">
            {languages.map((language) => {
              const active = language.code === locale;
              return (
                <li key={language.code}>
                  <Link
                    to={switchLocalePath(pathname, search, hash, language.code)}
                    lang={language.code}
                    hrefLang={language.code}
                    aria-current={active ? 'true' : undefined}
                    title={t('footer.languageSwitched', { language: language.name })}
                    onClick={() => rememberLanguage(language.code)}
                    className={`inline-flex min-h-10 items-center rounded-lg px-3 text-sm transition-colors ${
                      active
                        ? 'bg-brand-600 font-semibold text-white'
                        : 'border border-white/15 text-slate-300 hover:border-white/40 hover:text-white'
                    }`}
                  >
                    {language.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-slate-400 sm:px-6">{settings.copyright}</p>
      </div>
    </footer>
  );
}
