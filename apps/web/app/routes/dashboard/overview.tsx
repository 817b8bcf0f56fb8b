import { useRouteLoaderData } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { Link } from '../../components/ui/link';
import { creditsParts } from '../../lib/credits-parts';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/overview';
import type { loader as dashboardLoader } from './layout';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'dashboard.title' }),
  { name: 'robots', content: 'noindex' },
];

export default function DashboardOverview() {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const data = useRouteLoaderData<typeof dashboardLoader>('routes/dashboard-layout');
  if (!data) return null;
  const { user } = data;
  const balance = creditsParts(centsFromDecimal(user.balance), locale, settings.internal_currency_name, t);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-sm font-medium text-slate-500">{t('dashboard.balance')}</h2>
        <p className="mt-2 text-3xl font-bold text-slate-900">
          {balance.before}
          {balance.amount}
          <span className="text-lg font-semibold text-slate-600">{balance.after}</span>
        </p>
      </section>
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-sm font-medium text-slate-500">{t('dashboard.emailStatus')}</h2>
        <p className="mt-2 break-all font-semibold text-slate-900">{user.email}</p>
        <p
          className={`mt-2 inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${user.is_email_verified ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-800'}`}
        >
          {user.is_email_verified ? t('dashboard.verified') : t('dashboard.notVerified')}
        </p>
        <div className="mt-4">
          <Link to={paths.profile(locale)} className={buttonStyles.secondary}>
            {t('dashboard.editProfile')}
          </Link>
        </div>
      </section>
    </div>
  );
}
