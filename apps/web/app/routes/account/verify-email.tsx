import { useState } from 'react';
import { redirect, useLocation } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card';
import { buttonStyles } from '../../components/ui/button-styles';
import { FormAlert } from '../../components/ui/form-fields';
import { resendVerification } from '../../features/accounts/api';
import { ApiError } from '../../lib/api-client';
import { requireUser } from '../../lib/guards.server';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/verify-email';

export const handle = { authScreen: true };

/** Login required; a verified user has nothing to do here. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args, { verified: false });
  if (user.is_email_verified) throw redirect(paths.dashboard(args.params.locale));
  return { email: user.email };
}

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'verifyEmail.title' }),
  { name: 'robots', content: 'noindex' },
];

type State = { kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; message: string };

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [state, setState] = useState<State>({ kind: 'idle' });
  // Set by the profile form after a change of address.
  const emailChanged = (useLocation().state as { emailChanged?: boolean } | null)?.emailChanged === true;

  async function resend() {
    setState({ kind: 'sending' });
    try {
      await resendVerification(api);
      setState({ kind: 'sent' });
    } catch (error) {
      const retryAfter = error instanceof ApiError && error.status === 429;
      setState({
        kind: 'failed',
        message: retryAfter ? t('form.tooManyAttempts', { seconds: 60 }) : t('verifyEmail.resendFailed'),
      });
    }
  }

  return (
    <AuthCard title={t('verifyEmail.title')}>
      <div className="space-y-5 text-sm text-slate-700">
        {emailChanged ? <FormAlert kind="success">{t('profile.emailChanged')}</FormAlert> : null}
        <p>{t('verifyEmail.text', { email: loaderData.email })}</p>
        <p>{t('verifyEmail.notReceived')}</p>
        {state.kind === 'sent' ? <FormAlert kind="success">{t('verifyEmail.resent')}</FormAlert> : null}
        {state.kind === 'failed' ? <FormAlert kind="error">{state.message}</FormAlert> : null}
        <button
          type="button"
          onClick={resend}
          disabled={state.kind === 'sending'}
          aria-busy={state.kind === 'sending'}
          className={`${buttonStyles.primary} w-full`}
        >
          {state.kind === 'sending' ? t('verifyEmail.resending') : t('verifyEmail.resend')}
        </button>
      </div>
    </AuthCard>
  );
}
