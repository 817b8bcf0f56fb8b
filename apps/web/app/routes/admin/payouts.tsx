import type { AdminPayoutBatches } from '@promptmarket/contracts/admin-sepa';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { Link } from '../../components/ui/link';
import { adminMeta } from '../../features/admin/admin-meta';
import { Table } from '../../features/admin/admin-table';
import { useAdminAction } from '../../features/admin/admin-ui';
import {
  getPayouts,
  markPayoutFailed,
  markPayoutPaid,
  markPayoutsPaid,
  sendPayout,
} from '../../features/admin/api';
import { BulkBar, BulkReportAlert, useBulkAction } from '../../features/admin/bulk-action';
import { chosenOnPage, pageState, toggled, toggledPage } from '../../features/admin/bulk-selection';
import { ConfirmButton } from '../../features/admin/confirm-button';
import { CustomerLink } from '../../features/admin/customer-link';
import { loadList } from '../../features/admin/list-loader.server';
import { AdminListPage } from '../../features/admin/list-page';
import { PayoutDetails } from '../../features/admin/payout-details';
import { getPayoutBatches } from '../../features/admin/reports-api';
import { SepaExportButton } from '../../features/admin/sepa-export';
import { serverApi } from '../../lib/api.server';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInCurrency, formatInternal } from '../../lib/money';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/payouts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.payouts');

const FILES_PER_PAGE = 10;

export async function loader(args: Route.LoaderArgs) {
  const { request, context, params } = args;
  const api = serverApi(request, context, params.locale, true);
  const filesPage = Number(new URL(request.url).searchParams.get('files_page'));
  const filesQuery = new URLSearchParams({ per_page: String(FILES_PER_PAGE) });
  if (Number.isInteger(filesPage) && filesPage > 1 && filesPage <= 100_000) {
    filesQuery.set('page', String(filesPage));
  }
  const [{ list }, files] = await Promise.all([
    loadList(args, getPayouts),
    getPayoutBatches(api, filesQuery).then(
      ({ payload }) => payload,
      () => null,
    ),
  ]);
  return { list, files };
}

