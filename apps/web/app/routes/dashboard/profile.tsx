import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AccountDeletionRefusal,
  accountDeletionRefusal,
  changePasswordRequest,
  deleteAccountRequest,
  type Profile,
  profileUpdateRequest,
} from '@promptmarket/contracts/accounts';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useRevalidator, useRouteLoaderData } from 'react-router';
import { z } from 'zod';
import {
  CheckboxField,
  FormAlert,
  PasswordField,
  SubmitButton,
  TextField,
} from '../../components/ui/form-fields';
import { changePassword, deleteAccount, updateProfile } from '../../features/accounts/api';
import { DeletionBlockers } from '../../features/accounts/deletion-blockers';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors, fieldError, formFailureText } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/profile';
import type { loader as dashboardLoader } from './layout';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'profile.title' }),
  { name: 'robots', content: 'noindex' },
];

type Notice = { kind: 'success' | 'error'; text: string } | null;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-28 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function ProfileInfo({ user }: { user: Profile }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('profile.firstName'), user.first_name],
    [t('profile.lastName'), user.last_name],
    [t('profile.email'), user.email],
    [t('profile.phone'), user.phone ?? t('profile.notSet')],
  ];
  return (
    <Section id="profile-info" title={t('profile.info')}>
      <dl className="grid gap-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-500">{label}</dt>
            <dd className="mt-0.5 break-all font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

type EditForm = z.input<typeof profileUpdateRequest>;

/** The server asks for the current password when the address changes; so does the form. */
const emailDiffers = (entered: string | undefined, current: string) =>
  entered !== undefined && entered.trim().toLowerCase() !== current.trim().toLowerCase();

/**
 * The form remounts when the saved profile comes back (its key is the address and name), so its
 * notice is held by the page. A new address that must be verified leads to the verification page,
 * which repeats the notice: the dashboard is closed to an unverified address.
 */
function EditProfile({
  user,
  notice,
  setNotice,
}: {
  user: Profile;
  notice: Notice;
  setNotice: (notice: Notice) => void;
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
  const error = (name: keyof EditForm) => fieldError(formState.errors[name]?.message, locale);
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
    <Section id="edit-profile" title={t('profile.edit')}>
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
    </Section>
  );
}

type PasswordForm = z.input<typeof changePasswordRequest>;

function ChangePassword() {
  const { t } = useTranslation();
  const { locale } = useSite();
  const api = useApi();
  const [notice, setNotice] = useState<Notice>(null);
  const { register, handleSubmit, setError, formState, reset } = useForm<PasswordForm>({
    resolver: zodResolver(changePasswordRequest),
  });
  const error = (name: keyof PasswordForm) => fieldError(formState.errors[name]?.message, locale);

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
    <Section id="change-password" title={t('profile.passwordTitle')}>
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
    </Section>
  );
}

/**
 * The password, plus a tick that the user means it (the button stays off without it). A balance
 * left in the wallet is shown first, and the account is deleted only with a second tick that gives
 * it up; payouts not paid yet and deposits still processing are listed from the API's refusal.
 */
const deleteForm = deleteAccountRequest.extend({ confirm: z.boolean(), forfeit: z.boolean() });
type DeleteForm = z.input<typeof deleteForm>;

function DeleteAccount({ user }: { user: Profile }) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const api = useApi();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const [balance, setBalance] = useState(user.balance > 0 ? user.balance : 0);
  const [blockers, setBlockers] = useState<Pick<AccountDeletionRefusal, 'payouts' | 'deposits'>>({});
  const { register, handleSubmit, setError, formState, watch } = useForm<DeleteForm>({
    resolver: zodResolver(deleteForm),
    defaultValues: { password: '', confirm: false, forfeit: false },
  });
  const confirmed = watch('confirm');
  const forfeit = watch('forfeit');
  const amount = formatInternal(centsFromDecimal(balance), locale, settings.internal_currency_name);

  const onSubmit = handleSubmit(async ({ password, forfeit: givenUp }) => {
    setNotice(null);
    try {
      await deleteAccount(api, { password, ...(balance > 0 ? { confirm_forfeit_balance: givenUp } : {}) });
      navigate(paths.home(locale), { replace: true });
    } catch (caught) {
      if (
        caught instanceof ApiError &&
        (caught.code === 'ACCOUNT_HAS_BALANCE' ||
          caught.code === 'ACCOUNT_HAS_UNPAID_PAYOUT' ||
          caught.code === 'ACCOUNT_HAS_PENDING_DEPOSIT')
      ) {
        const refusal = accountDeletionRefusal.safeParse(caught.body);
        if (refusal.success) {
          if (refusal.data.balance !== undefined) setBalance(refusal.data.balance);
          setBlockers({ payouts: refusal.data.payouts, deposits: refusal.data.deposits });
        }
        setNotice(caught.message);
        return;
      }
      const applied = applyServerErrors(caught, setError, ['password']);
      const text = formFailureText(caught, applied, t, 'form.unexpected');
      if (text) setNotice(text);
    }
  });

  return (
    <Section id="delete-account" title={t('profile.deleteTitle')}>
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
        <p className="text-sm text-slate-600">{t('profile.deleteText')}</p>
        {balance > 0 ? <FormAlert kind="error">{t('profile.deleteBalance', { amount })}</FormAlert> : null}
        {notice ? <FormAlert kind="error">{notice}</FormAlert> : null}
        <DeletionBlockers refusal={blockers} locale={locale} />
        <PasswordField
          label={t('profile.deletePassword')}
          autoComplete="current-password"
          error={fieldError(formState.errors.password?.message, locale)}
          {...register('password')}
        />
        {balance > 0 ? (
          <CheckboxField label={t('profile.deleteForfeit', { amount })} {...register('forfeit')} />
        ) : null}
        <CheckboxField label={t('profile.deleteConfirm')} {...register('confirm')} />
        <SubmitButton
          busy={formState.isSubmitting}
          busyLabel={t('profile.deleting')}
          variant="danger"
          disabled={!confirmed || (balance > 0 && !forfeit)}
        >
          {t('profile.deleteButton')}
        </SubmitButton>
      </form>
    </Section>
  );
}

export default function DashboardProfile() {
  const data = useRouteLoaderData<typeof dashboardLoader>('routes/dashboard-layout');
  const [editNotice, setEditNotice] = useState<Notice>(null);
  if (!data) return null;
  return (
    <div className="grid gap-6">
      <ProfileInfo user={data.user} />
      <EditProfile
        key={`${data.user.email}-${data.user.first_name}`}
        user={data.user}
        notice={editNotice}
        setNotice={setEditNotice}
      />
      <ChangePassword />
      <DeleteAccount user={data.user} />
    </div>
  );
}
