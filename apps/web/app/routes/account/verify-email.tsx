import { zodResolver } from '@hookform/resolvers/zod';
import { accountEndpoints, profileUpdateRequest } from '@promptmarket/contracts/accounts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { redirect, useLocation, useNavigate, useRevalidator } from 'react-router';
import { z } from 'zod';
import { AuthCard } from '../../components/layout/auth-card';
import { buttonStyles } from '../../components/ui/button-styles';
import { FormAlert, PasswordField, SubmitButton, TextField } from '../../components/ui/form-fields';
import { resendVerification, updateProfile } from '../../features/accounts/api';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors, fieldError, formFailureText } from '../../lib/form-errors';
import { requireUser } from '../../lib/guards.server';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
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

/** A mistyped address is mended here: the dashboard, where the profile lives, waits for a verified one. */
const changeAddressForm = z.object({
  email: profileUpdateRequest.shape.email.unwrap(),
  current_password: z.string().min(1, 'current_password.required'),
});
type ChangeAddress = z.input<typeof changeAddressForm>;

function ChangeAddress({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, reset } = useForm<ChangeAddress>({
    resolver: zodResolver(changeAddressForm),
    defaultValues: { email: '', current_password: '' },
  });
  const error = (name: keyof ChangeAddress) => fieldError(formState.errors[name]?.message, t);
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await updateProfile(api, values);
      reset();
      onChanged();
    } catch (caught) {
      const applied = applyServerErrors(caught, setError, ['email', 'current_password']);
      setFailure(formFailureText(caught, applied, t, 'form.unexpected'));
    }
  });
  return (
    <details className="rounded-lg border border-slate-200 px-4 py-3">
      <summary className="cursor-pointer font-medium text-slate-900">{t('verifyEmail.change')}</summary>
      <form method="post" onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
        <TextField
          label={t('verifyEmail.newEmail')}
          type="email"
          autoComplete="email"
          error={error('email')}
          {...register('email')}
        />
        <PasswordField
          label={t('profile.emailPassword')}
          autoComplete="current-password"
          error={error('current_password')}
          {...register('current_password')}
        />
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('profile.saving')}>
          {t('verifyEmail.changeButton')}
        </SubmitButton>
      </form>
    </details>
  );
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const api = useApi();
  const { locale } = useSite();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [state, setState] = useState<State>({ kind: 'idle' });
  // Set by the profile form after a change of address, or by the form below.
  const [changedHere, setChangedHere] = useState(false);
  const location = useLocation();
  const emailChanged =
    changedHere || (location.state as { emailChanged?: boolean } | null)?.emailChanged === true;
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    try {
      await api.call(accountEndpoints.logout);
    } finally {
      setSigningOut(false);
      await navigate(paths.home(locale));
    }
  }

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
      <div className="space-y-5 break-words text-sm text-slate-700">
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
        <ChangeAddress
          onChanged={() => {
            setChangedHere(true);
            revalidator.revalidate();
          }}
        />
        <button
          type="button"
          onClick={signOut}
          disabled={signingOut}
          aria-busy={signingOut}
          className={`${buttonStyles.secondary} w-full`}
        >
          {t('account.signOut')}
        </button>
      </div>
    </AuthCard>
  );
}
