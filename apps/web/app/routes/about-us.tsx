import { staticPageResponse } from '@promptmarket/contracts/content';
import { StaticPageBody } from '../features/site/components/static-page-body';
import { serverApi } from '../lib/api.server';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/about-us';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { payload } = await serverApi(request, context, params.locale).get(
    '/static-pages/about-us',
    staticPageResponse,
  );
  return { page: payload };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, { titleKey: 'footer.aboutUs' });

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  return <StaticPageBody page={loaderData.page} />;
}
