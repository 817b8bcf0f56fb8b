import { zodResolver } from '@hookform/resolvers/zod';
import { accountDeletionRefusal, deleteAccountRequest, type Profile } from '@promptmarket/contracts/accounts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CheckboxField, FormAlert, PasswordField, SubmitButton } from '../../../components/ui/form-fields';
import { Link } from '../../../components/ui/link';
import { ApiError } from '../../../lib/api-client';
import { formatCredits } from '../../../lib/credits';
import { applyServerErrors, fieldError, formFailureText } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/i18n';
import { centsFromDecimal } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { useSite } from '../../../lib/site-data';
import { useApi } from '../../../lib/use-api';
import { deleteAccount } from '../api';
import { DeletionBlockers } from '../deletion-blockers';
import type { DeletionBlockerLists } from '../known-blockers';
import { ProfileSection } from './profile-section';

const deleteForm = deleteAccountRequest.extend({
  confirm: z.boolean(),
  forfeit: z.boolean(),
  choice: z.enum(['spend', 'give-up']).nullable(),
});
type DeleteForm = z.input<typeof deleteForm>;

/**
 * The password, plus a tick that the user means it (the button stays off without it). Payouts not
 * paid yet and deposits still processing are listed first (and again from the API's refusal): they
 * must be settled before. A balance left in the wallet is shown with a choice: use it first (the
 * account stays; links to the shop and the wallet) or give it up, which a second tick confirms.
 * Once deleted, the confirmation page says where the confirmation mail went.
 */
export function DeleteAccountForm({
  user,
  known,
  onDeleted,
}: {
  user: Profile;
  known: DeletionBlockerLists;
  /** Called once the account is gone, with what the confirmation page tells the user. */
  onDeleted: (deleted: { email: string; forfeited?: string }) => void;
}) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const api = useApi();
  const [notice, setNotice] = useState<string | null>(null);
  const [balance, setBalance] = useState(user.balance > 0 ? user.balance : 0);
  const [blockers, setBlockers] = useState<DeletionBlockerLists>(known);
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
      onDeleted({ email: user.email, ...(balance > 0 ? { forfeited: amountOf } : {}) });
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
    <ProfileSection id="delete-account" title={t('profile.deleteTitle')}>
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
          error={fieldError(formState.errors.password?.message, t)}
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
    </ProfileSection>
  );
}
