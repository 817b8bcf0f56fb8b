import type { AdminOffer } from '@promptmarket/contracts/admin';
import { offerStatuses } from '@promptmarket/contracts/offers';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../components/ui/dialog';
import { Link } from '../../components/ui/link';
import { adminMeta } from '../../features/admin/admin-meta';
import {
  ConfirmButton,
  ListTable,
  listQuery,
  NoticeBar,
  Pager,
  StatusFilter,
  useAdminAction,
} from '../../features/admin/admin-ui';
import { counterOffer, declineOffer, getOffers, publishOffer } from '../../features/admin/api';
import { serverApi } from '../../lib/api.server';
import { newIdempotencyKey } from '../../lib/api-client';
import { EURO } from '../../lib/currency';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/offers';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.offers');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const { payload } = await getOffers(serverApi(request, context, params.locale, true), listQuery(request));
    return { list: payload };
  } catch {
    return { list: null };
  }
}

function CounterForm({
  offer,
  run,
  busy,
}: {
  offer: AdminOffer;
  run: ReturnType<typeof useAdminAction>['run'];
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [price, setPrice] = useState('');
  // One key until the price is sent: a double click or a retry after a lost answer prices once.
  const [key, setKey] = useState(newIdempotencyKey);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (
      await run(
        (api) => counterOffer(api, offer.id, { service_price: price.replace(',', '.') }, key),
        t('admin.offers.sent'),
      )
    ) {
      setPrice('');
      setKey(newIdempotencyKey());
    }
  }
  return (
    <form onSubmit={submit} className="flex items-center gap-2">
      <label className="sr-only" htmlFor={`counter-${offer.id}`}>
        {t('admin.offers.counterLabel', { title: offer.title })}
      </label>
      <input
        id={`counter-${offer.id}`}
        type="number"
        min={0.01}
        step={0.01}
        required
        value={price}
        onChange={(event) => setPrice(event.target.value)}
        className="w-24 rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
      />
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg bg-brand-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-700"
      >
        {t('admin.offers.counter')}
      </button>
    </form>
  );
}

function PublishButton({ offer, run }: { offer: AdminOffer; run: ReturnType<typeof useAdminAction>['run'] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState('');
  const [prompt, setPrompt] = useState(offer.description ?? '');
  // Made when the dialog opens, the same for every send from it.
  const [key, setKey] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    const done = await run(
      (api) => publishOffer(api, offer.id, { price: price.replace(',', '.'), prompt }, key),
      t('admin.offers.published'),
    );
    if (done) setOpen(false);
  }
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setKey(newIdempotencyKey());
          setOpen(true);
        }}
        className="rounded-lg bg-brand-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-700"
      >
        {t('admin.offers.publish')}
      </button>
      {open ? (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent closeLabel={t('admin.cancel')}>
            <form onSubmit={submit}>
              <DialogTitle>{t('admin.offers.publish')}</DialogTitle>
              <DialogDescription>{t('admin.offers.publishText', { title: offer.title })}</DialogDescription>
              <label
                htmlFor={`publish-price-${offer.id}`}
                className="mt-4 mb-1.5 block text-sm font-medium text-slate-800"
              >
                {t('admin.offers.shopPrice')}
              </label>
              <input
                id={`publish-price-${offer.id}`}
                type="number"
                min={0.01}
                step={0.01}
                required
                value={price}
                onChange={(event) => setPrice(event.target.value)}
                className="block w-40 rounded-lg border border-slate-300 px-3 py-2 text-sm"
              />
              <label
                htmlFor={`publish-prompt-${offer.id}`}
                className="mt-4 mb-1.5 block text-sm font-medium text-slate-800"
              >
                {t('admin.offers.prompt')}
              </label>
              <textarea
                id={`publish-prompt-${offer.id}`}
                required
                minLength={3}
                maxLength={4000}
                rows={4}
                value={prompt}
                onChange={(event) => setPrompt(event.target.value)}
                className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
              />
              <DialogActions>
                <button type="button" className={buttonStyles.secondary} onClick={() => setOpen(false)}>
                  {t('admin.cancel')}
                </button>
                <button type="submit" className={buttonStyles.primary}>
                  {t('admin.offers.publish')}
                </button>
              </DialogActions>
            </form>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}

/** The offers queue: price a pending offer, decline one with a reason, publish an accepted one. */
export default function AdminOffers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const { notice, busy, run } = useAdminAction();
  const { list } = loaderData;
  const euro = (amount: number | null) =>
    amount === null ? '—' : formatInternal(centsFromDecimal(amount), locale, EURO.code);
  return (
    <section aria-labelledby="admin-offers-title" className="space-y-4">
      <h2 id="admin-offers-title" className="text-lg font-semibold text-slate-900">
        {t('admin.nav.offers')}
      </h2>
      <StatusFilter statuses={offerStatuses} label={(status) => t(`offers.status.${status}`)} />
      <NoticeBar notice={notice} />
      <ListTable
        list={list}
        head={[
          t('admin.offers.media'),
          t('admin.offers.offer'),
          t('admin.offers.user'),
          t('admin.offers.asked'),
          t('admin.offers.ours'),
          t('admin.offers.status'),
          t('admin.offers.actions'),
        ]}
        row={(offer) => (
          <tr key={offer.id}>
            <td className="px-4 py-3">
              {['jpeg', 'png', 'gif', 'webp'].includes(offer.media_kind) ? (
                <a
                  href={offer.media_url}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={t('admin.offers.open', { title: offer.title })}
                >
                  <img src={offer.media_url} alt="" className="h-14 w-14 rounded-lg object-cover" />
                </a>
              ) : (
                <a
                  href={offer.media_url}
                  className="text-xs font-semibold uppercase text-brand-700 underline"
                >
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
            <td className="px-4 py-3 text-slate-600">{offer.email}</td>
            <td className="whitespace-nowrap px-4 py-3">{euro(offer.user_price)}</td>
            <td className="whitespace-nowrap px-4 py-3">{euro(offer.service_price)}</td>
            <td className="px-4 py-3">{t(`offers.status.${offer.status}`)}</td>
            <td className="space-y-2 px-4 py-3">
              {offer.status === 'pending' ? <CounterForm offer={offer} run={run} busy={busy} /> : null}
              {offer.status === 'approved' &&
              offer.product_id === null &&
              ['jpeg', 'png', 'gif', 'webp'].includes(offer.media_kind) ? (
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
      />
      {list ? <Pager page={list.meta.current_page} lastPage={list.meta.last_page} /> : null}
    </section>
  );
}
