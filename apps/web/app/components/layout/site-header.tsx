import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
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
import { deferredIsland } from './page-extras';

/** Only signed-in users have it: guests never load its code (decision 0014). */
const AccountMenu = deferredIsland(
  () => import('./account-menu').then((module) => module.AccountMenu),
  'contents',
);

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/10 hover:text-white'
  }`;

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
                onClick={() => setOpen((value) => !value)}
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
          <nav aria-label={t('header.mainNavigation')} className="overflow-hidden">
            <div className="mx-auto flex max-h-[calc(100vh-90px)] max-w-7xl flex-col gap-1 overflow-y-auto px-4 py-4 sm:px-6">
              <HeaderSearch id="mobile-search" />
              <div className="mt-3 flex flex-col gap-1">
                <NavLink to={paths.home(locale)} end className={navLinkClass}>
                  {t('header.home')}
                </NavLink>
                <MobileGroup label={t('nav.categories')} groups={menus.categories} />
                <MobileGroup label={t('nav.styles')} groups={menus.styles} />
                <NavLink to={paths.generate(locale)} className={navLinkClass}>
                  {t('generate.action')}
                </NavLink>
                {user || pending ? null : (
                  <>
                    <NavLink to={paths.login(locale)} className={navLinkClass}>
                      {t('account.login')}
                    </NavLink>
                    <NavLink to={paths.register(locale)} className={navLinkClass}>
                      {t('account.register')}
                    </NavLink>
                  </>
                )}
              </div>
              <div className="mt-2">
                <CurrencySelect />
              </div>
            </div>
          </nav>
        </div>
      )}
    </header>
  );
}

function MobileGroup({ label, groups }: { label: string; groups: MenuGroup[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center justify-between rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-300 hover:bg-white/10"
      >
        {label}
        <span aria-hidden="true">{open ? '−' : '+'}</span>
      </button>
      {open ? (
        <ul id={id} className="ml-3 border-l border-white/10 pl-2">
          {groups.map((group) => (
            <li key={group.id}>
              <Link
                to={group.href}
                className="block rounded-md px-3 py-1.5 text-sm text-slate-200 hover:bg-white/10"
              >
                {group.title}
              </Link>
              {group.children.map((child) => (
                <Link
                  key={child.id}
                  to={child.href}
                  className="block rounded-md px-3 py-1 pl-6 text-sm text-slate-400 hover:bg-white/10 hover:text-white"
                >
                  {child.title}
                </Link>
              ))}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
