import { useId, useState } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import { Link } from '../ui/link';
import { CurrencySelect } from './currency-select';
import { HeaderSearch } from './header-search';
import type { MenuGroup } from './menu-dropdown';
import { navLinkClass } from './nav-link-class';

/** The header's folded menu under 992 px (spec section 9): search, the menus, sign-in and the currency. */
export function MobileMenu({
  menus,
  signedIn,
}: {
  menus: { categories: MenuGroup[]; styles: MenuGroup[] };
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useSite();
  return (
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
          {signedIn ? null : (
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
