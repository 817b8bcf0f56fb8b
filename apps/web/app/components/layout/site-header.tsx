import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/session-data';
import { useSite } from '../../lib/site-data';
import { buttonStyles } from '../ui/button-styles';
import { AccountMenu } from './account-menu';
import { BrandMark } from './brand-mark';
import { Menu, X } from './icons';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/10 hover:text-white'
  }`;

/**
 * The header: brand and navigation; under 992 px the navigation folds into a menu that
 * opens below the 90 px bar in 200 ms (spec section 9).
 */
export function SiteHeader({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  const links = (
    <NavLink to={`/${locale}`} end className={navLinkClass}>
      {t('header.home')}
    </NavLink>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-ink-900 text-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-ink-900"
      >
        {t('header.skipToContent')}
      </a>
      <div className="mx-auto flex h-[90px] max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to={`/${locale}`}
          className="flex items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight"
        >
          <BrandMark />
          <span>{t('brand.name')}</span>
        </Link>
        {compact ? null : (
          <>
            <nav aria-label={t('header.mainNavigation')} className="hidden flex-1 items-center gap-1 lg:flex">
              {links}
            </nav>
            <div className="flex items-center gap-2">
              {user ? (
                <AccountMenu user={user} />
              ) : (
                <>
                  <Link to={`/${locale}/login`} className={`${buttonStyles.ghostOnDark} max-sm:hidden`}>
                    {t('account.login')}
                  </Link>
                  <Link to={`/${locale}/register`} className={`${buttonStyles.primary} max-sm:hidden`}>
                    {t('account.register')}
                  </Link>
                </>
              )}
              <MobileToggle open={open} menuId={menuId} onToggle={() => setOpen((value) => !value)} />
            </div>
          </>
        )}
      </div>
      {compact ? null : (
        <div
          id={menuId}
          className={`grid border-white/10 transition-[grid-template-rows] duration-200 ease-out lg:hidden ${
            open ? 'grid-rows-[1fr] border-t' : 'grid-rows-[0fr]'
          }`}
          inert={!open}
        >
          <nav aria-label={t('header.mainNavigation')} className="overflow-hidden">
            <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3 sm:px-6">
              {links}
              {user ? null : (
                <>
                  <NavLink to={`/${locale}/login`} className={navLinkClass}>
                    {t('account.login')}
                  </NavLink>
                  <NavLink to={`/${locale}/register`} className={navLinkClass}>
                    {t('account.register')}
                  </NavLink>
                </>
              )}
            </div>
          </nav>
        </div>
      )}
    </header>
  );
}

function MobileToggle({ open, menuId, onToggle }: { open: boolean; menuId: string; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-200 hover:bg-white/10 lg:hidden"
      aria-expanded={open}
      aria-controls={menuId}
      aria-label={open ? t('header.closeMenu') : t('header.openMenu')}
      onClick={onToggle}
    >
      {open ? <X /> : <Menu />}
    </button>
  );
}
