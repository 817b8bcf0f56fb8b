import { adminDepositStatuses } from '@promptmarket/contracts/admin';
import { useState } from 'react';
import { adminMeta } from '../../features/admin/admin-meta';
import type { Notice } from '../../features/admin/admin-ui';
import { getDeposits } from '../../features/admin/api';
import { CustomerLink } from '../../features/admin/customer-link';
import { DepositReversal } from '../../features/admin/deposit-reversal';
import { loadList } from '../../features/admin/list-loader.server';
import { AdminListPage } from '../../features/admin/list-page';
import { RefundButton } from '../../features/admin/refund-dialog';
import { formatCredits } from '../../lib/credits';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/deposits';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.deposits');

export const loader = (args: Route.LoaderArgs) => loadList(args, getDeposits);

const statusTone = {
  processing: 'bg-amber-50 text-amber-800',
  success: 'bg-emerald-50 text-emerald-800',
  error: 'bg-red-50 text-red-800',
  failed: 'bg-red-50 text-red-800',
} as const;

/** Deposits with the provider's references, to answer a customer who asks where their money is. */
export default function AdminDeposits({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <AdminListPage
      name="deposits"
      title={t('admin.nav.deposits')}
      search={t('admin.deposits.search')}
      status={{ statuses: adminDepositStatuses, label: (status) => t(`admin.deposits.${status}`) }}
      exportKind="deposits"
      notice={notice}
      actions
      list={loaderData.list}
      head={[
        t('admin.deposits.date'),
        t('admin.users.account'),
        t('admin.deposits.paid'),
        t('admin.deposits.credited'),
        t('admin.deposits.reference'),
        t('admin.offers.status'),
        t('admin.refunds.button'),
      ]}
      row={(deposit) => (
        <tr key={deposit.id}>
          <td className="whitespace-nowrap px-4 py-3 text-slate-600">
            {new Date(deposit.created_at).toLocaleString(locale)}
          </td>
          <td className="px-4 py-3">
            <CustomerLink userId={deposit.user_id}>{deposit.email}</CustomerLink>
          </td>
          <td className="whitespace-nowrap px-4 py-3 font-medium">
            {formatInternal(centsFromDecimal(deposit.amount), locale, deposit.currency)}
          </td>
          <td className="whitespace-nowrap px-4 py-3">
            {formatCredits(
              centsFromDecimal(deposit.internal_amount),
              locale,
              settings.internal_currency_name,
              t,
            )}
          </td>
          <td className="px-4 py-3">
            <span className="text-slate-600">{deposit.provider}</span>
            {deposit.provider_ref ? (
              <p className="break-all font-mono text-xs text-slate-500">{deposit.provider_ref}</p>
            ) : null}
          </td>
          <td className="px-4 py-3">
            <span
              className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${statusTone[deposit.status]}`}
            >
              {t(`admin.deposits.${deposit.status}`)}
            </span>
            {deposit.error_message ? (
              <p className="mt-1 text-xs text-slate-500">{deposit.error_message}</p>
            ) : null}
            <DepositReversal
              deposit={deposit}
              locale={locale}
              currencyName={settings.internal_currency_name}
            />
          </td>
          <td className="px-4 py-3">
            {/* A paid deposit with credit left to take back can be refunded to its card. */}
            {deposit.status === 'success' && deposit.reversed_amount < deposit.internal_amount ? (
              <RefundButton
                subject="deposit"
                id={deposit.id}
                onDone={(text) => setNotice({ kind: 'success', text })}
              />
            ) : null}
          </td>
        </tr>
      )}
    />
  );
}
