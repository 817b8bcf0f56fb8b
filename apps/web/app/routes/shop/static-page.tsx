import { data } from 'react-router';
import { getStaticPage } from '../../features/site/api';
import { StaticPageBody } from '../../features/site/components/static-page-body';
import { serverApi } from '../../lib/api.server';
import { ApiError } from '../../lib/api-client';
import { messageAt, pageMeta, siteDataOf } from '../../lib/seo';
import { messagesOf } from '../../lib/site-data';
import type { Route } from './+types/static-page';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!/^[a-z0-9-]{1,80}$/.test(params.id)) throw data(null, { status: 404 });
  try {
    const { payload } = await getStaticPage(serverApi(request, context, params.locale), params.id);
    return { page: payload };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const site = siteDataOf(matches);
  const base = pageMeta(matches, location.pathname, {});
  if (!site || !loaderData) return base;
  const title = `${loaderData.page.title} | ${messageAt(messagesOf(site), 'brand.name')}`;
  const description = loaderData.page.body
    .replace(/^## .*$/gm, '')
    .trim()
    .slice(0, 155);
  return base.map((tag) => {
    if ('title' in tag) return { title };
    if ('name' in tag && tag.name === 'description') return { name: 'description', content: description };
    if ('property' in tag && tag.property === 'og:title') return { property: 'og:title', content: title };
    if ('property' in tag && tag.property === 'og:description')
      return { property: 'og:description', content: description };
    return tag;
  });
};

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  return <StaticPageBody page={loaderData.page} />;
}
