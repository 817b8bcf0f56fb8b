import { data, redirect } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card';
import { buttonStyles } from '../../components/ui/button-styles';
import { FormAlert } from '../../components/ui/form-fields';
import { Link } from '../../components/ui/link';
import { verifyEmail } from '../../features/accounts/api';
import { serverApi } from '../../lib/api.server';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useCurrentUser } from '../../lib/session-data';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/verify-email-link';

export const handle = { authScreen: true };

/** The link from the verification mail: checks it with the API and shows the outcome. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = serverApi(request, context, params.locale);
  try {
    const { payload } = await verifyEmail(api, params.id, params.hash, url.searchParams);
    const target = payload.result === 'verified' ? 'success' : 'already-success';
    throw redirect(`${paths.verifyEmail(params.locale)}/${target}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return data({ invalid: true }, { status: 422 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'verifyEmail.title' }),
  { name: 'robots', content: 'noindex' },
];

export default function VerifyEmailLink() {
  const { t } = useTranslation();
  const { locale } = useSite();
  const user = useCurrentUser();
  return (
    <AuthCard title={t('verifyEmail.title')}>
      <FormAlert kind="error">{t('verifyEmail.invalid')}</FormAlert>
      <Link
        to={user ? paths.verifyEmail(locale) : paths.login(locale)}
        className={`${buttonStyles.primary} mt-6 w-full`}
      >
        {user ? t('verifyEmail.resend') : t('login.submit')}
      </Link>
    </AuthCard>
  );
}
