import type { AdminStats } from '@promptmarket/contracts/admin';
import { Link } from '../../components/ui/link';
import { adminMeta } from '../../features/admin/admin-meta';
import { getStats } from '../../features/admin/api';
import { LedgerCheckStatus } from '../../features/admin/ledger-check-status';
import { serverApi } from '../../lib/api.server';
import { formatCredits } from '../../lib/credits';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.dashboard');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const { payload } = await getStats(serverApi(request, context, params.locale, true));
    return { stats: payload as AdminStats | null };
  } catch {
    return { stats: null };
  }
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const { stats } = loaderData;
  if (!stats) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        {t('admin.failed')}
      </p>
    );
  }
  const money = (amount: number) =>
    formatCredits(centsFromDecimal(amount), locale, settings.internal_currency_name, t);
  const queues = [
    { key: 'offers', count: stats.queues.offers, to: `${paths.admin(locale, 'offers')}?status=pending` },
    {
      key: 'verifications',
      count: stats.queues.verifications,
      to: `${paths.admin(locale, 'verifications')}?status=pending`,
    },
    { key: 'payouts', count: stats.queues.payouts, to: `${paths.admin(locale, 'payouts')}?status=requested` },
  ] as const;
  return (
    <div className="space-y-8">
      <LedgerCheckStatus check={stats.ledger_check} locale={locale} />
      <section aria-labelledby="queues-title">
        <h2 id="queues-title" className="text-lg font-semibold text-slate-900">
          {t('admin.dashboard.queues')}
        </h2>
        <ul className="mt-3 grid gap-4 sm:grid-cols-3">
          {queues.map((queue) => (
            <li key={queue.key}>
              <Link
                to={queue.to}
                className="block rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:shadow-md"
              >
                <span className="block text-3xl font-bold text-slate-900">{queue.count}</span>
                <span className="text-sm text-slate-600">{t(`admin.dashboard.${queue.key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {(['today', 'month'] as const).map((period) => (
        <section key={period} aria-labelledby={`${period}-title`}>
          <h2 id={`${period}-title`} className="text-lg font-semibold text-slate-900">
            {t(`admin.dashboard.${period}`)}
          </h2>
          <dl className="mt-3 grid gap-4 sm:grid-cols-4">
            {[
              [
                t('admin.dashboard.sales'),
                `${stats[period].sales.count} · ${money(stats[period].sales.total)}`,
              ],
              [
                t('admin.dashboard.deposits'),
                `${stats[period].deposits.count} · ${money(stats[period].deposits.total)}`,
              ],
              [t('admin.dashboard.generations'), String(stats[period].generations)],
              [t('admin.dashboard.newUsers'), String(stats[period].new_users)],
            ].map(([label, value]) => (
              <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
