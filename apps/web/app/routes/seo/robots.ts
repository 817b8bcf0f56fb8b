import { siteOrigin } from '../../lib/api.server';
import type { Route } from './+types/robots';

/** robots.txt, pointing crawlers at the sitemap at the shop's configured address. */
export function loader({ context }: Route.LoaderArgs) {
  const origin = siteOrigin(context);
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /*/dashboard',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
