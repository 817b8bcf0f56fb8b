import type { Country } from '@promptmarket/contracts/content';
import type { depositFormRequest } from '@promptmarket/contracts/deposits';
import type { UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { CheckboxField, TextField } from '../../../components/ui/form-fields';
import { Link } from '../../../components/ui/link';
import { formatCredits } from '../../../lib/credits';
import { useTranslation } from '../../../lib/i18n';
import { formatAmount } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { useSite } from '../../../lib/site-data';

/** The deposit form's values: the contract's fields, and the tick that accepts the terms. */
export type DepositForm = z.input<typeof depositFormRequest> & { terms: boolean };

type PersonalField =
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'country'
  | 'city'
  | 'address'
  | 'post_code'
  | 'terms';

/** A field's message, in the page's language, if it has one. */
type FieldErrorOf = (name: PersonalField) => string | undefined;

const selectClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 sm:text-sm';

/**
 * The amount and its currency, with the minimum for that currency, the rate, and the credits the
 * amount buys as it is typed.
 */
export function DepositAmountFields({
  disabled,
  register,
  amountError,
  minimum,
  currencyCode,
  currencyCodes,
  rateCredits,
  credited,
}: {
  disabled: boolean;
  register: UseFormRegister<DepositForm>;
  amountError: string | undefined;
  /** The least that may be paid in, in the chosen currency's minor units. */
  minimum: number;
  currencyCode: string;
  currencyCodes: string[];
  /** How many credits one unit of the chosen currency buys, written out. */
  rateCredits: string;
  /** The credits the typed amount buys, in cents; null while there is no amount. */
  credited: number | null;
}) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  return (
    <fieldset
      disabled={disabled}
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <legend className="sr-only">{t('deposit.amount')}</legend>
      <div className="grid gap-5 sm:grid-cols-[1fr_10rem]">
        <TextField
          label={t('deposit.amount')}
          inputMode="decimal"
          autoComplete="transaction-amount"
          placeholder={formatAmount(minimum, locale)}
          error={amountError}
          hint={t('deposit.minimum', { amount: `${formatAmount(minimum, locale)} ${currencyCode}` })}
          {...register('amount')}
        />
        <div>
          <label htmlFor="deposit-currency" className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('deposit.currency')}
          </label>
          <select id="deposit-currency" className={selectClass} {...register('currency')}>
            {currencyCodes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
        <p>{t('deposit.rate', { code: currencyCode, credits: rateCredits })}</p>
        {credited !== null ? (
          <p className="mt-1 font-semibold text-slate-900" aria-live="polite">
            {t('deposit.youGet', {
              amount: formatCredits(credited, locale, settings.internal_currency_name, t),
            })}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

/** Who pays: name, contact and address (filled from the profile and the last deposit), and the terms. */
export function DepositPersonalFields({
  disabled,
  register,
  error,
  countries,
  prefilled,
}: {
  disabled: boolean;
  register: UseFormRegister<DepositForm>;
  error: FieldErrorOf;
  countries: Country[];
  /** The fields were filled from the last deposit: the form says so. */
  prefilled: boolean;
}) {
  const { t } = useTranslation();
  const { locale, staticPages } = useSite();
  const termsPage = staticPages.find((page) => page.is_terms);
  return (
    <fieldset disabled={disabled} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <legend className="px-1 text-lg font-semibold text-slate-900">{t('deposit.personal')}</legend>
      {prefilled ? <p className="mt-1 text-sm text-slate-600">{t('deposit.prefilled')}</p> : null}
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('deposit.firstName')}
          autoComplete="given-name"
          error={error('first_name')}
          {...register('first_name')}
        />
        <TextField
          label={t('deposit.lastName')}
          autoComplete="family-name"
          error={error('last_name')}
          {...register('last_name')}
        />
        <TextField
          label={t('deposit.email')}
          type="email"
          autoComplete="email"
          error={error('email')}
          {...register('email')}
        />
        <TextField
          label={t('deposit.phone')}
          type="tel"
          autoComplete="tel"
          error={error('phone')}
          {...register('phone')}
        />
        <div>
          <label htmlFor="deposit-country" className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('deposit.country')}
          </label>
          <select
            id="deposit-country"
            autoComplete="country"
            aria-invalid={error('country') ? true : undefined}
            aria-describedby={error('country') ? 'deposit-country-error' : undefined}
            className={`${selectClass} ${error('country') ? 'border-red-500' : ''}`}
            {...register('country')}
          >
            <option value="">{t('deposit.chooseCountry')}</option>
            {countries.map((country) => (
              <option key={country.iso} value={country.iso}>
                {country.name}
              </option>
            ))}
          </select>
          {error('country') ? (
            <p id="deposit-country-error" className="mt-1.5 text-sm text-red-600">
              {error('country')}
            </p>
          ) : null}
        </div>
        <TextField
          label={t('deposit.city')}
          autoComplete="address-level2"
          error={error('city')}
          {...register('city')}
        />
        <TextField
          label={t('deposit.address')}
          autoComplete="street-address"
          error={error('address')}
          {...register('address')}
        />
        <TextField
          label={t('deposit.postCode')}
          autoComplete="postal-code"
          error={error('post_code')}
          {...register('post_code')}
        />
      </div>
      <CheckboxField
        className="mt-6"
        error={error('terms')}
        label={
          <>
            {t('deposit.termsBefore')}{' '}
            {termsPage ? (
              <Link
                to={paths.staticPage(locale, termsPage.slug)}
                target="_blank"
                className="font-medium text-brand-700 underline"
              >
                {t('deposit.termsLink')}
              </Link>
            ) : (
              t('deposit.termsLink')
            )}
          </>
        }
        {...register('terms')}
      />
    </fieldset>
  );
}
