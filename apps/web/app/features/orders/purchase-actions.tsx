import type { ProductDetail } from '@promptmarket/contracts/catalogue';
import { useRef, useState } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { FormAlert } from '../../components/ui/form-fields';
import { Link } from '../../components/ui/link';
import { useHydrated } from '../../components/ui/use-hydrated';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { loginPath } from '../../lib/safe-redirect';
import { useCurrentUser, usePersonalPartsPending } from '../../lib/session-data';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import { addToCart as addToCartCall, purchasePrompt } from './api';
import { type HeldKey, keepsKey, keyFor, type PurchaseFailure, purchaseFailure } from './rules';

type Outcome = { kind: 'bought' | 'added' } | ({ kind: 'error' } & PurchaseFailure) | null;

/** A refusal's text, with a link to deposit when money was short. */
export function PurchaseFailureAlert({ failure }: { failure: PurchaseFailure }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  return (
    <FormAlert kind="error">
      {failure.message}
      {failure.short ? (
        <>
          {' '}
          <Link to={paths.deposit(locale)} className="font-semibold underline">
            {t('purchase.topUp')}
          </Link>
        </>
      ) : null}
    </FormAlert>
  );
}

/** Buy now and Add to cart on a product page; Download for a prompt the user owns. */
export function PurchaseActions({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const user = useCurrentUser();
  const api = useApi();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<'buy' | 'cart' | null>(null);
  // Off until the page's code runs: a press before then would be lost.
  const live = useHydrated();
  const [outcome, setOutcome] = useState<Outcome>(null);
  // Owned as the server says (the page's data is asked again once a kept page has started), or
  // bought here and now.
  const [boughtHere, setBoughtHere] = useState(false);
  const owned = Boolean(product.owned) || boughtHere;
  const pending = usePersonalPartsPending();
  const attempt = useRef<HeldKey | null>(null);

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
    const login = loginPath(locale, location.pathname + location.search);
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
        <Link to={paths.orders(locale)} className={buttonStyles.primary}>
          {t('purchase.download')}
        </Link>
      </div>
    );
  }

  async function buy() {
    setBusy('buy');
    setOutcome(null);
    // The price shown is the total the buyer agrees to: a price changed since is refused.
    const held = keyFor(attempt.current, { product: product.id, total: product.price });
    attempt.current = held;
    try {
      await purchasePrompt(api, product.id, held.key, product.price);
      attempt.current = null;
      setBoughtHere(true);
      setOutcome({ kind: 'bought' });
      revalidator.revalidate();
    } catch (error) {
      if (!keepsKey(error)) attempt.current = null;
      const failure = purchaseFailure(error, t('purchase.failed'));
      setOutcome({ kind: 'error', ...failure });
      // The page shows the new price, which the next press agrees to.
      if (failure.priceChanged) revalidator.revalidate();
    } finally {
      setBusy(null);
    }
  }

  async function addToCart() {
    setBusy('cart');
    setOutcome(null);
    try {
      await addToCartCall(api, product.id);
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
          onClick={buy}
          disabled={busy !== null || !live}
          className={buttonStyles.primary}
        >
          {busy === 'buy' ? t('purchase.buying') : t('product.buyNow')}
        </button>
        <button
          type="button"
          onClick={addToCart}
          disabled={busy !== null || !live}
          className={buttonStyles.secondary}
        >
          {busy === 'cart' ? t('purchase.adding') : t('product.addToCart')}
        </button>
      </div>
      {outcome?.kind === 'added' ? (
        <FormAlert kind="success">
          {t('purchase.added')}{' '}
          <Link to={paths.cart(locale)} className="font-semibold underline">
            {t('purchase.viewCart')}
          </Link>
        </FormAlert>
      ) : null}
      {outcome?.kind === 'error' ? <PurchaseFailureAlert failure={outcome} /> : null}
    </div>
  );
}
