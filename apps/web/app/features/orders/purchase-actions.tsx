import type { ProductDetail } from '@promptmarket/contracts/catalogue';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { FormAlert } from '../../components/ui/form-fields';
import { Link } from '../../components/ui/link';
import { useHydrated } from '../../components/ui/use-hydrated';
import { formatCredits } from '../../lib/credits';
import { shortfallText } from '../../lib/credits-shortfall';
import { depositReturningTo } from '../../lib/deposit-return';
import { useTranslation } from '../../lib/i18n';
import { loadOnce } from '../../lib/load-once';
import { centsFromDecimal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { loginPath } from '../../lib/safe-redirect';
import { useCurrentUser, usePersonalPartsPending } from '../../lib/session-data';
import { useSite } from '../../lib/site-data';
import { prepareApi, useApi } from '../../lib/use-api';
import { PurchaseFailureAlert } from './purchase-failure-alert';
import { type PurchaseFailure, purchaseFailure } from './rules';

// The cart call's contract and the client come when Add to cart is reached for (decision 0059).
const cartCalls = loadOnce(() => import('./api'));
const prepareCartCalls = () => {
  prepareApi();
  cartCalls.load().catch(() => {});
};

// The confirmation's dialog code comes with the first press of Buy now.
const BuyNowDialog = lazy(() => import('./buy-now-dialog'));

type Outcome = { kind: 'bought' | 'added' } | ({ kind: 'error' } & PurchaseFailure) | null;

/**
 * Buy now and Add to cart on a product page; Download for a prompt the user owns. Buy now asks
 * for confirmation with the balance before and after; when the balance cannot pay, the button is
 * off and says why before it is pressed, beside a Top up link that comes back to this page.
 */
export function PurchaseActions({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const user = useCurrentUser();
  const api = useApi();
  const location = useLocation();
  const revalidator = useRevalidator();
  const shortId = useId();
  const [busy, setBusy] = useState<'cart' | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Off until the page's code runs: a press before then would be lost.
  const live = useHydrated();
  const [outcome, setOutcome] = useState<Outcome>(null);
  // Owned or in the cart as the server says (the page's data is asked again once a page from the
  // page cache has started, decision 0022), or made so here and now.
  const [boughtHere, setBoughtHere] = useState(false);
  const [addedHere, setAddedHere] = useState(false);
  const owned = Boolean(product.owned) || boughtHere;
  const inCart = product.in_cart || addedHere;
  const pending = usePersonalPartsPending();
  const here = location.pathname + location.search;
  // Just bought here: the next thing to do is the download, which gets the focus, in view.
  const download = useRef<HTMLAnchorElement>(null);
  const justBought = outcome?.kind === 'bought';
  useEffect(() => {
    if (!justBought) return;
    download.current?.focus({ preventScroll: true });
    download.current?.scrollIntoView({ block: 'center', behavior: 'instant' });
  }, [justBought]);

  if (!user && pending) {
    // Whose page this is comes in a moment: the buttons wait rather than send to login.
    return (
      <div className="flex flex-wrap gap-3">
        <button type="button" disabled className={buttonStyles.primary}>
          {t('product.buyNow')}
        </button>
        <button type="button" disabled className={buttonStyles.secondary}>
          {t('product.addToCart')}
        </button>
      </div>
    );
  }
  if (!user) {
    const login = loginPath(locale, here);
    return (
      <div className="flex flex-wrap gap-3">
        <Link to={login} className={buttonStyles.primary}>
          {t('product.buyNow')}
        </Link>
        <Link to={login} className={buttonStyles.secondary}>
          {t('product.addToCart')}
        </Link>
      </div>
    );
  }
  if (owned) {
    return (
      <div className="space-y-3">
        {outcome?.kind === 'bought' ? <FormAlert kind="success">{t('purchase.bought')}</FormAlert> : null}
        <p className="text-sm font-medium text-emerald-700">{t('purchase.owned')}</p>
        <Link ref={download} to={paths.orders(locale)} className={buttonStyles.primary}>
          {t('purchase.download')}
        </Link>
      </div>
    );
  }

  const credits = (cents: number) => formatCredits(cents, locale, settings.internal_currency_name, t);
  const balanceCents = centsFromDecimal(user.balance);
  const shortCents = centsFromDecimal(product.price) - balanceCents;

  async function addToCart() {
    setBusy('cart');
    setOutcome(null);
    try {
      const { addToCart: addToCartCall } = await cartCalls.load();
      await addToCartCall(api, product.id);
      setAddedHere(true);
      setOutcome({ kind: 'added' });
      revalidator.revalidate();
    } catch (error) {
      setOutcome({ kind: 'error', ...purchaseFailure(error, t('purchase.failed')) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => {
            setOutcome(null);
            setConfirming(true);
          }}
          disabled={busy !== null || !live || shortCents > 0}
          aria-describedby={shortCents > 0 ? shortId : undefined}
          className={buttonStyles.primary}
        >
          {t('product.buyNow')}
        </button>
        {inCart ? (
          <Link to={paths.cart(locale)} className={buttonStyles.secondary}>
            {t('purchase.inCart')}
          </Link>
        ) : (
          <button
            type="button"
            onClick={addToCart}
            onPointerEnter={prepareCartCalls}
            onFocus={prepareCartCalls}
            disabled={busy !== null || !live}
            className={buttonStyles.secondary}
          >
            {busy === 'cart' ? t('purchase.adding') : t('product.addToCart')}
          </button>
        )}
      </div>
      {shortCents > 0 ? (
        <p id={shortId} className="text-sm text-amber-800">
          {shortfallText('purchase.shortBefore', shortCents, locale, settings.internal_currency_name, t, {
            balance: credits(balanceCents),
          })}{' '}
          <Link to={depositReturningTo(locale, here)} className="font-semibold underline">
            {t('purchase.topUp')}
          </Link>
        </p>
      ) : null}
      {outcome?.kind === 'added' ? (
        <FormAlert kind="success">
          {t('purchase.added')}{' '}
          <Link to={paths.cart(locale)} className="font-semibold underline">
            {t('purchase.viewCart')}
          </Link>
        </FormAlert>
      ) : null}
      {outcome?.kind === 'error' ? <PurchaseFailureAlert failure={outcome} /> : null}
      {confirming ? (
        <Suspense fallback={null}>
          <BuyNowDialog
            product={product}
            balanceCents={balanceCents}
            credits={credits}
            onBought={() => {
              setConfirming(false);
              setBoughtHere(true);
              setOutcome({ kind: 'bought' });
              revalidator.revalidate();
            }}
            onPriceChanged={() => revalidator.revalidate()}
            onClose={() => setConfirming(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
