import { type Offer, PAYOUT_DAYS } from '@promptmarket/contracts/offers';
import { useTranslation } from '../../../lib/i18n';
import { useSite } from '../../../lib/site-data';
import { euroText } from '../rules';

export type PayoutMethod = keyof typeof PAYOUT_DAYS;

/** What the payout steps end with: the amount, the method and when it arrives. */
export function PayoutSummary({ offer, method }: { offer: Offer; method: PayoutMethod }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  return (
    // The title above the list, not in it: a <dl> holds only its terms and their values.
    <div className="mt-4 space-y-1.5 rounded-xl bg-slate-50 p-4 text-sm">
      <p className="font-semibold text-slate-900">{t('offers.summary.title')}</p>
      <dl className="space-y-1.5">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{t('offers.summary.amount')}</dt>
          <dd className="font-medium">{euroText(offer.service_price ?? 0, locale)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{t('offers.summary.method')}</dt>
          <dd>{method === 'sepa' ? t('offers.method.sepa') : t('offers.method.card')}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{t('offers.summary.arrives')}</dt>
          <dd>{t('offers.summary.days', { days: PAYOUT_DAYS[method] })}</dd>
        </div>
      </dl>
    </div>
  );
}
