import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '../components/ui/button-styles';
import { pageMeta } from '../lib/seo';
import { useSite } from '../lib/site-data';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location.pathname, {});

export default function Home() {
  const { t } = useTranslation();
  const { locale } = useSite();
  return (
    <section className="relative overflow-hidden bg-ink-900 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_70%_-10%,rgba(139,92,246,0.45),transparent),radial-gradient(40rem_25rem_at_0%_100%,rgba(56,189,248,0.25),transparent)]"
      />
      <div className="relative mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28 lg:py-32">
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
          {t('home.heroTitle')}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-300 sm:text-xl">{t('home.heroDescription')}</p>
        <div className="mt-10">
          <Link to={`/${locale}/products`} className={`${buttonStyles.primary} px-6 py-3 text-base`}>
            {t('home.explore')}
          </Link>
        </div>
      </div>
    </section>
  );
}
