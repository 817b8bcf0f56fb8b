import type { Profile } from '@promptmarket/contracts/accounts';
import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { useApi } from '../../lib/session-data';
import { useSite } from '../../lib/site-data';
import { useDismiss } from '../ui/use-dismiss';

/** The signed-in user's dropdown: e-mail, balance, account links and sign-out. */
export function AccountMenu({ user }: { user: Profile }) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const api = useApi();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const initials = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase() || '?';

  useDismiss(container, open, () => setOpen(false));

  async function signOut() {
    setSigningOut(true);
    try {
      // The header is part of every first load: the schema (and zod with it) loads on sign-out.
      const { okResponse } = await import('@promptmarket/contracts/accounts');
      await api.post('/logout', okResponse);
    } finally {
      setSigningOut(false);
      setOpen(false);
      navigate(paths.home(locale));
    }
  }

  const itemClass = 'block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100';
  return (
    <div className="relative" ref={container}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('account.menu')}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm font-medium text-slate-100 hover:bg-white/10"
      >
        <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 font-semibold text-white">
          {initials}
        </span>
        <span className="hidden sm:inline">{user.first_name}</span>
      </button>
      {open ? (
        <div
          id={menuId}
          className="absolute right-0 z-50 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-2 text-slate-900 shadow-xl"
        >
          <div className="border-b border-slate-100 px-3 pb-3 pt-2">
            <p className="truncate text-sm font-semibold" title={user.email}>
              {user.email}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {t('account.balance')}:{' '}
              <span className="font-semibold text-slate-900" data-testid="header-balance">
                {formatInternal(centsFromDecimal(user.balance), locale, settings.internal_currency_name)}
              </span>
            </p>
          </div>
          <nav className="pt-2" aria-label={t('account.menu')}>
            <Link to={paths.dashboard(locale)} className={itemClass} onClick={() => setOpen(false)}>
              {t('account.dashboard')}
            </Link>
            <Link to={paths.profile(locale)} className={itemClass} onClick={() => setOpen(false)}>
              {t('account.myProfile')}
            </Link>
            <Link
              to={paths.profile(locale, 'edit-profile')}
              className={itemClass}
              onClick={() => setOpen(false)}
            >
              {t('account.editProfile')}
            </Link>
            <button
              type="button"
              onClick={signOut}
              disabled={signingOut}
              className={`${itemClass} w-full text-left text-red-700`}
            >
              {t('account.signOut')}
            </button>
          </nav>
        </div>
      ) : null}
    </div>
  );
}
