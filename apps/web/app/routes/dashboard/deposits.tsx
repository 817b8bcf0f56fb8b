import type { Deposit } from '@promptmarket/contracts/deposits';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles';
import { Dialog, DialogContent, DialogTitle } from '../../components/ui/dialog';
import { Link } from '../../components/ui/link';
import { getDeposits } from '../../features/deposits/api';
import { declineReasonKey } from '../../features/deposits/rules';
import { serverApi } from '../../lib/api.server';
import { formatCredits } from '../../lib/credits';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { RelativeTime } from '../../lib/relative-time';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/deposits';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'deposits.title' }),
  { name: 'robots', content: 'noindex' },
];

/** The dashboard layout has checked the user; a failed call shows its own message. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const { payload } = await getDeposits(serverApi(request, context, params.locale, true));
    return { deposits: payload, failed: false };
  } catch {
    return { deposits: [] as Deposit[], failed: true };
  }
}

const badge: Record<Deposit['status'], string> = {
  processing: 'bg-amber-100 text-amber-800',
  success: 'bg-emerald-100 text-emerald-800',
  error: 'bg-red-100 text-red-800',
  failed: 'bg-red-100 text-red-800',
};

function StatusBadge({ status }: { status: Deposit['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge[status]}`}>
      {t(`deposits.status.${status}`)}
    </span>
  );
}

function useDate() {
  const { locale } = useSite();
  return (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

function DepositDetails({ deposit, onClose }: { deposit: Deposit; onClose: () => void }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const date = useDate();
  const rows: [string, React.ReactNode][] = [
    [t('deposits.amount'), formatInternal(centsFromDecimal(deposit.sum), locale, deposit.currency)],
    [
      t('deposits.internalAmount'),
      formatCredits(centsFromDecimal(deposit.internal_amount), locale, deposit.internal_currency_name, t),
    ],
    [t('deposits.firstName'), deposit.first_name],
    [t('deposits.lastName'), deposit.last_name],
    [t('deposits.email'), deposit.email],
    [t('deposits.phone'), deposit.phone],
    [t('deposits.countryCode'), deposit.countryIso],
    [t('deposits.city'), deposit.city],
    [t('deposits.address'), deposit.address],
    [t('deposits.zip'), deposit.zip],
    [
      t('deposits.date'),
      <span key="date">
        {date(deposit.created_at)} (<RelativeTime iso={deposit.created_at} />)
      </span>,
    ],
    [t('deposits.statusLabel'), <StatusBadge key="status" status={deposit.status} />],
  ];
  const reasonKey = declineReasonKey(deposit.decline_code);
  if (reasonKey) rows.push([t('deposits.reason'), t(reasonKey)]);
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent closeLabel={t('deposits.close')} aria-describedby={undefined}>
        <DialogTitle>{t('deposits.details', { id: deposit.id })}</DialogTitle>
        <dl className="mt-5 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-500">{label}</dt>
              <dd className="mt-0.5 break-words font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {deposit.status === 'success' ? (
          <Link
            to={paths.receipt(locale, 'deposit', deposit.id)}
            className={`${buttonStyles.secondary} mt-6`}
          >
            {t('receipts.open')}
          </Link>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

export default function DashboardDeposits({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const [open, setOpen] = useState<Deposit | null>(null);
  const { deposits, failed } = loaderData;

  return (
    <section aria-labelledby="deposits-title">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="deposits-title" className="text-xl font-semibold text-slate-900">
          {t('deposits.title')}
        </h2>
        <Link to={paths.deposit(locale)} className={buttonStyles.primary}>
          {t('deposits.new')}
        </Link>
      </div>
      {failed ? (
        <p
          role="alert"
          className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {t('deposits.failed')}
        </p>
      ) : deposits.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-600">
          {t('deposits.empty')}
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          {deposits.map((deposit) => (
            <li key={deposit.id}>
              <button
                type="button"
                onClick={() => setOpen(deposit)}
                className="grid w-full grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 px-4 py-4 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:-outline-offset-2 sm:grid-cols-[8rem_1fr_auto_auto] sm:px-6"
              >
                {/* The name: what a press does, then what the row shows. */}
                <span className="sr-only">{t('deposits.open', { id: deposit.id })}</span>{' '}
                <span className="order-2 sm:order-none">
                  <StatusBadge status={deposit.status} />
                </span>{' '}
                <span className="order-3 col-span-2 text-sm text-slate-500 sm:order-none sm:col-span-1">
                  <RelativeTime iso={deposit.created_at} />
                </span>{' '}
                <span className="order-1 font-semibold text-slate-900 sm:order-none">
                  {formatInternal(centsFromDecimal(deposit.sum), locale, deposit.currency)}
                </span>{' '}
                <span className="order-4 col-span-2 text-sm text-slate-600 sm:order-none sm:col-span-1 sm:text-right">
                  {formatCredits(
                    centsFromDecimal(deposit.internal_amount),
                    locale,
                    deposit.internal_currency_name,
                    t,
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {open ? <DepositDetails deposit={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
