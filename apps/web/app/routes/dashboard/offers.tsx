import type { Country } from '@promptmarket/contracts/content';
import type { Offer } from '@promptmarket/contracts/offers';
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { getLastDepositDetails } from '../../features/deposits/api';
import { getOffers } from '../../features/offers/api';
import { ApprovalDialogs } from '../../features/offers/approval/approval-dialogs';
import { OfferForm } from '../../features/offers/offer-form';
import { PayoutsSection } from '../../features/offers/payouts-section';
import { badgeTone, euroText, inTab, type OfferTab, offerTabs, tabCounts } from '../../features/offers/rules';
import { getCountries } from '../../features/site/api';
import { getVerification } from '../../features/verification/api';
import { serverApi } from '../../lib/api.server';
import { useTranslation } from '../../lib/i18n';
import { showFocusedWhole } from '../../lib/keep-in-view';
import { pageMeta } from '../../lib/seo';
import { useCurrentUser } from '../../lib/session-data';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/offers';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'offers.title' }),
  { name: 'robots', content: 'noindex' },
];

/** The dashboard layout has checked the user; a failed call shows its own message. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(request, context, params.locale, true);
  const [offers, countries, verification, lastDeposit] = await Promise.all([
    getOffers(api).then(
      ({ payload }) => payload,
      () => null,
    ),
    getCountries(api).then(
      ({ payload }) => payload,
      () => [] as Country[],
    ),
    // Only to fill the payout forms: without it they start from the profile.
    getVerification(api).then(
      ({ payload }) => payload,
      () => null,
    ),
    getLastDepositDetails(api).then(
      ({ payload }) => payload,
      () => null,
    ),
  ]);
  return { offers: offers ?? ([] as Offer[]), failed: offers === null, countries, verification, lastDeposit };
}

const tones = {
  warning: 'bg-amber-100 text-amber-800',
  primary: 'bg-brand-100 text-brand-800',
  success: 'bg-emerald-100 text-emerald-800',
  danger: 'bg-red-100 text-red-800',
} as const;

function StatusBadge({ status }: { status: Offer['status'] }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[badgeTone(status)]}`}
    >
      {t(`offers.status.${status}`)}
    </span>
  );
}

function Media({ offer }: { offer: Offer }) {
  const { t } = useTranslation();
  if (offer.doc_type === 'image') {
    return (
      <img
        src={offer.doc_url}
        alt=""
        loading="lazy"
        className="h-14 w-14 rounded-lg bg-slate-100 object-cover"
      />
    );
  }
  return (
    <a
      href={offer.doc_url}
      aria-label={t('offers.openFile', { title: offer.title })}
      className="inline-flex h-14 w-14 items-center justify-center rounded-lg bg-slate-100 text-xs font-semibold uppercase text-slate-600 hover:bg-slate-200"
    >
      {offer.doc_type}
    </a>
  );
}

const columns = ['media', 'title', 'category', 'price', 'servicePrice', 'status', 'actions'] as const;

/** A cell's column name, shown in the card a row becomes on a phone; the table's head says it on wider screens. */
function CellLabel({ column }: { column: (typeof columns)[number] }) {
  const { t } = useTranslation();
  return (
    <span aria-hidden="true" className="text-slate-500 md:hidden">
      {t(`offers.columns.${column}`)}
      {column === 'category' ? ': ' : ''}
    </span>
  );
}

/**
 * Dashboard offers (spec section 2): tabs All / Pending / Offers / Approved / Declined with
 * counts, the list with both prices, the status (and the service's reason when it declined), and
 * View Offer for an offer the service has priced, which opens the approval chain; then the create
 * form, and the seller's payouts, where one that failed takes new details. On a phone the list
 * comes first and each offer is a card.
 */
