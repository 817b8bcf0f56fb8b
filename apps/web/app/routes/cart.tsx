import { type Cart, cartResponse, purchaseResponse } from '@promptmarket/contracts/orders';
import { useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { buttonStyles } from '../components/ui/button-styles';
import { FormAlert } from '../components/ui/form-fields';
import { newIdempotencyKey, purchaseFailure } from '../features/orders/purchase-actions';
import { serverApi } from '../lib/api.server';
import { requireUser } from '../lib/guards.server';
import { useTranslation } from '../lib/i18n';
import { centsFromDecimal, formatInternal } from '../lib/money';
import { paths } from '../lib/paths';
import { pageMeta } from '../lib/seo';
import { useSite } from '../lib/site-data';
import { useApi } from '../lib/use-api';
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'cart.title' }),
  { name: 'robots', content: 'noindex' },
];

export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  try {
    const { payload } = await serverApi(args.request, args.context, args.params.locale, true).get(
      '/cart',
      cartResponse,
    );
    return { cart: payload as Cart | null };
  } catch {
    return { cart: null };
  }
}

/** The cart (spec section 2): the prompts, their totals, remove, and buy them all at once. */
export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const api = useApi();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [cart, setCart] = useState(loaderData.cart);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; short: boolean } | null>(null);
  const attempt = useRef<string | null>(null);
  const money = (amount: number) => formatInternal(centsFromDecimal(amount), locale, cart?.currency ?? '');

  async function remove(id: number) {
    setBusy(`remove-${id}`);
    setError(null);
    try {
      const { payload } = await api.delete(`/cart/${id}`, cartResponse);
      setCart(payload);
      revalidator.revalidate();
    } catch (caught) {
      setError({ message: purchaseFailure(caught, t('purchase.failed')), short: false });
    } finally {
      setBusy(null);
    }
  }

  async function buy() {
    setBusy('buy');
    setError(null);
    attempt.current ??= newIdempotencyKey();
    try {
      await api.post('/purchase/cart', purchaseResponse, undefined, { 'Idempotency-Key': attempt.current });
      navigate(paths.orders(locale));
    } catch (caught) {
      attempt.current = null;
      const message = purchaseFailure(caught, t('purchase.failed'));
      setError({ message, short: /insufficient|guthaben|solde|saldo|środki/i.test(message) });
      setBusy(null);
    }
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('cart.title')}</h1>
      {error ? (
        <div className="mt-6">
          <FormAlert kind="error">
            {error.message}
            {error.short ? (
              <>
                {' '}
                <Link to={paths.deposit(locale)} className="font-semibold underline">
                  {t('purchase.topUp')}
                </Link>
              </>
            ) : null}
          </FormAlert>
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
                  className="h-16 w-16 rounded-lg object-cover"
                />
                <div className="min-w-0 flex-1">
                  <Link
                    to={paths.product(locale, item.slug)}
                    className="font-semibold text-slate-900 hover:underline"
                  >
                    {item.title}
                  </Link>
                  <p className="text-sm text-slate-600">{money(item.price)}</p>
                </div>
                <button
                  type="button"
                  onClick={() => remove(item.id)}
                  disabled={busy !== null}
                  aria-label={t('cart.remove', { title: item.title })}
                  className="rounded-lg px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <dl className="mt-6 space-y-2 rounded-2xl border border-slate-200 bg-white p-6 text-sm shadow-sm">
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
          <button
            type="button"
            onClick={buy}
            disabled={busy !== null}
            className={`${buttonStyles.primary} mt-6 w-full sm:w-auto`}
          >
            {busy === 'buy' ? t('cart.buying') : t('cart.buy', { amount: money(cart.totals.total) })}
          </button>
        </>
      )}
    </div>
  );
}
