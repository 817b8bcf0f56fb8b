import { ResultCard } from '../../components/layout/result-card';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/verify-email-success';

export const handle = { authScreen: true };

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, {
    titleKey: 'verifySuccess.title',
    descriptionKey: 'verifySuccess.text',
  });

export default function VerifyEmailSuccess() {
  return <ResultCard namespace="verifySuccess" />;
}
