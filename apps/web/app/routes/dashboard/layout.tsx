import { NavLink, Outlet, useLocation } from 'react-router';
import { ScrollingTabBar } from '../../components/ui/scrolling-tab-bar';
import { requireUser } from '../../lib/guards.server';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { RenderedAtProvider } from '../../lib/relative-time';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/layout';

/**
 * Login required, and a verified e-mail address while verification is switched on. The moment of
 * the render lets the dashboard's relative times hydrate with the words the server wrote.
 */
export async function loader(args: Route.LoaderArgs) {
  return { user: await requireUser(args), renderedAt: Date.now() };
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap border-b-2 px-1 pb-3 text-sm font-medium transition-colors ${
    isActive
      ? 'border-brand-600 text-brand-700'
      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
  }`;

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('dashboard.title')}</h1>
      <p className="mt-1 text-slate-600">{t('dashboard.welcome', { name: loaderData.user.first_name })}</p>
      <ScrollingTabBar label={t('dashboard.title')} current={pathname} className="mt-6">
        <NavLink to={paths.dashboard(locale)} end className={tabClass}>
          {t('dashboard.overview')}
        </NavLink>
        <NavLink to={paths.orders(locale)} className={tabClass}>
          {t('orders.tab')}
        </NavLink>
        <NavLink to={paths.favourites(locale)} className={tabClass}>
          {t('favourites.tab')}
        </NavLink>
        <NavLink to={paths.wallet(locale)} className={tabClass}>
          {t('ledger.tab')}
        </NavLink>
        <NavLink to={paths.deposits(locale)} className={tabClass}>
          {t('deposits.tab')}
        </NavLink>
        <NavLink to={paths.offers(locale)} className={tabClass}>
          {t('offers.tab')}
        </NavLink>
        <NavLink to={paths.verification(locale)} className={tabClass}>
          {t('verification.link')}
        </NavLink>
        <NavLink to={paths.profile(locale)} className={tabClass}>
          {t('dashboard.profile')}
        </NavLink>
        <NavLink to={paths.notifications(locale)} className={tabClass}>
          {t('mailPreferences.tab')}
        </NavLink>
      </ScrollingTabBar>
      <div className="pt-8">
        <RenderedAtProvider value={loaderData.renderedAt}>
          <Outlet />
        </RenderedAtProvider>
      </div>
    </div>
  );
}
