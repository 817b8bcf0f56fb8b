import { categoriesResponse, stylesResponse } from '@promptmarket/contracts/catalogue';
import { socialLinksResponse, staticPagesResponse } from '@promptmarket/contracts/content';
import { DEFAULT_LOCALE } from '@promptmarket/contracts/locale';
import {
  currenciesResponse,
  languagesResponse,
  settingsResponse,
  wordsResponse,
} from '@promptmarket/contracts/site';
import { useMemo } from 'react';
import { isRouteErrorResponse, Outlet, redirect, type ShouldRevalidateFunction } from 'react-router';
import { serverApi } from '../lib/api.server';
import { createTranslator, TranslationProvider } from '../lib/i18n';
import { localeRedirectTarget, preferredLocale } from '../lib/locale-routing';
import { messagesFor } from '../lib/messages.server';
import { pageMeta } from '../lib/seo';
import type { SiteData } from '../lib/site-data';
import type { Route } from './+types/locale-layout';

export async function loader({ request, params, context }: Route.LoaderArgs): Promise<SiteData> {
  const url = new URL(request.url);
  const languages = (await serverApi(request, context, DEFAULT_LOCALE).get('/languages', languagesResponse))
    .payload;
  const codes = languages.map((language) => language.code);
  if (!codes.includes(params.locale)) {
    const current = preferredLocale(request.headers.get('cookie'), codes);
    throw redirect(localeRedirectTarget(url.pathname, url.search, codes, current));
  }
  const api = serverApi(request, context, params.locale);
  const [settings, currencies, words] = await Promise.all([
    api.get('/settings', settingsResponse),
    api.get('/currencies', currenciesResponse),
    api.get(`/localization/${params.locale}/words`, wordsResponse),
  ]);
  // Menus and footer lists: a failure leaves them empty rather than failing the page (spec section 8).
  const [categories, styles, staticPages, socialLinks] = await Promise.allSettled([
    api.get('/categories', categoriesResponse),
    api.get('/styles', stylesResponse),
    api.get('/static-pages', staticPagesResponse),
    api.get('/social-links', socialLinksResponse),
  ]);
  return {
    locale: params.locale,
    origin: url.origin,
    settings: settings.payload,
    languages,
    currencies: currencies.payload,
    categories: categories.status === 'fulfilled' ? categories.value.data : [],
    styles: styles.status === 'fulfilled' ? styles.value.data : [],
    staticPages: staticPages.status === 'fulfilled' ? staticPages.value.payload : [],
    socialLinks: socialLinks.status === 'fulfilled' ? socialLinks.value.payload : [],
    messages: messagesFor(params.locale, words.payload),
  };
}

/** Site data changes with the language, not with every page or filter. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentParams,
  nextParams,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (currentParams.locale !== nextParams.locale) return true;
  return formMethod !== undefined && formMethod !== 'GET' ? defaultShouldRevalidate : false;
};

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location.pathname, {});

export default function LocaleLayout({ loaderData }: Route.ComponentProps) {
  const { locale, messages } = loaderData;
  const translator = useMemo(() => createTranslator(locale, messages), [locale, messages]);
  return (
    <TranslationProvider translator={translator}>
      <Outlet />
    </TranslationProvider>
  );
}

/** The API could not be reached or failed: a page that says so, in English as no texts could load. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-6 text-center">
      <p className="font-semibold text-brand-700">{status}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="mt-4 text-slate-600">An unexpected error occurred. Please try again.</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-8 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
      >
        Try again
      </button>
    </main>
  );
}
