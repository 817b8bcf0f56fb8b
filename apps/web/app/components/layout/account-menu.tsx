import type { Profile } from '@promptmarket/contracts/accounts';
import { useEffect, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { formatCredits } from '../../lib/credits';
import { graphemes } from '../../lib/graphemes';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import { DeferredDropdownMenu } from '../ui/deferred-dropdown-menu';
import { Link } from '../ui/link';

/**
 * The header's cart link, at every width (on a phone too: beside the menu button, not in it), with
 * its count once the visitor's data has come; while it is asked for, the link without a count.
 */
function CartLink({ count }: { count: number | null }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  return (
    <Link
      to={paths.cart(locale)}
      aria-label={count === null ? t('cart.title') : t('cart.linkCount', { count })}
      className="relative inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-100 hover:bg-white/10 sm:mr-1"
    >
      <svg
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="10" cy="20" r="1.3" />
        <circle cx="17" cy="20" r="1.3" />
      </svg>
      {count ? (
        <span className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-500 px-1 text-xs font-bold text-white">
          {count}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * A page cached for every signed-in visitor (the page cache, decision 0022) has nobody in it: in
 * the menu's place a placeholder beside the cart link without its count, neither the guest's buttons
 * nor a jump, while the page's data is asked again as this visitor's. That brings the menu, the balance, the cart and the marks on the tiles.
 */
function PendingAccount() {
  const revalidator = useRevalidator();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page has started
  useEffect(() => {
    void revalidator.revalidate();
  }, []);
  return (
    <>
      <CartLink count={null} />
      <span
        className="h-10 w-10 animate-pulse rounded-full bg-white/10"
        data-testid="account-pending"
        aria-hidden="true"
      />
    </>
  );
}

/** The signed-in user's dropdown: e-mail, balance, account links and sign-out. */
export function AccountMenu({ user }: { user: Profile | null }) {
  return user ? <SignedInMenu user={user} /> : <PendingAccount />;
}

function SignedInMenu({ user }: { user: Profile }) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const initials =
    `${graphemes(user.first_name)[0] ?? ''}${graphemes(user.last_name)[0] ?? ''}`.toUpperCase() || '?';

  async function signOut() {
    setSigningOut(true);
    try {
      // The header is part of every first load: the API client and the schema (with zod) load on sign-out.
      const [{ accountEndpoints }, { browserApi }] = await Promise.all([
        import('@promptmarket/contracts/accounts'),
        import('../../lib/api-browser'),
      ]);
      await browserApi(locale, () => true).call(accountEndpoints.logout);
    } finally {
      setSigningOut(false);
      navigate(paths.home(locale));
    }
  }

  const cartCount = user.cart_count ?? 0;
  return (
    <>
      <CartLink count={cartCount} />
      <DeferredDropdownMenu
        contentProps={{ align: 'end', className: 'w-72', 'aria-label': t('account.menu') }}
        trigger={
          <button
            type="button"
            // The name holds what the button shows (initials, first name), then what it does.
            aria-label={`${initials} ${user.first_name}, ${t('account.menu')}`}
            className="flex items-center gap-2 rounded-full p-1 text-sm font-medium text-slate-100 hover:bg-white/10 sm:pr-3"
          >
            <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 font-semibold text-white">
              {initials}
            </span>{' '}
            <span className="hidden sm:inline">{user.first_name}</span>
          </button>
        }
        content={(kit) => (
          <>
            <kit.DropdownMenuLabel className="border-b border-slate-100 pb-3 pt-2">
              <span className="block truncate text-sm font-semibold text-slate-900" title={user.email}>
                {user.email}
              </span>
              <span className="mt-1 block">
                {t('account.balance')}:{' '}
                <span className="font-semibold text-slate-900" data-testid="header-balance">
                  {formatCredits(centsFromDecimal(user.balance), locale, settings.internal_currency_name, t)}
                </span>
              </span>
            </kit.DropdownMenuLabel>
            <div className="pt-2">
              <kit.DropdownMenuItem asChild>
                <Link to={paths.dashboard(locale)}>{t('account.dashboard')}</Link>
              </kit.DropdownMenuItem>
              <kit.DropdownMenuItem asChild>
                <Link to={paths.deposit(locale)}>{t('account.deposit')}</Link>
              </kit.DropdownMenuItem>
              <kit.DropdownMenuItem asChild>
                <Link to={paths.cart(locale)}>{t('cart.link', { count: cartCount })}</Link>
              </kit.DropdownMenuItem>
              <kit.DropdownMenuItem asChild>
                <Link to={paths.orders(locale)}>{t('orders.tab')}</Link>
              </kit.DropdownMenuItem>
              <kit.DropdownMenuItem asChild>
                <Link to={paths.profile(locale)}>{t('account.myProfile')}</Link>
              </kit.DropdownMenuItem>
              <kit.DropdownMenuItem asChild>
                <Link to={paths.profile(locale, 'edit-profile')}>{t('account.editProfile')}</Link>
              </kit.DropdownMenuItem>
              <kit.DropdownMenuItem asChild>
                <Link to={paths.offers(locale)}>{t('offers.tab')}</Link>
              </kit.DropdownMenuItem>
              <kit.DropdownMenuItem asChild>
                <Link to={paths.verification(locale)}>{t('verification.link')}</Link>
              </kit.DropdownMenuItem>
              {user.role === 'admin' ? (
                <kit.DropdownMenuItem asChild>
                  <Link to={paths.admin(locale)}>{t('admin.link')}</Link>
                </kit.DropdownMenuItem>
              ) : null}
              <kit.DropdownMenuItem disabled={signingOut} onSelect={() => void signOut()} tone="danger">
                {t('account.signOut')}
              </kit.DropdownMenuItem>
            </div>
          </>
        )}
      />
    </>
  );
}
