import type { Offer } from '@promptmarket/contracts/offers';
import { buttonStyles } from '../../../components/ui/button-styles';
import { DialogActions, DialogTitle } from '../../../components/ui/dialog';
import { useTranslation } from '../../../lib/i18n';
import { useSite } from '../../../lib/site-data';
import { euroText } from '../rules';

/** The first step: the offer with both prices, to decline or accept. */
export function DetailsStep({
  offer,
  busy,
  onDecline,
  onAccept,
}: {
  offer: Offer;
  busy: boolean;
  onDecline: () => void;
  onAccept: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useSite();
  return (
    <>
      <DialogTitle>{t('offers.details.title', { title: offer.title })}</DialogTitle>
      {offer.doc_type === 'image' ? (
        <img
          src={offer.doc_url}
          alt=""
          className="mt-4 max-h-64 w-full rounded-xl object-contain bg-slate-50"
        />
      ) : null}
      {offer.description ? <p className="mt-3 text-sm text-slate-600">{offer.description}</p> : null}
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-500">{t('offers.details.yourPrice')}</dt>
          <dd className="font-medium">{euroText(offer.user_price, locale)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('offers.details.ourPrice')}</dt>
          <dd className="text-lg font-bold text-brand-700">{euroText(offer.service_price ?? 0, locale)}</dd>
        </div>
      </dl>
      <DialogActions>
        <button type="button" className={buttonStyles.secondary} onClick={onDecline} disabled={busy}>
          {busy ? t('offers.details.declining') : t('offers.details.decline')}
        </button>
        <button type="button" className={buttonStyles.primary} onClick={onAccept} disabled={busy}>
          {t('offers.details.accept')}
        </button>
      </DialogActions>
    </>
  );
}
