import type { Cart } from '@promptmarket/contracts/orders';
import { useRef, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Link } from '../../components/ui/link';
import { getCart, purchaseCart, removeFromCart } from '../../features/orders/api';
import { PurchaseConfirmActions } from '../../features/orders/purchase-confirm-actions';
import { PurchaseFailureAlert } from '../../features/orders/purchase-failure-alert';
import {
  type HeldKey,
  keepsKey,
  keyFor,
  type PurchaseFailure,
  purchaseFailure,
} from '../../features/orders/rules';
import { serverApi } from '../../lib/api.server';
import { formatCredits } from '../../lib/credits';
import { shortfallText } from '../../lib/credits-shortfall';
import { depositReturningTo } from '../../lib/deposit-return';
import { requireUser } from '../../lib/guards.server';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useCurrentUser } from '../../lib/session-data';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'cart.title' }),
  { name: 'robots', content: 'noindex' },
];

export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  try {
    const { payload } = await getCart(serverApi(args.request, args.context, args.params.locale, true));
    return { cart: payload as Cart | null };
  } catch {
    return { cart: null };
  }
}

function Totals({ cart, money }: { cart: Cart; money: (amount: number) => string }) {
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

/**
 * The purchase modal: what is bought (the prompts still on sale), the totals against the balance,
 * and one button that buys them. A refusal stays in the modal, with a link to deposit when money is
 * short.
 */
function PurchaseDialog({
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
          <Totals cart={cart} money={money} />
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

/**
 * The cart (spec section 2): the prompts, their totals, remove, and buy them all at once. A prompt
 * taken off sale since it was added says so, counts in no total, and can only be removed.
 */
export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const api = useApi();
  const revalidator = useRevalidator();
  const [cart, setCart] = useState(loaderData.cart);
  const [removing, setRemoving] = useState<number | null>(null);
  const [failure, setFailure] = useState<PurchaseFailure | null>(null);
  const [confirming, setConfirming] = useState(false);
  const money = (amount: number) => formatCredits(centsFromDecimal(amount), locale, cart?.currency ?? '', t);

  async function remove(id: number) {
    setRemoving(id);
    setFailure(null);
    try {
      const { payload } = await removeFromCart(api, id);
      setCart(payload);
      revalidator.revalidate();
    } catch (caught) {
      setFailure(purchaseFailure(caught, t('purchase.failed')));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('cart.title')}</h1>
      {failure ? (
        <div className="mt-6">
          <PurchaseFailureAlert failure={failure} />
        </div>
      ) : null}
      {!cart ? (
        <p
          role="alert"
          className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {t('cart.failed')}
        </p>
      ) : cart.items.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
          <p className="text-slate-600">{t('cart.empty')}</p>
          <Link to={paths.products({ locale })} className={`${buttonStyles.primary} mt-4`}>
            {t('cart.browse')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
            {cart.items.map((item) => (
              <li key={item.id} className="flex items-center gap-4 p-4">
                <img
                  src={item.thumb_url}
                  alt=""
                  width={64}
                  height={64}
                  className={`h-16 w-16 rounded-lg object-cover ${item.available ? '' : 'opacity-50 grayscale'}`}
                />
                <div className="min-w-0 flex-1">
                  {item.available ? (
                    <>
                      <Link
                        to={paths.product(locale, item.slug)}
                        className="font-semibold text-slate-900 hover:underline"
                      >
                        {item.title}
                      </Link>
                      <p className="text-sm text-slate-600">{money(item.price)}</p>
                    </>
                  ) : (
                    <>
                      <p className="font-semibold text-slate-500">{item.title}</p>
                      <p className="text-sm font-medium text-amber-800">{t('cart.unavailable')}</p>
                    </>
                  )}
                </div>
                <button
                  type="button"
                  onClick={() => remove(item.id)}
                  disabled={removing !== null}
                  aria-label={t('cart.remove', { title: item.title })}
                  className="inline-flex h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
                >
                  {removing === item.id ? '…' : '×'}
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <Totals cart={cart} money={money} />
          </div>
          <button
            type="button"
            onClick={() => setConfirming(true)}
            disabled={removing !== null || !cart.items.some((item) => item.available)}
            className={`${buttonStyles.primary} mt-6 w-full sm:w-auto`}
          >
            {t('cart.checkout')}
          </button>
          {confirming ? (
            <PurchaseDialog cart={cart} money={money} onClose={() => setConfirming(false)} />
          ) : null}
        </>
      )}
    </div>
  );
}