/** The SEPA files exported so far, newest first, each downloadable again. */
function SepaFiles({ files, locale }: { files: AdminPayoutBatches | null; locale: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('files_page', String(page));
    return `${pathname}?${next}`;
  };
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="admin-sepa-files-title" className="space-y-3">
      <h3 id="admin-sepa-files-title" className="text-base font-semibold text-slate-900">
        {t('admin.sepa.files')}
      </h3>
      {files === null ? (
        <p role="alert" className="text-sm text-red-700">
          {t('admin.sepa.failed')}
        </p>
      ) : files.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('admin.sepa.empty')}</p>
      ) : (
        <>
          <Table
            actions
            head={[
              t('admin.sepa.head.created'),
              t('admin.sepa.head.message'),
              t('admin.sepa.head.transfers'),
              t('admin.sepa.head.total'),
              t('admin.sepa.head.file'),
            ]}
          >
            {files.data.map((batch) => (
              <tr key={batch.id}>
                <td className="whitespace-nowrap px-4 py-3">{when.format(new Date(batch.created_at))}</td>
                <td className="px-4 py-3 font-mono text-xs">{batch.message_id}</td>
                <td className="px-4 py-3">{batch.transfers}</td>
                <td className="whitespace-nowrap px-4 py-3 font-medium">
                  {formatInCurrency(centsFromDecimal(batch.total), { symbol: '€' }, locale)}
                </td>
                <td className="px-4 py-3">
                  <a
                    href={batch.file_url}
                    download
                    className="whitespace-nowrap font-semibold text-brand-700 hover:underline"
                  >
                    {t('admin.sepa.download', { id: batch.message_id })}
                  </a>
                </td>
              </tr>
            ))}
          </Table>
          {files.meta.last_page > 1 ? (
            <nav aria-label={t('admin.sepa.files')} className="flex gap-3 text-sm">
              {files.meta.current_page > 1 ? (
                <Link to={pageLink(files.meta.current_page - 1)} className={buttonStyles.secondary}>
                  {t('admin.sepa.newer')}
                </Link>
              ) : null}
              {files.meta.current_page < files.meta.last_page ? (
                <Link to={pageLink(files.meta.current_page + 1)} className={buttonStyles.secondary}>
                  {t('admin.sepa.older')}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * The payouts queue: what is owed for accepted offers. A card payout is sent through the payout
 * provider, which reports the outcome; the bank payouts leave together in one SEPA file and are
 * then marked paid; either may be failed (the ledger follows). A payout's full details open on
 * request, and each opening is in the audit log.
 */
export default function AdminPayouts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const { notice, busy, run } = useAdminAction();
  const { list, files } = loaderData;
  const [openId, setOpenId] = useState<number | null>(null);
  const api = useApi();
  // Bank payouts that left in a SEPA file are marked paid several at once, once the bank sent them.
  const bulk = useBulkAction<number>({
    done: (count) => t('admin.payoutsBulk.done', { count }),
    failed: (count) => t('admin.payoutsBulk.failed', { count }),
    item: (id, message) => t('admin.payoutsBulk.item', { id, message }),
  });
  const { selection, setSelection } = bulk;
  const left = (payout: { method: string; status: string }) =>
    payout.method === 'sepa' && payout.status === 'sent';
  const payable = list?.data.filter(left).map((payout) => payout.id) ?? [];
  const chosen = chosenOnPage(selection, payable);

  return (
    <AdminListPage
      name="payouts"
      title={t('admin.nav.payouts')}
      search={t('admin.find.payouts')}
      status={{
        statuses: ['requested', 'sent', 'paid', 'failed'],
        label: (status) => t(`admin.payouts.${status}`),
      }}
      tools={<SepaExportButton debtor={files ? files.sepa_debtor : undefined} locale={locale} />}
      exportKind="payouts"
      notice={notice}
      actions
      list={list}
      head={[
        t('admin.payoutsBulk.column'),
        t('admin.payouts.offer'),
        t('admin.offers.user'),
        t('admin.payouts.amount'),
        t('admin.payouts.destination'),
        t('admin.offers.status'),
        t('admin.offers.actions'),
      ]}
      row={(payout) => (
        <tr key={payout.id} className={selection.has(payout.id) ? 'bg-brand-50/60' : undefined}>
          <td className="px-4 py-3">
            {left(payout) ? (
              <input
                type="checkbox"
                checked={selection.has(payout.id)}
                onChange={(event) => setSelection(toggled(selection, payout.id, event.target.checked))}
                aria-label={t('admin.payoutsBulk.select', {
                  id: payout.offer_id,
                  destination: payout.destination,
                })}
                className="h-5 w-5 accent-brand-600"
              />
            ) : null}
          </td>
          <td className="px-4 py-3">#{payout.offer_id}</td>
          <td className="px-4 py-3">
            <CustomerLink userId={payout.user_id}>{payout.email}</CustomerLink>
          </td>
          <td className="whitespace-nowrap px-4 py-3 font-medium">
            {formatInternal(centsFromDecimal(payout.amount), locale, payout.currency)}
          </td>
          <td className="px-4 py-3">
            {payout.destination}
            <p className="text-xs text-slate-500">{t(`admin.payouts.methods.${payout.method}`)}</p>
          </td>
          <td className="px-4 py-3">
            {t(`admin.payouts.${payout.status}`)}
            {payout.failure_reason ? <p className="text-xs text-slate-500">{payout.failure_reason}</p> : null}
          </td>
          <td className="space-x-2 whitespace-nowrap px-4 py-3">
            <button
              type="button"
              className={buttonStyles.secondary}
              aria-expanded={openId === payout.id}
              onClick={() => setOpenId(openId === payout.id ? null : payout.id)}
            >
              {openId === payout.id ? t('admin.payouts.hideDetails') : t('admin.payouts.details')}
            </button>
            {payout.status === 'requested' && payout.method === 'card' ? (
              <ConfirmButton
                tone="primary"
                label={t('admin.payouts.send')}
                question={t('admin.payouts.confirmSend', {
                  amount: formatInternal(centsFromDecimal(payout.amount), locale, payout.currency),
                  destination: payout.destination,
                })}
                disabled={busy}
                onConfirm={(_, key) =>
                  run((api) => sendPayout(api, payout.id, key), t('admin.payouts.sentDone'))
                }
              />
            ) : null}
            {payout.status === 'requested' || payout.status === 'sent' ? (
              <>
                {payout.method === 'sepa' && payout.status === 'sent' ? (
                  <ConfirmButton
                    tone="primary"
                    label={t('admin.payouts.markPaid')}
                    question={t('admin.payouts.confirmPaid', { destination: payout.destination })}
                    disabled={busy}
                    onConfirm={(_, key) =>
                      run((api) => markPayoutPaid(api, payout.id, key), t('admin.payouts.paidDone'))
                    }
                  />
                ) : null}
                <ConfirmButton
                  label={t('admin.payouts.markFailed')}
                  question={t('admin.payouts.confirmFailed')}
                  askReason
                  disabled={busy}
                  onConfirm={(reason, key) =>
                    run((api) => markPayoutFailed(api, payout.id, reason, key), t('admin.payouts.failedDone'))
                  }
                />
              </>
            ) : null}
          </td>
        </tr>
      )}
      after={<SepaFiles files={files} locale={locale} />}
    >
      <BulkReportAlert report={bulk.report} />
      {payable.length > 0 ? (
        <BulkBar
          label={t('admin.payoutsBulk.actions')}
          state={pageState(selection, payable)}
          allLabel={t('admin.payoutsBulk.selectAll')}
          onToggleAll={() => setSelection(toggledPage(selection, payable))}
          chosenText={t('admin.payoutsBulk.selected', { count: chosen.length })}
        >
          <ConfirmButton
            tone="primary"
            label={t('admin.payoutsBulk.markPaid')}
            question={t('admin.payoutsBulk.question', { count: chosen.length })}
            disabled={chosen.length === 0 || bulk.busy}
            onConfirm={(_, key) => bulk.run(() => markPayoutsPaid(api, chosen, key))}
          />
        </BulkBar>
      ) : null}
      {openId !== null ? <PayoutDetails id={openId} locale={locale} /> : null}
    </AdminListPage>
  );
}
