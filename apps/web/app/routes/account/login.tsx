import { zodResolver } from '@hookform/resolvers/zod';
import { emailField } from '@promptmarket/contracts/accounts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { AuthCard } from '../../components/layout/auth-card';
import { FormAlert, PasswordField, SubmitButton, TextField } from '../../components/ui/form-fields';
import { Link } from '../../components/ui/link';
import { logIn } from '../../features/accounts/api';
import { fetchCsrfCookie } from '../../lib/api-browser';
import { ApiError, tooManyAttemptsText } from '../../lib/api-client';
import { applyServerErrors, fieldError } from '../../lib/form-errors';
import { requireGuest } from '../../lib/guards.server';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { safeRedirect } from '../../lib/safe-redirect';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/login';

export const handle = { authScreen: true };

export async function loader(args: Route.LoaderArgs) {
  await requireGuest(args);
  return null;
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, { titleKey: 'login.title' });

const loginForm = z.object({
  email: emailField,
  password: z.string().min(1, 'password.required'),
  code: z.string().optional(),
});
type LoginForm = z.infer<typeof loginForm>;

export default function Login() {
  const { t } = useTranslation();
  const { locale } = useSite();
  const api = useApi();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  // Registering instead leads to the same page afterwards.
  const back = safeRedirect(searchParams.get('redirect'), '');
  const registerPath = `${paths.register(locale)}${back ? `?${new URLSearchParams({ redirect: back })}` : ''}`;
  // With two-factor sign-in on, the API asks for the app's code after a right password.
  const [codeAsked, setCodeAsked] = useState<string | null>(null);
  /** The code field takes a recovery code rather than a code from the app. */
  const [recoveryCode, setRecoveryCode] = useState(false);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<LoginForm>({
    resolver: zodResolver(loginForm),
  });
  useEffect(() => {
    if (codeAsked) setFocus('code');
  }, [codeAsked, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      // A fresh handshake before signing in (spec section 7).
      await fetchCsrfCookie();
      await logIn(api, codeAsked ? values : { ...values, code: undefined });
      navigate(safeRedirect(searchParams.get('redirect'), paths.dashboard(locale)), { replace: true });
    } catch (error) {
      const question = error instanceof ApiError ? error.errors?.code?.[0] : undefined;
      if (question && !codeAsked) {
        setCodeAsked(question);
        return;
      }
      // A wrong e-mail or password comes as the e-mail's error (credentials.invalid): it is said once,
      // above the form, and the e-mail typed (valid as far as the form can tell) is not marked wrong.
      const credentials = error instanceof ApiError ? error.errors?.email?.[0] : undefined;
      applyServerErrors(error, setError, ['password', 'code']);
      // Too many attempts (the sign-in's or the handshake's) says how long to wait.
      setFailure(tooManyAttemptsText(error, t) ?? credentials ?? t('login.failed'));
    }
  });

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
        {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="email"
          error={fieldError(formState.errors.email?.message, t)}
          {...register('email')}
        />
        <PasswordField
          label={t('login.password')}
          autoComplete="current-password"
          error={fieldError(formState.errors.password?.message, t)}
          {...register('password')}
        />
        {codeAsked ? (
          <>
            <FormAlert kind="info">{codeAsked}</FormAlert>
            <TextField
              label={recoveryCode ? t('login.recoveryCode') : t('login.code')}
              inputMode={recoveryCode ? 'text' : 'numeric'}
              autoComplete={recoveryCode ? 'off' : 'one-time-code'}
              autoCapitalize="none"
              maxLength={recoveryCode ? 16 : 7}
              error={fieldError(formState.errors.code?.message, t)}
              {...register('code')}
            />
            <button
              type="button"
              className="text-sm font-medium text-brand-700 hover:underline"
              onClick={() => setRecoveryCode((using) => !using)}
            >
              {recoveryCode ? t('login.useAppCode') : t('login.useRecoveryCode')}
            </button>
          </>
        ) : null}
        <div className="flex justify-end text-sm">
          <Link to={paths.forgotPassword(locale)} className="font-medium text-brand-700 hover:underline">
            {t('login.forgot')}
          </Link>
        </div>
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('login.submitting')} className="w-full">
          {t('login.submit')}
        </SubmitButton>
        <p className="text-center text-sm text-slate-600">
          {t('login.noAccount')}{' '}
          <Link to={registerPath} className="font-semibold text-brand-700 hover:underline">
            {t('login.registerLink')}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
