import type { Profile } from '@promptmarket/contracts/accounts';
import type { ComponentType, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { createTranslator, TranslationProvider } from '../lib/i18n';
import type { Messages } from '../lib/messages';
import { allMessagesFor, messagesFor } from '../lib/messages.server';
import { SESSION_ROUTE_ID, type SessionData } from '../lib/session-data';
import { SITE_ROUTE_ID, type SiteData } from '../lib/site-data';

/** A signed-in user for pages that need one. */
export const testMember = {
  id: 'u-1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  phone: null,
  is_email_verified: true,
  verification_data: { status: null, reason: null },
  balance: 0,
  balance_eur: 0,
  cart_count: 0,
  role: 'user',
  locale: 'en',
} satisfies Profile;

/**
 * A page (or any part) as the server renders it at `url` below the locale and session layouts, with
 * the site data given and `user` signed in (a guest by default), in the site's language (with the
 * back office's texts, which its layout adds, for `backOffice`): its HTML and its text, the tags
 * taken out and the spaces run together.
 */
export function renderPage(
  Page: ComponentType<never> | (() => ReactNode),
  loaderData: unknown,
  {
    site,
    url = `/${site.locale}`,
    user = null,
    backOffice = false,
  }: { site: SiteData; url?: string; user?: Profile | null; backOffice?: boolean },
) {
  const Stub = createRoutesStub([
    {
      id: SITE_ROUTE_ID,
      path: '/:locale',
      children: [
        {
          id: SESSION_ROUTE_ID,
          children: [
            {
              id: 'page',
              // The locale's own page, or any page below it.
              ...(new URL(url, 'http://shop.test').pathname === `/${site.locale}`
                ? { index: true }
                : { path: '*' }),
              Component: () => {
                const Component = Page as ComponentType<{ loaderData: unknown }>;
                return <Component loaderData={loaderData} />;
              },
            },
          ],
        },
      ],
    },
  ]);
  const html = renderToStaticMarkup(
    <TranslationProvider
      translator={createTranslator(
        site.locale,
        (backOffice ? allMessagesFor(site.locale) : messagesFor(site.locale)) as Messages,
      )}
    >
      <Stub
        initialEntries={[url]}
        hydrationData={{
          loaderData: {
            [SITE_ROUTE_ID]: site,
            [SESSION_ROUTE_ID]: { user, personalDeferred: false } as SessionData,
          },
        }}
      />
    </TranslationProvider>,
  );
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

/** A back-office screen at `url` (its language the address's first part), as `renderPage` renders it. */
export function renderBackOfficePage(Page: ComponentType<never>, loaderData: unknown, url: string) {
  const locale = url.split('/')[1] ?? 'en';
  const site = { locale, settings: { internal_currency_name: 'Credits' } } as SiteData;
  return renderPage(Page, loaderData, { site, url, backOffice: true });
}
