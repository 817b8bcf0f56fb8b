import { data } from 'react-router';
import { getSitemapProducts } from '../../features/catalogue/api';
import { getLanguages } from '../../features/site/api';
import { urlEntry, urlSet, xmlResponse } from '../../features/site/sitemap';
import { serverApi, siteOrigin } from '../../lib/api.server';
import { paths } from '../../lib/paths';
import type { Route } from './+types/sitemap-products';

/** /sitemaps/products/<n>: up to 5,000 products, each in every language. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = Number(params.page);
  if (!Number.isSafeInteger(page) || page < 1) throw data(null, { status: 404 });
  const origin = siteOrigin(context);
  const api = serverApi(request, context, 'en');
  const [languages, products] = await Promise.all([getLanguages(api), getSitemapProducts(api, page)]);
  if (page > products.meta.last_page) throw data(null, { status: 404 });
  const locales = languages.payload.map((language) => language.code);
  const entries = products.data.flatMap((product) =>
    locales.map((locale) =>
      urlEntry(
        origin,
        (code) => paths.product(code, product.slug),
        locales,
        locale,
        product.updated_at.slice(0, 10),
      ),
    ),
  );
  return xmlResponse(urlSet(entries));
}
