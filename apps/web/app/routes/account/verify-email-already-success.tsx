import { ResultCard } from '../../components/layout/result-card';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/verify-email-already-success';

export const handle = { authScreen: true };

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, {
    titleKey: 'verifyAlready.title',
    descriptionKey: 'verifyAlready.text',
  });

export default function VerifyEmailAlreadySuccess() {
  return <ResultCard namespace="verifyAlready" />;
}
