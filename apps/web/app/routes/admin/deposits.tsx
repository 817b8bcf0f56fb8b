import { adminDepositStatuses } from '@promptmarket/contracts/admin';
import { useState } from 'react';
import { adminMeta } from '../../features/admin/admin-meta';
import { ListTable } from '../../features/admin/admin-table';
import { type Notice, NoticeBar } from '../../features/admin/admin-ui';
import { getDeposits } from '../../features/admin/api';
import { CustomerLink } from '../../features/admin/customer-link';
import { DepositReversal } from '../../features/admin/deposit-reversal';
import { ExportCsvLink } from '../../features/admin/export-link';
import { listQuery, Pager, SearchBox, StatusFilter } from '../../features/admin/list-controls';
import { RefundButton } from '../../features/admin/refund-dialog';
import { serverApi } from '../../lib/api.server';
import { formatCredits } from '../../lib/credits';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/deposits';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.deposits');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const { payload } = await getDeposits(
      serverApi(request, context, params.locale, true),
      listQuery(request),
    );
    return { list: payload };
  } catch {
    return { list: null };
  }
}

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
  const { list } = loaderData;
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <section aria-labelledby="admin-deposits-title" className="space-y-4">
      <h2 id="admin-deposits-title" className="text-lg font-semibold text-slate-900">
        {t('admin.nav.deposits')}
      </h2>
      <NoticeBar notice={notice} />
      <SearchBox label={t('admin.deposits.search')} submitLabel={t('admin.users.find')} />
      <StatusFilter statuses={adminDepositStatuses} label={(status) => t(`admin.deposits.${status}`)} />
      <ExportCsvLink kind="deposits" />
      <ListTable
        actions
        list={list}
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
      {list ? <Pager page={list.meta.current_page} lastPage={list.meta.last_page} /> : null}
    </section>
  );
}
