import { sitemapProductsResponse } from '@promptmarket/contracts/catalogue';
import { sitemapIndex, xmlResponse } from '../features/site/sitemap';
import { serverApi, siteOrigin } from '../lib/api.server';
import type { Route } from './+types/sitemap-index';

/** /sitemap.xml: the pages sitemap and one products sitemap per 5,000 products. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(context);
  const { meta } = await serverApi(request, context, 'en').get(
    '/sitemap/products?page=1',
    sitemapProductsResponse,
  );
  const files = [`${origin}/sitemap-pages.xml`];
  for (let page = 1; page <= meta.last_page; page += 1) files.push(`${origin}/sitemaps/products/${page}`);
  return xmlResponse(sitemapIndex(files));
}
