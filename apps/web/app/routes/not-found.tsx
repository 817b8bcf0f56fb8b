import { data } from 'react-router';
import { StatusPage } from '../components/layout/status-page';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'notFound.title', descriptionKey: 'notFound.text' }),
  { name: 'robots', content: 'noindex' },
];

export default function NotFound() {
  return <StatusPage status={404} namespace="notFound" />;
}
