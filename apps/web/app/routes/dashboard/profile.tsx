import { zodResolver } from '@hookform/resolvers/zod';
import {
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
import { Link } from '../../components/ui/link';
import { changePassword, deleteAccount, updateProfile } from '../../features/accounts/api';
import { DeletionBlockers } from '../../features/accounts/deletion-blockers';
import { type DeletionBlockerLists, knownDeletionBlockers } from '../../features/accounts/known-blockers';
import { getDeposits } from '../../features/deposits/api';
import { getOffers } from '../../features/offers/api';
import { serverApi } from '../../lib/api.server';
import { ApiError } from '../../lib/api-client';
import { formatCredits } from '../../lib/credits';
import { applyServerErrors, fieldError, formFailureText } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import type { AccountDeletedState } from '../account/account-deleted';
import type { Route } from './+types/profile';
import type { loader as dashboardLoader } from './layout';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'profile.title' }),
  { name: 'robots', content: 'noindex' },
];

type Notice = { kind: 'success' | 'error'; text: string } | null;

type Blockers = DeletionBlockerLists;

/**
 * What keeps the account from being deleted, shown before the user tries: payouts to them not
 * paid yet and deposits still processing. The API checks the same again when asked to delete;
 * a list that cannot be read leaves it to that check.
 */
export async function loader({
  request,
  context,
  params,
}: Route.LoaderArgs): Promise<{ blockers: Blockers }> {
  const api = serverApi(request, context, params.locale, true);
  const [offers, deposits] = await Promise.all([
    getOffers(api).then(
      ({ payload }) => payload,
      () => [],
    ),
    getDeposits(api).then(
      ({ payload }) => payload,
      () => [],
    ),
  ]);
  return { blockers: knownDeletionBlockers(offers, deposits) };
}

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
 * The password, plus a tick that the user means it (the button stays off without it). Payouts not
 * paid yet and deposits still processing are listed first (and again from the API's refusal): they
 * must be settled before. A balance left in the wallet is shown with a choice: use it first (the
 * account stays; links to the shop and the wallet) or give it up, which a second tick confirms.
 * Once deleted, the confirmation page says where the confirmation mail went.
 */
const deleteForm = deleteAccountRequest.extend({
  confirm: z.boolean(),
  forfeit: z.boolean(),
  choice: z.enum(['spend', 'give-up']).nullable(),
});
type DeleteForm = z.input<typeof deleteForm>;

function DeleteAccount({ user, known }: { user: Profile; known: Blockers }) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const api = useApi();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const [balance, setBalance] = useState(user.balance > 0 ? user.balance : 0);
  const [blockers, setBlockers] = useState<Blockers>(known);
  const { register, handleSubmit, setError, formState, watch } = useForm<DeleteForm>({
    resolver: zodResolver(deleteForm),
    defaultValues: { password: '', confirm: false, forfeit: false, choice: null },
  });
  const confirmed = watch('confirm');
  const forfeit = watch('forfeit');
  const choice = watch('choice');
  const blocked = (blockers.payouts?.length ?? 0) + (blockers.deposits?.length ?? 0) > 0;
  const amount = formatCredits(centsFromDecimal(balance), locale, settings.internal_currency_name, t);
  // "your balance of …" (Polish "saldo w wysokości 5 kredytów") puts the amount in the genitive.
  const amountOf = formatCredits(
    centsFromDecimal(balance),
    locale,
    settings.internal_currency_name,
    t,
    'credits.genitive',
  );

  const onSubmit = handleSubmit(async ({ password, forfeit: givenUp }) => {
    setNotice(null);
    try {
      await deleteAccount(api, { password, ...(balance > 0 ? { confirm_forfeit_balance: givenUp } : {}) });
      const state: AccountDeletedState = {
        email: user.email,
        ...(balance > 0 ? { forfeited: amountOf } : {}),
      };
      navigate(paths.accountDeleted(locale), { replace: true, state });
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
        {notice ? <FormAlert kind="error">{notice}</FormAlert> : null}
        {blocked ? (
          <div className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4">
            <p className="text-sm font-semibold text-amber-900">{t('profile.deleteUnpaid')}</p>
            <DeletionBlockers refusal={blockers} locale={locale} />
          </div>
        ) : null}
        {balance > 0 ? (
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-slate-900">
              {t('profile.deleteChoice', { amount: amountOf })}
            </legend>
            <p className="text-sm text-slate-600">{t('profile.deleteBalance', { amount })}</p>
            <label className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
              <input
                type="radio"
                value="spend"
                className="mt-0.5 h-4 w-4 accent-brand-600"
                {...register('choice')}
              />
              <span>{t('profile.deleteChoiceSpend')}</span>
            </label>
            {choice === 'spend' ? (
              <div className="ml-7 space-y-2 text-sm text-slate-700">
                <p>{t('profile.deleteChoiceSpendHint')}</p>
                <p className="flex flex-wrap gap-4">
                  <Link
                    to={paths.products({ locale })}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    {t('profile.deleteChoiceShop')}
                  </Link>
                  <Link to={paths.wallet(locale)} className="font-semibold text-brand-700 hover:underline">
                    {t('profile.deleteChoiceWallet')}
                  </Link>
                </p>
              </div>
            ) : null}
            <label className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-red-400 has-[:checked]:bg-red-50">
              <input
                type="radio"
                value="give-up"
                className="mt-0.5 h-4 w-4 accent-red-600"
                {...register('choice')}
              />
              <span>{t('profile.deleteChoiceGiveUp')}</span>
            </label>
            {choice === 'give-up' ? (
              <div className="ml-7">
                <CheckboxField
                  label={t('profile.deleteForfeit', { amount: amountOf })}
                  {...register('forfeit')}
                />
              </div>
            ) : null}
          </fieldset>
        ) : null}
        <PasswordField
          label={t('profile.deletePassword')}
          autoComplete="current-password"
          error={fieldError(formState.errors.password?.message, locale)}
          {...register('password')}
        />
        <CheckboxField label={t('profile.deleteConfirm')} {...register('confirm')} />
        <SubmitButton
          busy={formState.isSubmitting}
          busyLabel={t('profile.deleting')}
          variant="danger"
          disabled={!confirmed || blocked || (balance > 0 && (choice !== 'give-up' || !forfeit))}
        >
          {t('profile.deleteButton')}
        </SubmitButton>
      </form>
    </Section>
  );
}

export default function DashboardProfile({ loaderData }: Route.ComponentProps) {
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
      <DeleteAccount user={data.user} known={loaderData.blockers} />
    </div>
  );
}
