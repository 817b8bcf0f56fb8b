import type { Offer } from '@promptmarket/contracts/offers';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { RelativeTime } from '../../lib/relative-time';
import { euroText } from './rules';

/**
 * The seller's payouts: one card per accepted offer with what it pays, where to (masked), its
 * status and dates. A payout that failed says why and offers to give new details.
 */
export function PayoutsSection({
  offers,
  locale,
  onRetry,
}: {
  offers: Offer[];
  locale: string;
  onRetry: (offer: Offer) => void;
}) {
  const { t } = useTranslation();
  const paid = offers.filter((offer) => offer.payout !== null);
  const date = (value: string | null | undefined) => (value ? <RelativeTime iso={value} /> : '—');
  return (
    <section aria-labelledby="payouts-title" className="space-y-3">
      <h3 id="payouts-title" className="text-lg font-semibold text-slate-900">
        {t('offers.payouts.title')}
      </h3>
      {paid.length === 0 ? (
        <p className="text-sm text-slate-600">{t('offers.payouts.empty')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {paid.map((offer) => {
            const payout = offer.payout;
            if (!payout) return null;
            const facts: [string, ReactNode][] = [
              [t('offers.payouts.amount'), euroText(payout.amount ?? offer.service_price ?? 0, locale)],
              [t('offers.payouts.destination'), payout.destination],
              [t('offers.payouts.status'), t(`offers.payoutStatus.${payout.status}`)],
              [t('offers.payouts.requested'), date(payout.created_at)],
              [t('offers.payouts.settled'), date(payout.settled_at)],
            ];
            return (
              <li key={offer.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <p className="font-medium text-slate-900">{offer.title}</p>
                <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
                  {facts.map(([label, value]) => (
                    <div key={label} className="contents">
                      <dt className="text-slate-500">{label}</dt>
                      <dd className="text-slate-900">{value}</dd>
                    </div>
                  ))}
                </dl>
                {payout.status === 'failed' ? (
                  <div className="mt-3 space-y-2">
                    {payout.failure_reason ? (
                      <p className="text-sm text-red-700">{payout.failure_reason}</p>
                    ) : null}
                    <button
                      type="button"
                      onClick={() => onRetry(offer)}
                      className="whitespace-nowrap rounded-lg bg-brand-600 px-3 py-2 text-xs font-semibold text-white hover:bg-brand-700"
                    >
                      {t('offers.payouts.retry')}
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
