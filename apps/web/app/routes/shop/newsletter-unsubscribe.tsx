import { data } from 'react-router';
import { unsubscribeFromNewsletter } from '../../features/site/api';
import { NewsletterOutcomeCard, newsletterOutcome } from '../../features/site/components/newsletter-outcome';
import { serverApi } from '../../lib/api.server';
import { useTranslation } from '../../lib/i18n';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/newsletter-unsubscribe';

/** The unsubscribe link of every newsletter mail: one click, no sign-in. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(request, context, params.locale);
  const outcome = await newsletterOutcome(() =>
    unsubscribeFromNewsletter(api, new URL(request.url).searchParams),
  );
  return data(
    { outcome },
    { status: outcome.kind === 'done' ? 200 : outcome.kind === 'invalid' ? 422 : 503 },
  );
}

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'newsletter.unsubscribeTitle' }),
  { name: 'robots', content: 'noindex' },
];

export default function NewsletterUnsubscribe({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return <NewsletterOutcomeCard title={t('newsletter.unsubscribeTitle')} outcome={loaderData.outcome} />;
}
