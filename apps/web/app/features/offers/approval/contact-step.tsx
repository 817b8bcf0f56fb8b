import type { Country } from '@promptmarket/contracts/content';
import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { buttonStyles } from '../../../components/ui/button-styles';
import { DialogActions, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/form-fields';
import { fieldError } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/i18n';
import { type ContactField, type ContactValues, contactResolver, stepFormOptions } from './payout-forms';
import { SelectField } from './select-field';

/**
 * Contact information (spec section 3), checked by the contract's contact details; every field's
 * problem is shown beside it at once. Going back keeps what was typed.
 */
export function ContactStep({
  defaultValues,
  countries,
  onBack,
  onDone,
}: {
  defaultValues: ContactValues;
  countries: Country[];
  onBack: (values: ContactValues) => void;
  onDone: (values: ContactValues) => void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, getValues, formState } = useForm<ContactValues>({
    ...stepFormOptions,
    resolver: contactResolver,
    defaultValues,
  });
  const error = (field: ContactField) => fieldError(formState.errors[field]?.message, t);
  const field = (name: ContactField, props: ComponentProps<'input'> = {}) => (
    <TextField label={t(`offers.contact.${name}`)} error={error(name)} {...props} {...register(name)} />
  );

  return (
    <form onSubmit={handleSubmit(onDone)} noValidate>
      <DialogTitle>{t('offers.contact.title')}</DialogTitle>
      <DialogDescription>{t('offers.contact.text')}</DialogDescription>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {field('name', { autoComplete: 'given-name' })}
        {field('surname', { autoComplete: 'family-name' })}
        {field('email', { type: 'email', autoComplete: 'email' })}
        {field('phone', { type: 'tel', autoComplete: 'tel' })}
        {field('address', { autoComplete: 'street-address', className: 'sm:col-span-2' })}
        {field('city', { autoComplete: 'address-level2' })}
        {field('postCode', { autoComplete: 'postal-code' })}
        <div className="sm:col-span-2">
          <SelectField label={t('offers.contact.country')} error={error('country')} {...register('country')}>
            <option value="">{t('offers.contact.chooseCountry')}</option>
            {countries.map((country) => (
              <option key={country.iso} value={country.iso}>
                {country.name}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <DialogActions>
        <button type="button" className={buttonStyles.secondary} onClick={() => onBack(getValues())}>
          {t('offers.back')}
        </button>
        <button type="submit" className={buttonStyles.primary}>
          {t('offers.continue')}
        </button>
      </DialogActions>
    </form>
  );
}
