import { useLocation } from 'react-router';
import { BrandMark } from '../../../components/layout/brand-mark';
import { Mail, Phone } from '../../../components/layout/contact-icons';
import { Link } from '../../../components/ui/link';
import { useTranslation } from '../../../lib/i18n';
import { rememberLanguage } from '../../../lib/language-choice';
import { switchLocalePath } from '../../../lib/locale-routing';
import { paths } from '../../../lib/paths';
import { useSite } from '../../../lib/site-data';
import { FOOTER_CATEGORIES } from '../rules';
import { socialNetwork } from '../social';
import { NewsletterForm } from './newsletter-form';
import { PaymentLogos } from './payment-logos';
import { SocialIcon } from './social-icon';

const headingClass = 'text-sm font-semibold uppercase tracking-wider text-white';
const linkClass = 'rounded hover:text-white';

export function SiteFooter() {
  const { t } = useTranslation();
  const { locale, languages, settings, categories, staticPages, socialLinks } = useSite();
  const { pathname, search, hash } = useLocation();

  return (
    <footer className="below-fold bg-ink-900 text-slate-300 [--below-fold-height:74rem] sm:[--below-fold-height:44rem] lg:[--below-fold-height:29rem]">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <Link
            to={paths.home(locale)}
            className="inline-flex items-center gap-2.5 rounded-lg text-lg font-bold text-white"
          >
            <BrandMark />
            <span>{t('brand.name')}</span>
          </Link>
          <p className="mt-4 max-w-xs text-sm leading-6 text-slate-400">{t('footer.tagline')}</p>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <a
                href={`mailto:${settings.support_email}`}
                className={`inline-flex items-center gap-2 ${linkClass}`}
              >
                <Mail className="h-4 w-4" />
                <span className="sr-only">{t('footer.support')}: </span>
                {settings.support_email}
              </a>
            </li>
            {settings.company_phone ? (
              <li>
                <a
                  href={`tel:${settings.company_phone.replace(/[^\d+]/g, '')}`}
                  className={`inline-flex items-center gap-2 ${linkClass}`}
                >
                  <Phone className="h-4 w-4" />
                  <span className="sr-only">{t('footer.phone')}: </span>
                  {settings.company_phone}
                </a>
              </li>
            ) : null}
          </ul>
          {socialLinks.length > 0 ? (
            <ul aria-label={t('footer.social')} className="mt-5 flex flex-wrap gap-2">
              {socialLinks.map((link) => {
                const network = socialNetwork(link.url);
                return (
                  <li key={link.id}>
                    <a
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={network === 'link' ? link.url : network}
                      className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-white/15 hover:border-white/40 hover:text-white"
                    >
                      <SocialIcon network={network} />
                    </a>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>

        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className={headingClass}>
            {t('footer.explore')}
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {categories.slice(0, FOOTER_CATEGORIES).map((category) => (
              <li key={category.id}>
                <Link to={paths.products({ locale, query: category.query })} className={linkClass}>
                  {category.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-resources">
          <h2 id="footer-resources" className={headingClass}>
            {t('footer.resources')}
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <Link to={paths.aboutUs(locale)} className={linkClass}>
                {t('footer.aboutUs')}
              </Link>
            </li>
            <li>
              <Link to={paths.contactUs(locale)} className={linkClass}>
                {t('footer.contactUs')}
              </Link>
            </li>
            {staticPages
              .filter((page) => page.slug !== 'about-us')
              .map((page) => (
                <li key={page.id}>
                  <Link to={paths.staticPage(locale, page.slug)} className={linkClass}>
                    {page.title}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>

        <div>
          <h2 className={headingClass}>{t('footer.newsletterTitle')}</h2>
          <p className="mt-2 text-sm text-slate-400">{t('footer.newsletterText')}</p>
          <NewsletterForm />
          <nav aria-labelledby="footer-languages" className="mt-6">
            <h2 id="footer-languages" className={headingClass}>
              {t('footer.language')}
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
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
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p className="text-xs text-slate-400">{settings.copyright}</p>
          <PaymentLogos methods={settings.payment_methods} />
        </div>
      </div>
    </footer>
  );
}
