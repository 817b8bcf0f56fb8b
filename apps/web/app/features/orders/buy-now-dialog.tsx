import type { ProductDetail } from '@promptmarket/contracts/catalogue';
import { useRef, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal } from '../../lib/money';
import { useApi } from '../../lib/use-api';
import { purchasePrompt } from './api';
import { PurchaseConfirmActions } from './purchase-confirm-actions';
import { type HeldKey, keepsKey, keyFor, type PurchaseFailure, purchaseFailure } from './rules';

/**
 * Buy now's confirmation, as the cart's: the prompt, its price, and the balance before and after.
 * Its code (the dialog's) comes with the first press, not with the product page.
 */
export default function BuyNowDialog({
  product,
  balanceCents,
  credits,
  onBought,
  onPriceChanged,
  onClose,
}: {
  product: ProductDetail;
  balanceCents: number;
  credits: (cents: number) => string;
  onBought: () => void;
  onPriceChanged: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const [buying, setBuying] = useState(false);
  const [failure, setFailure] = useState<PurchaseFailure | null>(null);
  const attempt = useRef<HeldKey | null>(null);
  // Bought: the page puts the focus on what comes next (the download), not back on Buy now.
  const bought = useRef(false);
  const priceCents = centsFromDecimal(product.price);

  async function buy() {
    setBuying(true);
    setFailure(null);
    // The price shown is the total the buyer agrees to: a price changed since is refused.
    const held = keyFor(attempt.current, { product: product.id, total: product.price });
    attempt.current = held;
    try {
      await purchasePrompt(api, product.id, held.key, product.price);
      attempt.current = null;
      bought.current = true;
      onBought();
    } catch (error) {
      if (!keepsKey(error)) attempt.current = null;
      const refused = purchaseFailure(error, t('purchase.failed'));
      setFailure(refused);
      setBuying(false);
      // The page shows the new price, which the next press agrees to.
      if (refused.priceChanged) onPriceChanged();
    }
  }

  return (
    <Dialog open onOpenChange={(open) => (open || buying ? null : onClose())}>
      <DialogContent
        closeLabel={t('orders.close')}
        onCloseAutoFocus={(event) => {
          if (bought.current) event.preventDefault();
        }}
      >
        <DialogTitle>{t('cart.confirmTitle')}</DialogTitle>
        <DialogDescription>{t('purchase.confirmOne', { title: product.title })}</DialogDescription>
        <dl className="mt-4 space-y-2 rounded-xl bg-slate-50 p-4 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">{t('purchase.balanceNow')}</dt>
            <dd data-testid="balance-before">{credits(balanceCents)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">{t('product.price')}</dt>
            <dd>− {credits(priceCents)}</dd>
          </div>
          <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-base font-semibold">
            <dt>{t('purchase.balanceAfter')}</dt>
            <dd data-testid="balance-after">{credits(balanceCents - priceCents)}</dd>
          </div>
        </dl>
        <PurchaseConfirmActions
          failure={failure}
          buying={buying}
          busyLabel={t('purchase.buying')}
          buyLabel={t('cart.buy', { amount: credits(priceCents) })}
          onBuy={buy}
        />
      </DialogContent>
    </Dialog>
  );
}
