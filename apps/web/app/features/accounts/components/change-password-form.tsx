import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordRequest } from '@promptmarket/contracts/accounts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert, PasswordField, SubmitButton } from '../../../components/ui/form-fields';
import { applyServerErrors, fieldError } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/i18n';
import { useApi } from '../../../lib/use-api';
import { changePassword } from '../api';
import { type FormNotice, ProfileSection } from './profile-section';

type PasswordForm = z.input<typeof changePasswordRequest>;

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const api = useApi();
  const [notice, setNotice] = useState<FormNotice>(null);
  const { register, handleSubmit, setError, formState, reset } = useForm<PasswordForm>({
    resolver: zodResolver(changePasswordRequest),
  });
  const error = (name: keyof PasswordForm) => fieldError(formState.errors[name]?.message, t);

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      await changePassword(api, values);
      reset({ current_password: '', password: '', password_confirmation: '' });
      setNotice({ kind: 'success', text: t('profile.passwordChanged') });
    } catch (caught) {
      applyServerErrors(caught, setError, ['current_password', 'password', 'password_confirmation']);
      setNotice({ kind: 'error', text: t('profile.passwordFailed') });
    }
  });

  return (
    <ProfileSection id="change-password" title={t('profile.passwordTitle')}>
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
        {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
        <PasswordField
          label={t('profile.currentPassword')}
          autoComplete="current-password"
          error={error('current_password')}
          {...register('current_password')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <PasswordField
            label={t('profile.newPassword')}
            autoComplete="new-password"
            hint={t('register.passwordHint')}
            error={error('password')}
            {...register('password')}
          />
          <PasswordField
            label={t('profile.confirmPassword')}
            autoComplete="new-password"
            error={error('password_confirmation')}
            {...register('password_confirmation')}
          />
        </div>
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('profile.changingPassword')}>
          {t('profile.changePassword')}
        </SubmitButton>
      </form>
    </ProfileSection>
  );
}
