import { type Offer, PAYOUT_DAYS } from '@promptmarket/contracts/offers';
import { buttonStyles } from '../../../components/ui/button-styles';
import { DialogActions, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { useTranslation } from '../../../lib/i18n';
import { useSite } from '../../../lib/site-data';
import { euroText } from '../rules';
import type { PayoutMethod } from './payout-summary';

/** The end of the chain: how much goes where, and when it arrives. */
export function SuccessStep({
  offer,
  method,
  destination,
  onClose,
}: {
  offer: Offer;
  method: PayoutMethod;
  destination: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useSite();
  return (
    <>
      <DialogTitle>{t('offers.success.title')}</DialogTitle>
      <DialogDescription>
        {t('offers.success.text', {
          amount: euroText(offer.service_price ?? 0, locale),
          destination,
          days: PAYOUT_DAYS[method],
        })}
      </DialogDescription>
      <DialogActions>
        <button type="button" className={buttonStyles.primary} onClick={onClose}>
          {t('offers.success.done')}
        </button>
      </DialogActions>
    </>
  );
}