export default function DashboardOffers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const user = useCurrentUser();
  const revalidator = useRevalidator();
  const [tab, setTab] = useState<OfferTab>('all');
  const [open, setOpen] = useState<{ offer: Offer; retry: boolean } | null>(null);
  const { offers, failed, countries, verification, lastDeposit } = loaderData;
  const counts = tabCounts(offers);
  const shown = offers.filter((offer) => inTab(offer, tab));
  const euro = (amount: number | null) => (amount === null ? '—' : euroText(amount, locale));
  // An offer the dialog changed may leave the list after the dialog has given focus back to its
  // View Offer button: focus then goes to the list's tab, not to the start of the page.
  const tabs = useRef<HTMLDivElement>(null);
  const changed = useRef(false);
  useEffect(() => {
    if (!changed.current || !offers) return;
    changed.current = false;
    if (document.activeElement === document.body || document.activeElement === null) {
      tabs.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
    }
  }, [offers]);

  return (
    <section aria-labelledby="offers-title" className="space-y-8">
      <div>
        <h2 id="offers-title" className="text-xl font-semibold text-slate-900">
          {t('offers.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('offers.intro')}</p>
      </div>
      {failed ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {t('offers.fetchFailed')}
        </p>
      ) : offers.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-600">
          {t('offers.empty')}
        </p>
      ) : (
        <div>
          <div
            ref={tabs}
            role="tablist"
            aria-label={t('offers.title')}
            className="flex gap-2 overflow-x-auto pb-2"
            // A tab reached from the keyboard shows whole, not cut at the edge of a phone's screen.
            onFocus={showFocusedWhole}
          >
            {offerTabs.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                onClick={() => setTab(name)}
                className={`inline-flex min-h-10 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-medium ${
                  tab === name ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
                }`}
              >
                {t(`offers.tabs.${name}`)}
                <span
                  className={`rounded-full px-2 text-xs ${tab === name ? 'bg-white/20' : 'bg-white text-slate-600'}`}
                >
                  {counts[name]}
                </span>
              </button>
            ))}
          </div>
          {shown.length === 0 ? (
            <p className="mt-4 text-sm text-slate-600">{t('offers.emptyTab')}</p>
          ) : (
            <div className="mt-4 md:overflow-x-auto md:rounded-2xl md:border md:border-slate-200 md:bg-white md:shadow-sm">
              {/* Below md each row is a card of its own, labelled cell by cell: nothing scrolls sideways. */}
              <table className="block w-full text-left text-sm md:table md:min-w-full">
                <thead className="sr-only bg-slate-50 text-xs uppercase tracking-wide text-slate-500 md:not-sr-only md:table-header-group">
                  <tr>
                    {columns.map((column) => (
                      <th
                        key={column}
                        scope="col"
                        className={`px-4 py-3 ${column === 'price' || column === 'servicePrice' ? 'text-right' : ''}`}
                      >
                        {t(`offers.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="block space-y-3 md:table-row-group md:space-y-0 md:divide-y md:divide-slate-100">
                  {shown.map((offer) => (
                    <tr
                      key={offer.id}
                      className="grid grid-cols-[3.5rem_1fr] gap-x-3 gap-y-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:table-row md:rounded-none md:border-0 md:p-0 md:shadow-none"
                    >
                      <td className="row-span-2 md:px-4 md:py-3">
                        <Media offer={offer} />
                      </td>
                      <td className="min-w-0 md:px-4 md:py-3">
                        <p className="break-words font-medium text-slate-900">{offer.title}</p>
                        {offer.payout ? (
                          <p className="text-xs text-slate-500">
                            {t('offers.payout', {
                              destination: offer.payout.destination,
                              status: t(`offers.payoutStatus.${offer.payout.status}`),
                            })}
                          </p>
                        ) : null}
                      </td>
                      <td className="min-w-0 text-slate-600 md:px-4 md:py-3">
                        <CellLabel column="category" />
                        {offer.category_title}
                      </td>
                      <td className="col-span-2 flex justify-between gap-3 whitespace-nowrap md:table-cell md:px-4 md:py-3 md:text-right">
                        <CellLabel column="price" />
                        {euro(offer.user_price)}
                      </td>
                      <td className="col-span-2 flex justify-between gap-3 whitespace-nowrap font-medium md:table-cell md:px-4 md:py-3 md:text-right">
                        <CellLabel column="servicePrice" />
                        {euro(offer.service_price)}
                      </td>
                      <td className="col-span-2 md:px-4 md:py-3">
                        <StatusBadge status={offer.status} />
                        {offer.decline_reason ? (
                          <p className="mt-1 max-w-xs text-xs text-slate-600">
                            {t('offers.declineReason', { reason: offer.decline_reason })}
                          </p>
                        ) : null}
                      </td>
                      <td
                        className={`col-span-2 md:px-4 md:py-3 ${offer.status === 'offer' ? '' : 'max-md:hidden'}`}
                      >
                        {offer.status === 'offer' ? (
                          <button
                            type="button"
                            onClick={() => setOpen({ offer, retry: false })}
                            className="min-h-10 w-full whitespace-nowrap rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 md:w-auto md:text-xs"
                          >
                            {t('offers.view')}
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
      <OfferForm onCreated={() => revalidator.revalidate()} />
      {!failed && offers.length > 0 ? (
        <PayoutsSection
          offers={offers}
          locale={locale}
          onRetry={(offer) => setOpen({ offer, retry: true })}
        />
      ) : null}
      {open && user ? (
        <ApprovalDialogs
          key={`${open.offer.id}-${open.retry}`}
          offer={open.offer}
          retry={open.retry}
          user={user}
          verification={verification}
          lastDeposit={lastDeposit}
          countries={countries}
          onClose={() => setOpen(null)}
          onChanged={() => {
            changed.current = true;
            revalidator.revalidate();
          }}
        />
      ) : null}
    </section>
  );
}
