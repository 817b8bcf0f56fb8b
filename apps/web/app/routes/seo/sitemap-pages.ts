import { getCategories } from '../../features/catalogue/api';
import { getLanguages, getStaticPages } from '../../features/site/api';
import { urlEntry, urlSet, xmlResponse } from '../../features/site/sitemap';
import { serverApi, siteOrigin } from '../../lib/api.server';
import { paths } from '../../lib/paths';
import type { Route } from './+types/sitemap-pages';

/** Home, product list, category lists, about, contact and static pages, in every language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(context);
  const api = serverApi(request, context, 'en');
  const [languages, categories, staticPages] = await Promise.all([
    getLanguages(api),
    getCategories(api),
    getStaticPages(api),
  ]);
  const locales = languages.payload.map((language) => language.code);
  const pages: ((locale: string) => string)[] = [
    paths.home,
    (locale) => paths.products({ locale }),
    paths.aboutUs,
    paths.contactUs,
    ...categories.data
      .flatMap((category) => [category, ...category.subcategories])
      .map((category) => (locale: string) => paths.products({ locale, query: category.query })),
    ...staticPages.payload
      .filter((page) => page.slug !== 'about-us')
      .map((page) => (locale: string) => paths.staticPage(locale, page.slug)),
  ];
  return xmlResponse(
    urlSet(pages.flatMap((pathIn) => locales.map((locale) => urlEntry(origin, pathIn, locales, locale)))),
  );
}
