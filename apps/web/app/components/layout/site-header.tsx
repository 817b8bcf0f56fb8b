import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { loadOnce } from '../../lib/load-once';
import { paths } from '../../lib/paths';
import { useCurrentUser, usePersonalPartsPending } from '../../lib/session-data';
import { useSite } from '../../lib/site-data';
import { buttonStyles } from '../ui/button-styles';
import { Link } from '../ui/link';
import { BrandMark } from './brand-mark';
import { CurrencySelect } from './currency-select';
import { HeaderSearch } from './header-search';
import { Menu, X } from './icons';
import { MenuDropdown, type MenuGroup } from './menu-dropdown';
import { navLinkClass } from './nav-link-class';
import { deferredIsland } from './page-extras';

/** Only signed-in users have it: guests never load its code (decision 0014). */
const AccountMenu = deferredIsland(
  () => import('./account-menu').then((module) => module.AccountMenu),
  'contents',
);

// The folded menu's links come when its button is reached for (pointer over, focus, press): every
// first load carries the header, and a wide window never opens the folded menu (decision 0059).
const mobileMenu = loadOnce(() => import('./mobile-menu'));
const prepareMobileMenu = () => {
  mobileMenu.load().catch(() => {});
};

function useMenus(): { categories: MenuGroup[]; styles: MenuGroup[] } {
  const { locale, categories, styles } = useSite();
  return {
    categories: categories.map((category) => ({
      id: category.id,
      title: category.title,
      href: paths.products({ locale, query: category.query }),
      children: category.subcategories.map((sub) => ({
        id: sub.id,
        title: sub.title,
        href: paths.products({ locale, query: sub.query }),
      })),
    })),
    styles: styles.map((style) => ({
      id: style.id,
      title: style.title,
      href: paths.products({ locale, query: style.query }),
      children: [],
    })),
  };
}

/**
 * The header: brand, search, menus and the account area. Under 992 px the navigation folds
 * into a menu that opens below the 90 px bar in 200 ms (spec section 9). Authentication
 * screens get the bar with the brand only.
 */
export function SiteHeader({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const user = useCurrentUser();
  const pending = usePersonalPartsPending();
  const menus = useMenus();
  const [open, setOpen] = useState(false);
  const [MobilePanel, setMobilePanel] = useState(() => mobileMenu.loaded()?.MobileMenu ?? null);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu
  useEffect(() => {
    setOpen(false);
  }, [pathname, search]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape pressed anywhere in the header closes its folded menu
    <header
      className="sticky top-0 z-40 border-b border-white/10 bg-ink-900 text-white"
      // Escape closes the folded menu and gives the focus back to its button.
      onKeyDown={(event) => {
        if (open && event.key === 'Escape') {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-ink-900"
      >
        {t('header.skipToContent')}
      </a>
      <div className="mx-auto flex h-[90px] max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link
          to={paths.home(locale)}
          className="flex shrink-0 items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight"
        >
          <BrandMark />
          <span>{t('brand.name')}</span>
        </Link>
        {compact ? null : (
          <>
            <nav aria-label={t('header.mainNavigation')} className="hidden items-center gap-1 lg:flex">
              <NavLink to={paths.home(locale)} end className={navLinkClass}>
                {t('header.home')}
              </NavLink>
              <MenuDropdown
                label={t('nav.categories')}
                groups={menus.categories}
                allLabel={(title) => t('nav.allCategories', { category: title })}
              />
              <MenuDropdown label={t('nav.styles')} groups={menus.styles} />
            </nav>
            <div className="hidden min-w-0 flex-1 lg:block">
              <HeaderSearch id="header-search" />
            </div>
            <div className="ml-auto flex items-center gap-2">
              <div className="hidden lg:block">
                <CurrencySelect />
              </div>
              <NavLink
                to={paths.generate(locale)}
                className={(state) => `${navLinkClass(state)} hidden lg:inline-flex`}
              >
                {t('generate.action')}
              </NavLink>
              {user || pending ? (
                // On a page cached for every signed-in visitor the menu asks whose page it is (account-menu.tsx).
                <AccountMenu user={user} />
              ) : (
                <>
                  <Link to={paths.login(locale)} className={`${buttonStyles.ghostOnDark} max-sm:hidden`}>
                    {t('account.login')}
                  </Link>
                  <Link to={paths.register(locale)} className={`${buttonStyles.primary} max-sm:hidden`}>
                    {t('account.register')}
                  </Link>
                </>
              )}
              <button
                ref={toggle}
                type="button"
                className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-200 hover:bg-white/10 lg:hidden"
                aria-expanded={open}
                aria-controls={menuId}
                aria-label={open ? t('header.closeMenu') : t('header.openMenu')}
                onPointerEnter={prepareMobileMenu}
                onFocus={prepareMobileMenu}
                onClick={() => {
                  if (MobilePanel) {
                    setOpen((value) => !value);
                    return;
                  }
                  mobileMenu.load().then(
                    (module) => {
                      setMobilePanel(() => module.MobileMenu);
                      setOpen(true);
                    },
                    () => {
                      // No code (offline): the button stays as it is; the next press tries again.
                    },
                  );
                }}
              >
                {open ? <X /> : <Menu />}
              </button>
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
          {MobilePanel ? <MobilePanel menus={menus} signedIn={Boolean(user || pending)} /> : null}
        </div>
      )}
    </header>
  );
}
