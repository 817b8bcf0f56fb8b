import { data } from 'react-router';
import { StatusPage } from '../components/layout/status-page';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/forbidden';

export function loader() {
  return data(null, { status: 403 });
}

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'forbidden.title', descriptionKey: 'forbidden.text' }),
  { name: 'robots', content: 'noindex' },
];

export default function Forbidden() {
  return <StatusPage status={403} namespace="forbidden" />;
}
