import type { Cart } from '@promptmarket/contracts/orders';
import { useTranslation } from '../../lib/i18n';

/** The cart's subtotal, fee and total, on the cart page and in its purchase modal. */
export function CartTotals({ cart, money }: { cart: Cart; money: (amount: number) => string }) {
  const { t } = useTranslation();
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between">
        <dt className="text-slate-600">{t('cart.subtotal')}</dt>
        <dd>{money(cart.totals.subtotal)}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-slate-600">{t('cart.fee')}</dt>
        <dd>{money(cart.totals.fee)}</dd>
      </div>
      <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
        <dt>{t('cart.total')}</dt>
        <dd>{money(cart.totals.total)}</dd>
      </div>
    </dl>
  );
}
