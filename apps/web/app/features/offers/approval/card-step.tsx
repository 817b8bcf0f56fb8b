import type { Offer } from '@promptmarket/contracts/offers';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { buttonStyles } from '../../../components/ui/button-styles';
import { DialogActions, DialogTitle } from '../../../components/ui/dialog';
import { CheckboxField, SubmitButton, TextField } from '../../../components/ui/form-fields';
import { fieldError } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/i18n';
import { useSite } from '../../../lib/site-data';
import { euroText, expiryMonths, expiryYears, groupCardNumber } from '../rules';
import { type CardValues, cardResolver, stepFormOptions } from './payout-forms';
import { PayoutSummary } from './payout-summary';
import { SelectField } from './select-field';

const fields = ['card_number', 'card_holder_name', 'expire_month', 'expire_year', 'amount', 'terms'] as const;

/**
 * The card payout: the number (13-19 digits passing Luhn), the holder, the expiry (not past), the
 * amount (the offer's price, not editable) and the terms, checked as the API checks them.
 * `onSend` answers the server's texts for this step's fields.
 */
export function CardStep({
  offer,
  defaultValues,
  onBack,
  onSend,
}: {
  offer: Offer;
  defaultValues: CardValues;
  onBack: (values: CardValues) => void;
  onSend: (values: CardValues) => Promise<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const { control, register, handleSubmit, getValues, setValue, setError, formState } = useForm<CardValues>({
    ...stepFormOptions,
    resolver: cardResolver,
    defaultValues,
  });
  const year = useWatch({ control, name: 'expire_year' });
  const error = (field: (typeof fields)[number]) => fieldError(formState.errors[field]?.message, t);
  const busy = formState.isSubmitting;

  const onSubmit = handleSubmit(async (values) => {
    const refused = await onSend(values);
    for (const field of fields) {
      const message = refused[field];
      if (message) setError(field as Path<CardValues>, { type: 'server', message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogTitle>{t('offers.card.title')}</DialogTitle>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="card_number"
          render={({ field }) => (
            <TextField
              label={t('offers.card.number')}
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={19}
              error={error('card_number')}
              className="sm:col-span-2"
              ref={field.ref}
              name={field.name}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(groupCardNumber(event.target.value))}
            />
          )}
        />
        <TextField
          label={t('offers.card.holder')}
          autoComplete="cc-name"
          error={error('card_holder_name')}
          className="sm:col-span-2"
          {...register('card_holder_name')}
        />
        <SelectField
          label={t('offers.card.year')}
          error={error('expire_year')}
          {...register('expire_year', { onChange: () => setValue('expire_month', '') })}
        >
          <option value="">{t('offers.card.choose')}</option>
          {expiryYears().map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('offers.card.month')}
          error={error('expire_month')}
          {...register('expire_month')}
        >
          <option value="">{t('offers.card.choose')}</option>
          {expiryMonths(year ? Number(year) : null).map((month) => (
            <option key={month} value={month}>
              {String(month).padStart(2, '0')}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('offers.card.amount')}
          value={euroText(offer.service_price ?? 0, locale)}
          readOnly
          error={error('amount')}
          className="sm:col-span-2"
        />
        <CheckboxField
          label={t('offers.terms')}
          error={error('terms')}
          className="sm:col-span-2"
          {...register('terms')}
        />
      </div>
      <PayoutSummary offer={offer} method="card" />
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
