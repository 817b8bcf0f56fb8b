import type { Profile } from '@promptmarket/contracts/accounts';
import type { ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { createTranslator, TranslationProvider } from '../lib/i18n';
import type { Messages } from '../lib/messages';
import { messagesFor } from '../lib/messages.server';
import { SESSION_ROUTE_ID, type SessionData } from '../lib/session-data';
import { SITE_ROUTE_ID, type SiteData } from '../lib/site-data';

/** The internal currency's default name in each language of the shop, as a fresh shop names it. */
export const CURRENCY_NAMES: Record<string, string> = {
  en: 'Credits',
  de: 'Credits',
  fr: 'Crédits',
  es: 'Créditos',
  it: 'Crediti',
  pl: 'Kredyty',
};

type StubRoute = Parameters<typeof createRoutesStub>[0][number];

type SiteOptions = {
  /** The page's language; `en` unless told. */
  language?: string;
  /** The signed-in user, or null (the default) for a guest. */
  user?: Profile | null;
  /** The shop's name for its currency; the language's default name unless told. */
  currencyName?: string;
  /** The page's route below the locale, e.g. `products/:slug`; the locale's index unless told. */
  path?: string;
  /** The address below the locale the visitor opened, e.g. `products/red-fox?from=home`. */
  url?: string;
  /** Layout routes between the session layout and the page, outermost first, with their loader data. */
  layouts?: { id: string; loaderData: unknown }[];
  /** A signed-in visitor's page cached for all of them, whose personal parts come later. */
  personalDeferred?: boolean;
  /** The markup as a page has it, which the browser hydrates (`renderToString`), rather than static. */
  hydratable?: boolean;
};

/**
 * `page` as the server renders it as a page of the site: below the locale layout (its language and
 * the currency's name) and the session layout (the signed-in user), with the language's texts.
 * Gives the HTML and its text, the tags taken out and the spaces run together.
 */
export function renderInSite(page: () => ReactNode, options: SiteOptions = {}) {
  const { language = 'en', user = null, path, url = '', layouts = [], personalDeferred = false } = options;
  const currencyName = options.currencyName ?? CURRENCY_NAMES[language];
  const pageRoute: StubRoute =
    path === undefined ? { id: 'page', index: true, Component: page } : { id: 'page', path, Component: page };
  const below = layouts.reduceRight<StubRoute>(
    (child, layout) => ({ id: layout.id, children: [child] }),
    pageRoute,
  );
  const Page = createRoutesStub([
    { id: SITE_ROUTE_ID, path: '/:locale', children: [{ id: SESSION_ROUTE_ID, children: [below] }] },
  ]);
  const html = (options.hydratable ? renderToString : renderToStaticMarkup)(
    <TranslationProvider translator={createTranslator(language, messagesFor(language) as Messages)}>
      <Page
        initialEntries={[`/${language}${url ? `/${url}` : ''}`]}
        hydrationData={{
          loaderData: {
            [SITE_ROUTE_ID]: {
              locale: language,
              settings: { internal_currency_name: currencyName },
            } as SiteData,
            [SESSION_ROUTE_ID]: { user, personalDeferred } as SessionData,
            ...Object.fromEntries(layouts.map((layout) => [layout.id, layout.loaderData])),
          },
        }}
      />
    </TranslationProvider>,
  );
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}
