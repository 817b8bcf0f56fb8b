import type { Cart } from '@promptmarket/contracts/orders';
import { useRef, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Link } from '../../components/ui/link';
import { formatCredits } from '../../lib/credits';
import { shortfallText } from '../../lib/credits-shortfall';
import { depositReturningTo } from '../../lib/deposit-return';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { useCurrentUser } from '../../lib/session-data';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import { purchaseCart } from './api';
import { CartTotals } from './cart-totals';
import { PurchaseConfirmActions } from './purchase-confirm-actions';
import { type HeldKey, keepsKey, keyFor, type PurchaseFailure, purchaseFailure } from './rules';

/**
 * The purchase modal: what is bought (the prompts still on sale), the totals against the balance,
 * and one button that buys them. A refusal stays in the modal, with a link to deposit when money is
 * short.
 */
export default function CartPurchaseDialog({
  cart,
  money,
  onClose,
}: {
  cart: Cart;
  money: (amount: number) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const user = useCurrentUser();
  const api = useApi();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [buying, setBuying] = useState(false);
  const [failure, setFailure] = useState<PurchaseFailure | null>(null);
  const attempt = useRef<HeldKey | null>(null);
  // Bought: the orders page puts the focus on the order, not the cart's Checkout.
  const boughtNow = useRef(false);
  const balance = user?.balance ?? 0;
  const short = centsFromDecimal(cart.totals.total) - centsFromDecimal(balance);
  const bought = cart.items.filter((item) => item.available);
  const credits = (cents: number) => formatCredits(cents, locale, cart.currency, t);

  async function buy() {
    setBuying(true);
    setFailure(null);
    // The total shown is the total the buyer agrees to: a cart whose total changed since is refused.
    const held = keyFor(attempt.current, { total: cart.totals.total });
    attempt.current = held;
    try {
      const { payload } = await purchaseCart(api, held.key, cart.totals.total);
      attempt.current = null;
      boughtNow.current = true;
      navigate(`${paths.orders(locale)}?bought=${payload.order_id}`);
    } catch (caught) {
      if (!keepsKey(caught)) attempt.current = null;
      const refused = purchaseFailure(caught, t('purchase.failed'));
      setFailure(refused);
      setBuying(false);
      // The modal shows the new totals, which the next press agrees to.
      if (refused.priceChanged) revalidator.revalidate();
    }
  }

  return (
    <Dialog open onOpenChange={(open) => (open || buying ? null : onClose())}>
      <DialogContent
        closeLabel={t('orders.close')}
        onCloseAutoFocus={(event) => {
          if (boughtNow.current) event.preventDefault();
        }}
      >
        <DialogTitle>{t('cart.confirmTitle')}</DialogTitle>
        <DialogDescription>{t('cart.confirmText', { count: bought.length })}</DialogDescription>
        <ul className="mt-4 max-h-60 divide-y divide-slate-100 overflow-y-auto text-sm">
          {bought.map((item) => (
            <li key={item.id} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0 truncate">{item.title}</span>
              <span className="shrink-0 font-medium">{money(item.price)}</span>
            </li>
          ))}
        </ul>
        <div className="mt-4 rounded-xl bg-slate-50 p-4">
          <CartTotals cart={cart} money={money} />
          <p className="mt-3 flex justify-between text-sm text-slate-600">
            <span>{t('purchase.balanceNow')}</span>
            <span>{money(balance)}</span>
          </p>
          {short <= 0 ? (
            <p className="mt-1 flex justify-between text-sm font-semibold" data-testid="cart-balance-after">
              <span>{t('purchase.balanceAfter')}</span>
              <span>{credits(-short)}</span>
            </p>
          ) : null}
        </div>
        {short > 0 && !failure ? (
          <p className="mt-4 text-sm text-amber-800">
            {shortfallText('cart.short', short, locale, cart.currency, t)}{' '}
            <Link to={depositReturningTo(locale, paths.cart(locale))} className="font-semibold underline">
              {t('purchase.topUp')}
            </Link>
          </p>
        ) : null}
        <PurchaseConfirmActions
          failure={failure}
          buying={buying}
          busyLabel={t('cart.buying')}
          buyLabel={t('cart.buy', { amount: money(cart.totals.total) })}
          onBuy={buy}
        />
      </DialogContent>
    </Dialog>
  );
}
