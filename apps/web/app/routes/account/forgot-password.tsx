import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordRequest } from '@promptmarket/contracts/accounts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AuthCard } from '../../components/layout/auth-card';
import { FormAlert, SubmitButton, TextField } from '../../components/ui/form-fields';
import { Link } from '../../components/ui/link';
import { requestPasswordReset } from '../../features/accounts/api';
import { applyServerErrors, fieldError } from '../../lib/form-errors';
import { requireGuest } from '../../lib/guards.server';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/forgot-password';

export const handle = { authScreen: true };

export async function loader(args: Route.LoaderArgs) {
  await requireGuest(args);
  return null;
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, {
    titleKey: 'forgotPassword.title',
    descriptionKey: 'forgotPassword.text',
  });

export default function ForgotPassword() {
  const { t } = useTranslation();
  const { locale } = useSite();
  const api = useApi();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<z.input<typeof forgotPasswordRequest>>({
    resolver: zodResolver(forgotPasswordRequest),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await requestPasswordReset(api, values);
      setSent(true);
    } catch (error) {
      const { message, textKey } = applyServerErrors(error, setError, ['email']);
      setFailure(textKey ? t(textKey) : (message ?? t('form.unexpected')));
    }
  });

  return (
    <AuthCard title={t('forgotPassword.title')} subtitle={sent ? undefined : t('forgotPassword.text')}>
      {sent ? (
        <FormAlert kind="success">{t('forgotPassword.sent')}</FormAlert>
      ) : (
        <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
          {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
          <TextField
            label={t('forgotPassword.email')}
            type="email"
            autoComplete="email"
            error={fieldError(formState.errors.email?.message, t)}
            {...register('email')}
          />
          <SubmitButton
            busy={formState.isSubmitting}
            busyLabel={t('forgotPassword.submitting')}
            className="w-full"
          >
            {t('forgotPassword.submit')}
          </SubmitButton>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.login(locale)} className="font-semibold text-brand-700 hover:underline">
          {t('forgotPassword.back')}
        </Link>
      </p>
    </AuthCard>
  );
}
