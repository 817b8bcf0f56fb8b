import type { Offer } from '@promptmarket/contracts/offers';
import { useTranslation } from '../../lib/i18n';
import { euroText } from './rules';

/**
 * The seller's payouts: one row per accepted offer with what it pays, where to (masked), its
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
  const date = (value: string | null | undefined) =>
    value ? new Date(value).toLocaleDateString(locale, { dateStyle: 'medium' }) : '—';
  return (
    <section aria-labelledby="payouts-title" className="space-y-3">
      <h3 id="payouts-title" className="text-lg font-semibold text-slate-900">
        {t('offers.payouts.title')}
      </h3>
      {paid.length === 0 ? (
        <p className="text-sm text-slate-600">{t('offers.payouts.empty')}</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {t('offers.payouts.work')}
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  {t('offers.payouts.amount')}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t('offers.payouts.destination')}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t('offers.payouts.status')}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t('offers.payouts.requested')}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t('offers.payouts.settled')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {paid.map((offer) => {
                const payout = offer.payout;
                if (!payout) return null;
                return (
                  <tr key={offer.id}>
                    <td className="px-4 py-3 font-medium text-slate-900">{offer.title}</td>
                    <td className="whitespace-nowrap px-4 py-3 text-right font-medium">
                      {euroText(payout.amount ?? offer.service_price ?? 0, locale)}
                    </td>
                    <td className="whitespace-nowrap px-4 py-3">{payout.destination}</td>
                    <td className="px-4 py-3">
                      <p>{t(`offers.payoutStatus.${payout.status}`)}</p>
                      {payout.status === 'failed' ? (
                        <>
                          {payout.failure_reason ? (
                            <p className="text-xs text-slate-500">{payout.failure_reason}</p>
                          ) : null}
                          <button
                            type="button"
                            onClick={() => onRetry(offer)}
                            className="mt-2 whitespace-nowrap rounded-lg bg-brand-600 px-3 py-2 text-xs font-semibold text-white hover:bg-brand-700"
                          >
                            {t('offers.payouts.retry')}
                          </button>
                        </>
                      ) : null}
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-600">{date(payout.created_at)}</td>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-600">{date(payout.settled_at)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
