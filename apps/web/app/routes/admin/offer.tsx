import type { AdminOfferDetail } from '@promptmarket/contracts/admin';
import { Link } from '../../components/ui/link';
import { adminMeta } from '../../features/admin/admin-meta';
import { NoticeBar, useAdminAction } from '../../features/admin/admin-ui';
import { declineOffer, getOffer } from '../../features/admin/api';
import { ConfirmButton } from '../../features/admin/confirm-button';
import { CustomerLink } from '../../features/admin/customer-link';
import { CounterForm, PublishButton } from '../../features/admin/offer-actions';
import { serverApi } from '../../lib/api.server';
import { ApiError } from '../../lib/api-client';
import { EURO } from '../../lib/currency';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/offer';

export const meta: Route.MetaFunction = ({ matches, params }) =>
  adminMeta(matches, 'admin.offers.detail', { id: params.id });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id)) return { offer: null, missing: true };
  try {
    const { payload } = await getOffer(serverApi(request, context, params.locale, true), params.id);
    return { offer: payload as AdminOfferDetail, missing: false };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { offer: null, missing: true };
    return { offer: null, missing: false };
  }
}

const PICTURE_KINDS = ['jpeg', 'png', 'gif', 'webp'];

/** One of the seller's texts, as they wrote it (line breaks kept), or a dash when they gave none. */
function SellerText({ label, text, lang }: { label: string; text: string | null; lang?: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd lang={text ? lang : undefined} className="whitespace-pre-line break-words text-sm text-slate-800">
        {text || <span className="text-slate-500">{t('adminWork.offers.empty')}</span>}
      </dd>
    </div>
  );
}

