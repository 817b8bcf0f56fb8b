import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordRequest } from '@promptmarket/contracts/accounts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AuthCard } from '../../components/layout/auth-card';
import { buttonStyles } from '../../components/ui/button-styles';
import { FormAlert, PasswordField, SubmitButton, TextField } from '../../components/ui/form-fields';
import { Link } from '../../components/ui/link';
import { resetPassword } from '../../features/accounts/api';
import { applyServerErrors, fieldError, formFailureText } from '../../lib/form-errors';
import { requireGuest } from '../../lib/guards.server';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/reset-password';

export const handle = { authScreen: true };

export async function loader(args: Route.LoaderArgs) {
  await requireGuest(args);
  return null;
}

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'resetPassword.title' }),
  { name: 'robots', content: 'noindex' },
];

type ResetForm = z.input<typeof resetPasswordRequest>;

export default function ResetPassword() {
  const { t } = useTranslation();
  const { locale } = useSite();
  const api = useApi();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<ResetForm>({
    resolver: zodResolver(resetPasswordRequest),
    defaultValues: { token, email: searchParams.get('email') ?? '' },
  });
  const error = (name: keyof ResetForm) => fieldError(formState.errors[name]?.message, t);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await resetPassword(api, values);
      setDone(true);
    } catch (caught) {
      const { message, textKey } = applyServerErrors(caught, setError, [
        'email',
        'password',
        'password_confirmation',
      ]);
      setFailure(formFailureText(caught, { message, textKey }, t, 'form.unexpected'));
    }
  });

  if (!token) {
    return (
      <AuthCard title={t('resetPassword.title')}>
        <FormAlert kind="error">{t('resetPassword.missingToken')}</FormAlert>
        <Link to={paths.forgotPassword(locale)} className={`${buttonStyles.primary} mt-6 w-full`}>
          {t('resetPassword.requestNew')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('resetPassword.title')}>
      {done ? (
        <div className="space-y-6">
          <FormAlert kind="success">{t('resetPassword.done')}</FormAlert>
          <Link to={paths.login(locale)} className={`${buttonStyles.primary} w-full`}>
            {t('resetPassword.login')}
          </Link>
        </div>
      ) : (
        <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
          {failure ? (
            <FormAlert kind="error">
              {failure}{' '}
              <Link to={paths.forgotPassword(locale)} className="font-semibold underline">
                {t('resetPassword.requestNew')}
              </Link>
            </FormAlert>
          ) : null}
          <input type="hidden" {...register('token')} />
          <TextField
            label={t('resetPassword.email')}
            type="email"
            autoComplete="email"
            error={error('email')}
            {...register('email')}
          />
          <PasswordField
            label={t('resetPassword.password')}
            autoComplete="new-password"
            hint={t('register.passwordHint')}
            error={error('password')}
            {...register('password')}
          />
          <PasswordField
            label={t('resetPassword.passwordConfirmation')}
            autoComplete="new-password"
            error={error('password_confirmation')}
            {...register('password_confirmation')}
          />
          <SubmitButton
            busy={formState.isSubmitting}
            busyLabel={t('resetPassword.submitting')}
            className="w-full"
          >
            {t('resetPassword.submit')}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
