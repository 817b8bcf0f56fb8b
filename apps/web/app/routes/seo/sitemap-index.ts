import { getSitemapProducts } from '../../features/catalogue/api';
import { sitemapIndex, xmlResponse } from '../../features/site/sitemap';
import { serverApi, siteOrigin } from '../../lib/api.server';
import type { Route } from './+types/sitemap-index';

/** /sitemap.xml: the pages sitemap and one products sitemap per 5,000 products. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(context);
  const { meta } = await getSitemapProducts(serverApi(request, context, 'en'), 1);
  const files = [`${origin}/sitemap-pages.xml`];
  for (let page = 1; page <= meta.last_page; page += 1) files.push(`${origin}/sitemaps/products/${page}`);
  return xmlResponse(sitemapIndex(files));
}