/** What the back office can do with the offer in its status: counter, decline, publish. */
function OfferActions({ offer }: { offer: AdminOfferDetail }) {
  const { t } = useTranslation();
  const { notice, busy, run } = useAdminAction();
  const canCounter = offer.status === 'pending';
  const canDecline = offer.status === 'pending' || offer.status === 'offer';
  const canPublish =
    offer.status === 'approved' && offer.product_id === null && PICTURE_KINDS.includes(offer.media_kind);
  return (
    <section
      aria-labelledby="admin-offer-actions"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id="admin-offer-actions" className="text-base font-semibold text-slate-900">
        {t('adminWork.offers.actions')}
      </h3>
      <NoticeBar notice={notice} />
      {canCounter || canDecline || canPublish ? (
        <div className="flex flex-wrap items-center gap-3">
          {canCounter ? <CounterForm offer={offer} run={run} busy={busy} /> : null}
          {canPublish ? <PublishButton offer={offer} run={run} /> : null}
          {canDecline ? (
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
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          {offer.product_id !== null
            ? t('admin.offers.isProduct', { id: offer.product_id })
            : t('adminWork.offers.noActions', { status: t(`offers.status.${offer.status}`) })}
        </p>
      )}
    </section>
  );
}

/**
 * One offer as the back office reviews it, with the products of the shop and the earlier offers
 * whose pictures are like its picture, nearest first, each with its distance and a link to it.
 */
export default function AdminOffer({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const { offer, missing } = loaderData;
  const offersPath = paths.admin(locale, 'offers');
  const euro = (amount: number | null) =>
    amount === null ? '—' : formatInternal(centsFromDecimal(amount), locale, EURO.code);
  return (
    <section aria-labelledby="admin-offer-title" className="space-y-6">
      <p>
        <Link to={offersPath} className="text-sm font-medium text-brand-700 underline">
          {t('admin.offers.back')}
        </Link>
      </p>
      <h2 id="admin-offer-title" className="text-lg font-semibold text-slate-900">
        {t('admin.offers.detail', { id: params.id })}
        {offer ? <span className="font-normal text-slate-600"> · {offer.title}</span> : null}
      </h2>
      {offer === null ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700">
          {missing ? t('admin.offers.missing') : t('admin.offers.loadFailed')}
        </p>
      ) : (
        <>
          <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row">
            {PICTURE_KINDS.includes(offer.media_kind) ? (
              <a
                href={offer.media_url}
                target="_blank"
                rel="noreferrer"
                aria-label={t('admin.offers.open', { title: offer.title })}
                className="shrink-0"
              >
                <img
                  src={offer.media_url}
                  alt=""
                  className="h-40 w-40 rounded-lg object-cover"
                  width={160}
                  height={160}
                />
              </a>
            ) : (
              <a href={offer.media_url} className="text-xs font-semibold uppercase text-brand-700 underline">
                {offer.media_kind}
              </a>
            )}
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-500">{t('admin.offers.user')}</dt>
              <dd className="break-all text-slate-800">
                <CustomerLink userId={offer.user_id}>{offer.email}</CustomerLink>
              </dd>
              <dt className="text-slate-500">{t('admin.offers.asked')}</dt>
              <dd className="text-slate-800">{euro(offer.user_price)}</dd>
              <dt className="text-slate-500">{t('admin.offers.ours')}</dt>
              <dd className="text-slate-800">{euro(offer.service_price)}</dd>
              <dt className="text-slate-500">{t('admin.offers.status')}</dt>
              <dd className="text-slate-800">{t(`offers.status.${offer.status}`)}</dd>
              <dt className="text-slate-500">{t('adminWork.offers.category')}</dt>
              <dd className="text-slate-800">{offer.category_title || '—'}</dd>
              <dt className="text-slate-500">{t('adminWork.offers.styles')}</dt>
              <dd className="text-slate-800">
                {offer.styles.length > 0 ? (
                  <ul className="flex flex-wrap gap-1.5">
                    {offer.styles.map((style) => (
                      <li
                        key={style.id}
                        className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700"
                      >
                        {style.title}
                      </li>
                    ))}
                  </ul>
                ) : (
                  '—'
                )}
              </dd>
              {offer.decline_reason ? (
                <>
                  <dt className="text-slate-500">{t('adminWork.offers.declineReason')}</dt>
                  <dd className="max-w-prose text-slate-800">{offer.decline_reason}</dd>
                </>
              ) : null}
            </dl>
          </div>
          <OfferActions offer={offer} />
          <section
            aria-labelledby="admin-offer-texts"
            className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <h3 id="admin-offer-texts" className="text-base font-semibold text-slate-900">
              {t('adminWork.offers.sellerTexts')}
            </h3>
            <dl className="grid max-w-prose gap-4">
              <SellerText label={t('adminWork.offers.title')} text={offer.title} />
              <SellerText label={t('adminWork.offers.description')} text={offer.description} />
              <SellerText label={t('adminWork.offers.addText')} text={offer.add_text} />
              <div className="space-y-1">
                <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                  {t('adminWork.offers.prompt')}
                </dt>
                <dd>
                  {offer.prompt ? (
                    <pre
                      lang="en"
                      className="whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 font-mono text-sm text-slate-800"
                    >
                      {offer.prompt}
                    </pre>
                  ) : (
                    <span className="text-sm text-amber-700">{t('adminWork.offers.noPrompt')}</span>
                  )}
                </dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="admin-offer-similar" className="space-y-3">
            <h3 id="admin-offer-similar" className="text-base font-semibold text-slate-900">
              {t('admin.offers.similar')}
            </h3>
            <p className="max-w-prose text-sm text-slate-600">{t('admin.offers.similarHint')}</p>
            {offer.similar.length === 0 ? (
              <p className="text-sm text-slate-700">{t('admin.offers.similarNone')}</p>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {offer.similar.map((item) => {
                  const to =
                    item.kind === 'product'
                      ? `${paths.admin(locale, 'products')}/${item.id}`
                      : `${offersPath}/${item.id}`;
                  return (
                    <li
                      key={`${item.kind}-${item.id}`}
                      className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm"
                    >
                      <img
                        src={item.preview_url}
                        alt=""
                        width={64}
                        height={64}
                        loading="lazy"
                        className="h-16 w-16 shrink-0 rounded-lg object-cover"
                      />
                      <div className="min-w-0 text-sm">
                        <Link to={to} className="font-medium text-brand-700 underline">
                          {item.kind === 'product'
                            ? t('admin.offers.similarProduct', { id: item.id })
                            : t('admin.offers.similarOffer', { id: item.id })}
                        </Link>
                        <p className="truncate text-slate-800">{item.title}</p>
                        <p
                          className={
                            item.distance === 0
                              ? 'font-semibold text-red-700'
                              : 'font-semibold text-amber-700'
                          }
                        >
                          {t('admin.offers.distance', { distance: item.distance })}
                        </p>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}
