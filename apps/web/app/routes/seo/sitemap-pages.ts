import { getCategories } from '../../features/catalogue/api';
import { getLanguages, getStaticPages } from '../../features/site/api';
import { urlEntry, urlSet, xmlResponse } from '../../features/site/sitemap';
import { serverApi, siteOrigin } from '../../lib/api.server';
import type { Route } from './+types/sitemap-pages';

/** Home, product list, category lists, about, contact and static pages, in every language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(context);
  const api = serverApi(request, context, 'en');
  const [languages, categories, pages] = await Promise.all([
    getLanguages(api),
    getCategories(api),
    getStaticPages(api),
  ]);
  const locales = languages.payload.map((language) => language.code);
  const paths = [
    '',
    '/products',
    '/about-us',
    '/contact-us',
    ...categories.data
      .flatMap((category) => [category, ...category.subcategories])
      .map((category) => `/products?${category.query}`),
    ...pages.payload.filter((page) => page.slug !== 'about-us').map((page) => `/page/${page.slug}`),
  ];
  return xmlResponse(
    urlSet(paths.flatMap((path) => locales.map((locale) => urlEntry(origin, path, locales, locale)))),
  );
}
