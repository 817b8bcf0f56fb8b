import type { AdminPayoutBatch } from '@promptmarket/contracts/admin';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles';
import { adminMeta } from '../../features/admin/admin-meta';
import { CustomerLink } from '../../features/admin/customer-link';
import {
  ConfirmButton,
  ListTable,
  listQuery,
  NoticeBar,
  Pager,
  StatusFilter,
  useAdminAction,
} from '../../features/admin/admin-ui';
import {
  exportSepaPayouts,
  getPayouts,
  markPayoutFailed,
  markPayoutPaid,
  sendPayout,
} from '../../features/admin/api';
import { PayoutDetails } from '../../features/admin/payout-details';
import { serverApi } from '../../lib/api.server';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/payouts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.payouts');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const { payload } = await getPayouts(
      serverApi(request, context, params.locale, true),
      listQuery(request),
    );
    return { list: payload };
  } catch {
    return { list: null };
  }
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
  const { list } = loaderData;
  const [batch, setBatch] = useState<AdminPayoutBatch | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <section aria-labelledby="admin-payouts-title" className="space-y-4">
      <h2 id="admin-payouts-title" className="text-lg font-semibold text-slate-900">
        {t('admin.nav.payouts')}
      </h2>
      <StatusFilter
        statuses={['requested', 'sent', 'paid', 'failed']}
        label={(status) => t(`admin.payouts.${status}`)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <ConfirmButton
          tone="primary"
          label={t('admin.payouts.exportSepa')}
          question={t('admin.payouts.confirmExport')}
          disabled={busy}
          onConfirm={(_, key) =>
            run(
              async (api) => setBatch((await exportSepaPayouts(api, key)).payload),
              t('admin.payouts.exportDone'),
            )
          }
        />
        {batch ? (
          <a href={batch.file_url} download className="text-sm font-semibold text-brand-700 hover:underline">
            {t('admin.payouts.downloadFile', {
              count: batch.transfers,
              amount: formatInternal(centsFromDecimal(batch.total), locale, batch.currency),
            })}
          </a>
        ) : null}
      </div>
      <NoticeBar notice={notice} />
      {openId !== null ? <PayoutDetails id={openId} locale={locale} /> : null}
      <ListTable
        list={list}
        head={[
          t('admin.payouts.offer'),
          t('admin.offers.user'),
          t('admin.payouts.amount'),
          t('admin.payouts.destination'),
          t('admin.offers.status'),
          t('admin.offers.actions'),
        ]}
        row={(payout) => (
          <tr key={payout.id}>
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
              {payout.failure_reason ? (
                <p className="text-xs text-slate-500">{payout.failure_reason}</p>
              ) : null}
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
                  {payout.method === 'sepa' ? (
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
                      run(
                        (api) => markPayoutFailed(api, payout.id, reason, key),
                        t('admin.payouts.failedDone'),
                      )
                    }
                  />
                </>
              ) : null}
            </td>
          </tr>
        )}
      />
      {list ? <Pager page={list.meta.current_page} lastPage={list.meta.last_page} /> : null}
    </section>
  );
}
