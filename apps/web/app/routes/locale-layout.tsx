import { DEFAULT_LOCALE } from '@promptmarket/contracts/locale';
import { useMemo } from 'react';
import { isRouteErrorResponse, Outlet, redirect, type ShouldRevalidateFunction } from 'react-router';
import { getCategories, getStyles } from '../features/catalogue/api';
import {
  getCurrencies,
  getLanguages,
  getSettings,
  getSocialLinks,
  getStaticPages,
  getWords,
} from '../features/site/api';
import { isDataRequest, logFailure, logFailures, serverApi, siteOrigin } from '../lib/api.server';
import { createTranslator, TranslationProvider } from '../lib/i18n';
import { localeRedirectTarget, preferredLocale } from '../lib/locale-routing';
import { builtInLocales, packedMessagesFor, textsScriptFor } from '../lib/messages.server';
import { pageMeta } from '../lib/seo';
import { messagesOf, type SiteData } from '../lib/site-data';
import { DEFAULT_CURRENCIES, DEFAULT_SETTINGS } from '../lib/site-defaults';
import type { Route } from './+types/locale-layout';

export async function loader({ request, params, context }: Route.LoaderArgs): Promise<SiteData> {
  const url = new URL(request.url);
  // A failed language list is only logged (spec section 8); the built-in languages stand in
  // to decide whether the path's language exists.
  let languages: SiteData['languages'] = [];
  try {
    languages = (await getLanguages(serverApi(request, context, DEFAULT_LOCALE))).payload;
  } catch (error) {
    logFailure(context, 'The language list could not be loaded', error);
  }
  const codes = languages.length > 0 ? languages.map((language) => language.code) : [...builtInLocales];
  if (!codes.includes(params.locale)) {
    const current = preferredLocale(request.headers.get('cookie'), codes);
    throw redirect(localeRedirectTarget(url.pathname, url.search, codes, current));
  }
  const api = serverApi(request, context, params.locale);
  // Texts, settings and currencies fall back to the built-in ones, and menus and footer lists
  // stay empty, rather than failing the page (spec section 8).
  const [settings, currencies, words, categories, styles, staticPages, socialLinks] =
    await Promise.allSettled([
      getSettings(api),
      getCurrencies(api),
      getWords(api, params.locale),
      getCategories(api),
      getStyles(api),
      getStaticPages(api),
      getSocialLinks(api),
    ]);
  // Each failure is only logged (spec section 8): the footer shows no social links, a language
  // whose texts failed (a language change) shows the built-in ones.
  logFailures(context, {
    'The settings': settings,
    'The currencies': currencies,
    [`The texts of ${params.locale}`]: words,
    'The categories': categories,
    'The styles': styles,
    'The static pages': staticPages,
    'The social links': socialLinks,
  });
  const currencyList = currencies.status === 'fulfilled' ? currencies.value.payload : [];
  return {
    locale: params.locale,
    origin: siteOrigin(context),
    settings: settings.status === 'fulfilled' ? settings.value.payload : DEFAULT_SETTINGS,
    languages,
    currencies: currencyList.length > 0 ? currencyList : DEFAULT_CURRENCIES,
    categories: categories.status === 'fulfilled' ? categories.value.data : [],
    styles: styles.status === 'fulfilled' ? styles.value.data : [],
    staticPages: staticPages.status === 'fulfilled' ? staticPages.value.payload : [],
    socialLinks: socialLinks.status === 'fulfilled' ? socialLinks.value.payload : [],
    ...textsOf(request, context, params.locale, words.status === 'fulfilled' ? words.value.payload : {}),
  };
}

/**
 * The language's texts: a page names their script, which the browser runs before it starts the
 * page and then caches; loader data fetched later carries them as well, since the browser may not
 * have run that script (another language, texts changed since).
 */
function textsOf(
  request: Request,
  context: unknown,
  locale: string,
  overrides: Record<string, string>,
): Pick<SiteData, 'texts' | 'messagesJson'> {
  const { address } = textsScriptFor(locale, overrides);
  return isDataRequest(request, context)
    ? { texts: address, messagesJson: packedMessagesFor(locale, overrides) }
    : { texts: address };
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
  const translator = useMemo(() => createTranslator(loaderData.locale, messagesOf(loaderData)), [loaderData]);
  return (
    <TranslationProvider translator={translator}>
      <Outlet />
    </TranslationProvider>
  );
}

/** The API could not be reached or failed: a page that says so, in English as no texts could load. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const unavailable = status === 503;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-6 text-center">
      <p className="font-semibold text-brand-700">{status}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">
        {unavailable ? 'The shop is unavailable for a moment' : 'Something went wrong'}
      </h1>
      <p className="mt-4 text-slate-600">
        {unavailable
          ? 'Nothing was lost. Please try again in a few seconds.'
          : 'An unexpected error occurred. Please try again.'}
      </p>
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
