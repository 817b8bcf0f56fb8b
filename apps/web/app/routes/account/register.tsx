import { zodResolver } from '@hookform/resolvers/zod';
import { registerRequest } from '@promptmarket/contracts/accounts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { redirect, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AuthCard } from '../../components/layout/auth-card';
import {
  CheckboxField,
  FormAlert,
  PasswordField,
  SubmitButton,
  TextField,
} from '../../components/ui/form-fields';
import { Link } from '../../components/ui/link';
import { registerAccount } from '../../features/accounts/api';
import { getSettings } from '../../features/site/api';
import { logFailure, serverApi } from '../../lib/api.server';
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
import type { Route } from './+types/register';

export const handle = { authScreen: true };

/**
 * Guests only; home when registration is switched off. A failed settings call lets the page
 * show (spec section 8): the API still refuses a registration that is switched off.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireGuest(args);
  const settings = await getSettings(serverApi(args.request, args.context, args.params.locale)).catch(
    (error: unknown) => {
      logFailure(args.context, 'The settings could not be loaded', error);
      return null;
    },
  );
  if (settings && !settings.payload.is_reg_enabled) throw redirect(paths.home(args.params.locale));
  return null;
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, { titleKey: 'register.title', descriptionKey: 'register.subtitle' });

type RegisterForm = z.input<typeof registerRequest>;
const fields = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'password',
  'password_confirmation',
  'terms',
] as const;

export default function Register() {
  const { t } = useTranslation();
  const { locale } = useSite();
  const api = useApi();
  const navigate = useNavigate();
  // Where to go once registered (spec section 2: the dashboard unless asked), only ever a page
  // of this site; the login link keeps it for someone who has an account after all.
  const redirectTo = safeRedirect(useSearchParams()[0].get('redirect'), '');
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<RegisterForm>({
    resolver: zodResolver(registerRequest),
    defaultValues: { terms: false },
  });
  const error = (name: (typeof fields)[number]) => fieldError(formState.errors[name]?.message, t);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      // A fresh handshake before signing up (spec section 7).
      await fetchCsrfCookie();
      await registerAccount(api, values);
      navigate(redirectTo || paths.dashboard(locale), { replace: true });
    } catch (caught) {
      const { message, status } = applyServerErrors(caught, setError, fields);
      if (!(caught instanceof ApiError)) setFailure(t('register.unexpected'));
      else if (status === 429) setFailure(tooManyAttemptsText(caught, t));
      else if (message !== null) setFailure(t('register.failed'));
    }
  });

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
        {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('register.firstName')}
            autoComplete="given-name"
            error={error('first_name')}
            {...register('first_name')}
          />
          <TextField
            label={t('register.lastName')}
            autoComplete="family-name"
            error={error('last_name')}
            {...register('last_name')}
          />
        </div>
        <TextField
          label={t('register.email')}
          type="email"
          autoComplete="email"
          error={error('email')}
          {...register('email')}
        />
        <TextField
          label={t('register.phone')}
          optionalLabel={t('form.optional')}
          hint={t('register.phoneHint')}
          type="tel"
          autoComplete="tel"
          error={error('phone')}
          {...register('phone')}
        />
        <PasswordField
          label={t('register.password')}
          hint={t('register.passwordHint')}
          autoComplete="new-password"
          error={error('password')}
          {...register('password')}
        />
        <PasswordField
          label={t('register.passwordConfirmation')}
          autoComplete="new-password"
          error={error('password_confirmation')}
          {...register('password_confirmation')}
        />
        <CheckboxField label={t('register.terms')} error={error('terms')} {...register('terms')} />
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('register.submitting')} className="w-full">
          {t('register.submit')}
        </SubmitButton>
        <p className="text-center text-sm text-slate-600">
          {t('register.haveAccount')}{' '}
          <Link to={paths.login(locale, redirectTo)} className="font-semibold text-brand-700 hover:underline">
            {t('register.loginLink')}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
