import type { ProductSummary } from '@promptmarket/contracts/catalogue';
import { useState } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { Link } from '../../components/ui/link';
import { useHydrated } from '../../components/ui/use-hydrated';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { loginPath } from '../../lib/safe-redirect';
import { useCurrentUser, usePersonalPartsPending } from '../../lib/session-data';
import { useSite } from '../../lib/site-data';

const action =
  'inline-flex min-h-10 flex-1 items-center justify-center rounded-lg px-3 py-2 text-center text-sm font-semibold';
const primary = `${action} bg-brand-600 text-white hover:bg-brand-700`;
const secondary = `${action} border border-slate-300 text-slate-800 hover:bg-slate-50 disabled:opacity-60`;

/**
 * Buy now and Add to cart under a product tile; Download for a prompt the viewer owns. Buy now
 * leads to the product page (spec section 2). The API client loads on the first press, so that
 * list pages stay small; the tile loads this module as an island (decision 0014). Buy now reads
 * "Buy now" unless the screen gives its own text (the home page does).
 */
export function TileActions({ product, buyLabel }: { product: ProductSummary; buyLabel?: string }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const user = useCurrentUser();
  // A signed-in visitor whose page is still the cached one: the button waits, it does not send to login.
  const pending = usePersonalPartsPending();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [state, setState] = useState<'idle' | 'adding' | 'added'>('idle');
  const [error, setError] = useState<string | null>(null);
  // The server's button stays off until this code is live: a press before then would be lost.
  const live = useHydrated();

  if (product.owned) {
    return (
      <Link to={paths.orders(locale)} className={`${primary} w-full`}>
        {t('purchase.download')}
      </Link>
    );
  }

  async function add() {
    setState('adding');
    setError(null);
    try {
      const [{ addToCart }, { browserApi }] = await Promise.all([
        import('./api'),
        import('../../lib/api-browser'),
      ]);
      await addToCart(
        browserApi(locale, () => true),
        product.id,
      );
      setState('added');
      revalidator.revalidate();
    } catch (caught) {
      setState('idle');
      setError(caught instanceof Error && caught.message ? caught.message : t('purchase.failed'));
    }
  }

  return (
    <>
      <div className="flex gap-2">
        <Link to={paths.product(locale, product.slug)} className={primary}>
          {buyLabel ?? t('product.buyNow')}
        </Link>
        {!user && !pending ? (
          <Link to={loginPath(locale, location.pathname + location.search)} className={secondary}>
            {t('product.addToCart')}
          </Link>
        ) : state === 'added' ? (
          <Link to={paths.cart(locale)} className={secondary}>
            {t('purchase.inCart')}
          </Link>
        ) : (
          <button
            type="button"
            onClick={add}
            disabled={state === 'adding' || !live || pending}
            className={secondary}
          >
            {state === 'adding' ? t('purchase.adding') : t('product.addToCart')}
            {/* The name says which prompt, after the text the button shows. */}
            <span className="sr-only">: {product.title}</span>
          </button>
        )}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}
