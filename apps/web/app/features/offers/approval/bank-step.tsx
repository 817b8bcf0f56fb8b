import type { Offer } from '@promptmarket/contracts/offers';
import { type Path, useForm } from 'react-hook-form';
import { buttonStyles } from '../../../components/ui/button-styles';
import { DialogActions, DialogTitle } from '../../../components/ui/dialog';
import { CheckboxField, SubmitButton, TextField } from '../../../components/ui/form-fields';
import { fieldError } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/i18n';
import { type BankValues, bankResolver, stepFormOptions } from './payout-forms';
import { PayoutSummary } from './payout-summary';

const fields = ['full_name', 'iban', 'terms'] as const;

/**
 * The SEPA payout: the account holder and the IBAN, checked as the API checks them (format and
 * check digits), and the terms. `onSend` answers the server's texts for this step's fields.
 */
export function BankStep({
  offer,
  defaultValues,
  onBack,
  onSend,
}: {
  offer: Offer;
  defaultValues: BankValues;
  onBack: (values: BankValues) => void;
  onSend: (values: BankValues) => Promise<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, getValues, setError, formState } = useForm<BankValues>({
    ...stepFormOptions,
    resolver: bankResolver,
    defaultValues,
  });
  const error = (field: (typeof fields)[number]) => fieldError(formState.errors[field]?.message, t);
  const busy = formState.isSubmitting;

  const onSubmit = handleSubmit(async (values) => {
    const refused = await onSend(values);
    for (const field of fields) {
      const message = refused[field];
      if (message) setError(field as Path<BankValues>, { type: 'server', message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogTitle>{t('offers.bank.title')}</DialogTitle>
      <div className="mt-4 space-y-4">
        <TextField
          label={t('offers.bank.fullName')}
          autoComplete="name"
          error={error('full_name')}
          {...register('full_name')}
        />
        <TextField
          label={t('offers.bank.iban')}
          hint={t('offers.bank.ibanHint')}
          autoComplete="off"
          spellCheck={false}
          error={error('iban')}
          {...register('iban')}
        />
        <CheckboxField label={t('offers.terms')} error={error('terms')} {...register('terms')} />
      </div>
      <PayoutSummary offer={offer} method="sepa" />
      <DialogActions>
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={() => onBack(getValues())}
          disabled={busy}
        >
          {t('offers.back')}
        </button>
        <SubmitButton busy={busy} busyLabel={t('offers.sending')}>
          {t('offers.confirmPayout')}
        </SubmitButton>
      </DialogActions>
    </form>
  );
}
