import { buttonStyles } from '../../components/ui/button-styles';
import { DialogActions, DialogClose } from '../../components/ui/dialog';
import { useTranslation } from '../../lib/i18n';
import { PurchaseFailureAlert } from './purchase-failure-alert';
import type { PurchaseFailure } from './rules';

/**
 * The foot of a purchase's confirmation (Buy now and the cart's checkout): the refusal, if any,
 * then Cancel and the button that buys, which says what it costs and is held while buying.
 */
export function PurchaseConfirmActions({
  failure,
  buying,
  busyLabel,
  buyLabel,
  onBuy,
}: {
  failure: PurchaseFailure | null;
  buying: boolean;
  busyLabel: string;
  buyLabel: string;
  onBuy: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {failure ? (
        <div className="mt-4">
          <PurchaseFailureAlert failure={failure} />
        </div>
      ) : null}
      <DialogActions>
        <DialogClose className={buttonStyles.secondary} disabled={buying}>
          {t('cart.cancel')}
        </DialogClose>
        <button type="button" onClick={onBuy} disabled={buying} className={buttonStyles.primary}>
          {buying ? busyLabel : buyLabel}
        </button>
      </DialogActions>
    </>
  );
}
