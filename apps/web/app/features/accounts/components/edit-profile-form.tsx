import { zodResolver } from '@hookform/resolvers/zod';
import { type Profile, profileUpdateRequest } from '@promptmarket/contracts/accounts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useRevalidator } from 'react-router';
import type { z } from 'zod';
import { FormAlert, PasswordField, SubmitButton, TextField } from '../../../components/ui/form-fields';
import { applyServerErrors, fieldError, formFailureText } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useSite } from '../../../lib/site-data';
import { useApi } from '../../../lib/use-api';
import { updateProfile } from '../api';
import { type FormNotice, ProfileSection } from './profile-section';

type EditForm = z.input<typeof profileUpdateRequest>;

/** The server asks for the current password when the address changes; so does the form. */
const emailDiffers = (entered: string | undefined, current: string) =>
  entered !== undefined && entered.trim().toLowerCase() !== current.trim().toLowerCase();

/**
 * The form remounts when the saved profile comes back (its key is the address and name), so its
 * notice is held by the page. A new address that must be verified leads to the verification page,
 * which repeats the notice: the dashboard is closed to an unverified address.
 */
export function EditProfileForm({
  user,
  notice,
  setNotice,
}: {
  user: Profile;
  notice: FormNotice;
  setNotice: (notice: FormNotice) => void;
}) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const api = useApi();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const schema = useMemo(
    () =>
      profileUpdateRequest.superRefine((value, context) => {
        if (emailDiffers(value.email, user.email) && !value.current_password) {
          context.addIssue({
            code: 'custom',
            path: ['current_password'],
            message: 'current_password.required',
          });
        }
      }),
    [user.email],
  );
  const { register, handleSubmit, setError, formState, watch } = useForm<EditForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      phone: user.phone ?? '',
      current_password: '',
    },
  });
  const error = (name: keyof EditForm) => fieldError(formState.errors[name]?.message, t);
  const changingEmail = emailDiffers(watch('email'), user.email);

  const onSubmit = handleSubmit(async ({ current_password, ...values }) => {
    setNotice(null);
    try {
      const { payload } = await updateProfile(api, {
        ...values,
        phone: values.phone || null,
        ...(emailDiffers(values.email, user.email) ? { current_password } : {}),
      });
      const emailChanged = payload.email !== user.email;
      if (emailChanged && !payload.is_email_verified && settings.is_email_verification_enabled) {
        await navigate(paths.verifyEmail(locale), { state: { emailChanged: true } });
        return;
      }
      setNotice({ kind: 'success', text: emailChanged ? t('profile.emailChanged') : t('profile.saved') });
      revalidator.revalidate();
    } catch (caught) {
      const { message, textKey } = applyServerErrors(caught, setError, [
        'first_name',
        'last_name',
        'email',
        'phone',
        'current_password',
      ]);
      const text = formFailureText(caught, { message, textKey }, t, 'form.unexpected');
      if (text) setNotice({ kind: 'error', text });
    }
  });

  return (
    <ProfileSection id="edit-profile" title={t('profile.edit')}>
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
        {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('profile.firstName')}
            autoComplete="given-name"
            error={error('first_name')}
            {...register('first_name')}
          />
          <TextField
            label={t('profile.lastName')}
            autoComplete="family-name"
            error={error('last_name')}
            {...register('last_name')}
          />
          <TextField
            label={t('profile.email')}
            type="email"
            autoComplete="email"
            error={error('email')}
            {...register('email')}
          />
          <TextField
            label={t('profile.phone')}
            type="tel"
            autoComplete="tel"
            optionalLabel={t('form.optional')}
            hint={t('profile.phoneHint')}
            error={error('phone')}
            {...register('phone')}
          />
        </div>
        {changingEmail ? (
          <PasswordField
            label={t('profile.emailPassword')}
            autoComplete="current-password"
            hint={t('profile.emailPasswordHint')}
            required
            error={error('current_password')}
            {...register('current_password')}
          />
        ) : null}
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('profile.saving')}>
          {t('profile.save')}
        </SubmitButton>
      </form>
    </ProfileSection>
  );
}
