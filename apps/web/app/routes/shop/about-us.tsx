import { getStaticPage } from '../../features/site/api';
import { StaticPageBody } from '../../features/site/components/static-page-body';
import { serverApi } from '../../lib/api.server';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/about-us';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { payload } = await getStaticPage(serverApi(request, context, params.locale), 'about-us');
  return { page: payload };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, { titleKey: 'footer.aboutUs' });

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  return <StaticPageBody page={loaderData.page} />;
}
