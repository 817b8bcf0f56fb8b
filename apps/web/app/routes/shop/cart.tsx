import type { Cart } from '@promptmarket/contracts/orders';
import { lazy, Suspense, useState } from 'react';
import { useRevalidator } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { Link } from '../../components/ui/link';
import { getCart } from '../../features/orders/api';
import { CartTotals } from '../../features/orders/cart-totals';
import { PurchaseFailureAlert } from '../../features/orders/purchase-failure-alert';
import { type PurchaseFailure, purchaseFailure } from '../../features/orders/rules';
import { serverApi } from '../../lib/api.server';
import { formatCredits } from '../../lib/credits';
import { requireUser } from '../../lib/guards.server';
import { useTranslation } from '../../lib/i18n';
import { loadOnce } from '../../lib/load-once';
import { centsFromDecimal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/cart';

// The purchase modal (Radix's dialog and the purchase's contract) comes when Checkout is reached
// for, not with the page (decision 0059).
const purchaseDialog = loadOnce(() => import('../../features/orders/cart-purchase-dialog'));
const CartPurchaseDialog = lazy(purchaseDialog.load);

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
      const { removeFromCart } = await import('../../features/orders/api');
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
            <CartTotals cart={cart} money={money} />
          </div>
          <button
            type="button"
            onClick={() => setConfirming(true)}
            onPointerEnter={purchaseDialog.load}
            onFocus={purchaseDialog.load}
            disabled={removing !== null || !cart.items.some((item) => item.available)}
            className={`${buttonStyles.primary} mt-6 w-full sm:w-auto`}
          >
            {t('cart.checkout')}
          </button>
          {confirming ? (
            <Suspense fallback={null}>
              <CartPurchaseDialog cart={cart} money={money} onClose={() => setConfirming(false)} />
            </Suspense>
          ) : null}
        </>
      )}
    </div>
  );
}
