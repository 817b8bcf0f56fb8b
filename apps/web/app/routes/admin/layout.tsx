import { useMemo } from 'react';
import { NavLink, Outlet, redirect, useLocation } from 'react-router';
import { FormAlert } from '../../components/ui/form-fields';
import { ScrollingTabBar } from '../../components/ui/scrolling-tab-bar';
import { getTwoFactor } from '../../features/admin/api';
import { getWords } from '../../features/site/api';
import { serverApi } from '../../lib/api.server';
import { requireUser } from '../../lib/guards.server';
import { createTranslator, TranslationProvider, useTranslation } from '../../lib/i18n';
import { mergeMessages } from '../../lib/messages';
import { backOfficeMessagesFor } from '../../lib/messages.server';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/layout';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  // The shop's own text for the back office's name: the back office's texts come with the page.
  ...pageMeta(matches, location.pathname, { titleKey: 'admin.link' }),
  { name: 'robots', content: 'noindex' },
];

/**
 * Admins only: a guest signs in first, anyone else gets the 403 screen. An admin without
 * two-factor sign-in is sent to the security screen to turn it on: the API answers nothing else
 * of the back office until then.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const locale = args.params.locale ?? 'en';
  if (user.role !== 'admin') throw redirect(paths.forbidden(locale));
  const security = paths.admin(locale, 'security');
  // The back office's texts come with its own pages, not with every page of the shop.
  const [words, twoFactorOn] = await Promise.all([
    getWords(serverApi(args.request, args.context, locale), locale)
      .then((answer) => answer.payload)
      .catch(() => ({})),
    getTwoFactor(serverApi(args.request, args.context, locale, true))
      .then((answer) => answer.payload.enabled)
      // Unknown: the screens' own calls answer TWO_FACTOR_SETUP_REQUIRED if it is off.
      .catch(() => true),
  ]);
  if (!twoFactorOn && new URL(args.request.url).pathname.replace(/\/+$/, '') !== security) {
    throw redirect(security);
  }
  return {
    email: user.email,
    messages: backOfficeMessagesFor(locale, words),
    twoFactorSetupRequired: !twoFactorOn,
  };
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap border-b-2 px-1 pb-3 text-sm font-medium ${
    isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'
  }`;

/**
 * The back office (issue: the back office). Its screens are route chunks of their own, so none of
 * their code is in the shop's pages.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const shop = useTranslation();
  const translator = useMemo(
    () => createTranslator(shop.language, mergeMessages(shop.messages, loaderData.messages)),
    [shop, loaderData.messages],
  );
  const { t } = translator;
  const { locale } = useSite();
  const { pathname } = useLocation();
  return (
    <TranslationProvider translator={translator}>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('admin.title')}</h1>
        <p className="text-sm text-slate-600">{loaderData.email}</p>
        {loaderData.twoFactorSetupRequired ? (
          // Until two-factor sign-in is on, the security screen is the whole back office.
          <div className="mt-6">
            <FormAlert kind="info">{t('admin.security.required')}</FormAlert>
          </div>
        ) : (
          <ScrollingTabBar label={t('admin.title')} current={pathname} className="mt-6">
            <NavLink to={paths.admin(locale)} end className={tabClass}>
              {t('admin.nav.dashboard')}
            </NavLink>
            <NavLink to={paths.admin(locale, 'orders')} className={tabClass}>
              {t('admin.nav.orders')}
            </NavLink>
            <NavLink to={paths.admin(locale, 'offers')} className={tabClass}>
              {t('admin.nav.offers')}
            </NavLink>
            <NavLink to={paths.admin(locale, 'verifications')} className={tabClass}>
              {t('admin.nav.verifications')}
            </NavLink>
            <NavLink to={paths.admin(locale, 'payouts')} className={tabClass}>
              {t('admin.nav.payouts')}
            </NavLink>
            <NavLink to={paths.admin(locale, 'users')} className={tabClass}>
              {t('admin.nav.users')}
            </NavLink>
            <NavLink to={paths.admin(locale, 'products')} className={tabClass}>
              {t('admin.nav.catalogue')}
            </NavLink>
            <NavLink to={paths.admin(locale, 'content')} className={tabClass}>
              {t('admin.nav.content')}
            </NavLink>
            <NavLink to={paths.admin(locale, 'messages')} className={tabClass}>
              {t('admin.nav.messages')}
            </NavLink>
            <NavLink to={paths.admin(locale, 'reviews')} className={tabClass}>
              {t('admin.nav.reviews')}
            </NavLink>
            <NavLink to={paths.admin(locale, 'deposits')} className={tabClass}>
              {t('admin.nav.deposits')}
            </NavLink>
            <NavLink to={paths.admin(locale, 'reports')} className={tabClass}>
              {t('admin.nav.reports')}
            </NavLink>
            <NavLink to={paths.admin(locale, 'refunds')} className={tabClass}>
              {t('admin.nav.refunds')}
            </NavLink>
            <NavLink to={paths.admin(locale, 'audit')} className={tabClass}>
              {t('admin.nav.audit')}
            </NavLink>
            <NavLink to={paths.admin(locale, 'security')} className={tabClass}>
              {t('admin.nav.security')}
            </NavLink>
          </ScrollingTabBar>
        )}
        <div className="pt-6">
          <Outlet />
        </div>
      </div>
    </TranslationProvider>
  );
}
