import { offerStatuses } from '@promptmarket/contracts/offers';
import { Link } from '../../components/ui/link';
import { adminMeta } from '../../features/admin/admin-meta';
import { useAdminAction } from '../../features/admin/admin-ui';
import { declineOffer, getOffers } from '../../features/admin/api';
import { BulkBar, BulkReportAlert, useBulkAction } from '../../features/admin/bulk-action';
import { BulkPublishButton } from '../../features/admin/bulk-publish-dialog';
import { chosenOnPage, pageState, toggled, toggledPage } from '../../features/admin/bulk-selection';
import { ConfirmButton } from '../../features/admin/confirm-button';
import { CustomerLink } from '../../features/admin/customer-link';
import { loadList } from '../../features/admin/list-loader.server';
import { AdminListPage } from '../../features/admin/list-page';
import { CounterForm, PublishButton } from '../../features/admin/offer-actions';
import { bulkOffers } from '../../features/admin/work-api';
import { EURO } from '../../lib/currency';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/offers';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.offers');

export const loader = (args: Route.LoaderArgs) => loadList(args, getOffers);

const PICTURE_KINDS = ['jpeg', 'png', 'gif', 'webp'];

/** The offers queue: price a pending offer, decline one with a reason, publish an accepted one. */
export default function AdminOffers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const { notice, busy, run } = useAdminAction();
  const api = useApi();
  const { list } = loaderData;
  const bulk = useBulkAction<number>({
    done: (count) => t('adminWork.offers.bulkDone', { count }),
    failed: (count) => t('adminWork.offers.bulkFailed', { count }),
    item: (id, message) => t('adminWork.offers.failedItem', { id, message }),
  });
  const { selection, setSelection } = bulk;
  const onPage = list?.data.map((offer) => offer.id) ?? [];
  const chosen = chosenOnPage(selection, onPage);
  const euro = (amount: number | null) =>
    amount === null ? '—' : formatInternal(centsFromDecimal(amount), locale, EURO.code);

  /** Declines the chosen offers, each with the same reason. */
  const declineChosen = (reason: string, key: string) =>
    bulk.run(() => bulkOffers(api, { action: 'decline', reason, ids: chosen }, key));

  return (
    <AdminListPage
      name="offers"
      title={t('admin.nav.offers')}
      search={t('admin.find.offers')}
      status={{ statuses: offerStatuses, label: (status) => t(`offers.status.${status}`) }}
      notice={notice}
      actions
      list={list}
      head={[
        t('adminWork.offers.selectColumn'),
        t('admin.offers.media'),
        t('admin.offers.offer'),
        t('admin.offers.user'),
        t('admin.offers.asked'),
        t('admin.offers.ours'),
        t('admin.offers.status'),
        t('admin.offers.actions'),
      ]}
      row={(offer) => (
        <tr key={offer.id} className={selection.has(offer.id) ? 'bg-brand-50/60' : undefined}>
          <td className="px-4 py-3">
            <input
              type="checkbox"
              checked={selection.has(offer.id)}
              onChange={(event) => setSelection(toggled(selection, offer.id, event.target.checked))}
              aria-label={t('adminWork.offers.select', { id: offer.id, title: offer.title })}
              className="h-5 w-5 accent-brand-600"
            />
          </td>
          <td className="px-4 py-3">
            {PICTURE_KINDS.includes(offer.media_kind) ? (
              <a
                href={offer.media_url}
                target="_blank"
                rel="noreferrer"
                aria-label={t('admin.offers.open', { title: offer.title })}
              >
                <img src={offer.media_url} alt="" className="h-14 w-14 max-w-none rounded-lg object-cover" />
              </a>
            ) : (
              <a href={offer.media_url} className="text-xs font-semibold uppercase text-brand-700 underline">
                {offer.media_kind}
              </a>
            )}
          </td>
          <td className="px-4 py-3">
            <Link
              to={`${paths.admin(locale, 'offers')}/${offer.id}`}
              className="font-medium text-brand-700 underline"
            >
              {offer.title}
            </Link>
            {offer.description ? (
              <p className="max-w-xs text-xs text-slate-500">{offer.description}</p>
            ) : null}
          </td>
          <td className="px-4 py-3">
            <CustomerLink userId={offer.user_id}>{offer.email}</CustomerLink>
          </td>
          <td className="whitespace-nowrap px-4 py-3">{euro(offer.user_price)}</td>
          <td className="whitespace-nowrap px-4 py-3">{euro(offer.service_price)}</td>
          <td className="px-4 py-3">{t(`offers.status.${offer.status}`)}</td>
          <td className="space-y-2 px-4 py-3">
            {offer.status === 'pending' ? <CounterForm offer={offer} run={run} busy={busy} /> : null}
            {offer.status === 'approved' &&
            offer.product_id === null &&
            PICTURE_KINDS.includes(offer.media_kind) ? (
              <PublishButton offer={offer} run={run} />
            ) : null}
            {offer.product_id !== null ? (
              <p className="text-xs text-emerald-700">
                {t('admin.offers.isProduct', { id: offer.product_id })}
              </p>
            ) : null}
            {offer.status === 'pending' || offer.status === 'offer' ? (
              <ConfirmButton
                label={t('admin.offers.decline')}
                question={t('admin.offers.confirmDecline', { title: offer.title })}
                askReason
                disabled={busy}
                onConfirm={(reason, key) =>
                  run((api) => declineOffer(api, offer.id, reason, key), t('admin.offers.declined'))
                }
              />
            ) : null}
          </td>
        </tr>
      )}
    >
      <BulkReportAlert report={bulk.report} />
      {list && list.data.length > 0 ? (
        <BulkBar
          label={t('adminWork.offers.bulkActions')}
          state={pageState(selection, onPage)}
          allLabel={t('adminWork.offers.selectAll')}
          onToggleAll={() => setSelection(toggledPage(selection, onPage))}
          chosenText={t('adminWork.offers.selected', { count: chosen.length })}
        >
          <div className="flex flex-wrap gap-2">
            <BulkPublishButton ids={chosen} disabled={chosen.length === 0 || bulk.busy} run={bulk.run} />
            <ConfirmButton
              label={t('adminWork.offers.bulkDecline')}
              question={t('adminWork.offers.bulkDeclineQuestion', { count: chosen.length })}
              askReason
              disabled={chosen.length === 0 || bulk.busy}
              onConfirm={declineChosen}
            />
            {chosen.length > 0 ? (
              <button
                type="button"
                onClick={() => setSelection(new Set())}
                className="rounded-lg px-3 py-1.5 text-xs font-semibold text-slate-700 underline hover:bg-slate-100"
              >
                {t('adminWork.offers.clear')}
              </button>
            ) : null}
          </div>
        </BulkBar>
      ) : null}
    </AdminListPage>
  );
}
