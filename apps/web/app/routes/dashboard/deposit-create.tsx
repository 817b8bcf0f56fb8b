import { zodResolver } from '@hookform/resolvers/zod';
import {
  depositFormRequest,
  minimumDepositMinor,
  type PaymentMethod,
} from '@promptmarket/contracts/deposits';
import { parseTypedAmount } from '@promptmarket/contracts/money';
import { validationText } from '@promptmarket/contracts/validation-messages';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { CheckboxField, FormAlert, SubmitButton, TextField } from '../../components/ui/form-fields';
import { Link } from '../../components/ui/link';
import { getLastDepositDetails, startCheckout, validateDeposit } from '../../features/deposits/api';
import { internalCents, minimumProblem, unitsPerCurrency } from '../../features/deposits/rules';
import { getCountries } from '../../features/site/api';
import { serverApi } from '../../lib/api.server';
import { ApiError, newIdempotencyKey } from '../../lib/api-client';
import { creditsText, formatCredits } from '../../lib/credits';
import { EURO } from '../../lib/currency';
import { useDisplayCurrency } from '../../lib/currency-context';
import { rememberDepositReturn } from '../../lib/deposit-return';
import { applyServerErrors, fieldError, paymentFailureText } from '../../lib/form-errors';
import { requireUser } from '../../lib/guards.server';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatAmount } from '../../lib/money';
import { paths } from '../../lib/paths';
import { paymentMethodName } from '../../lib/payment-methods';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/deposit-create';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'deposit.title' }),
  { name: 'robots', content: 'noindex' },
];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const api = serverApi(args.request, args.context, args.params.locale, true);
  // The form opens filled with what the user gave last time; either read may fail on its own.
  const [countries, last] = await Promise.all([
    getCountries(api).then(
      ({ payload }) => payload,
      () => [],
    ),
    getLastDepositDetails(api).then(
      ({ payload }) => payload,
      () => null,
    ),
  ]);
  return { user, countries, last };
}

type DepositForm = z.input<typeof depositFormRequest> & { terms: boolean };
const formFields = [
  'amount',
  'currency',
  'first_name',
  'last_name',
  'email',
  'phone',
  'country',
  'city',
  'address',
  'post_code',
  'terms',
] as const;

const selectClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 sm:text-sm';

export default function DepositCreate({ loaderData }: Route.ComponentProps) {
  const { user, countries, last } = loaderData;
  const { t } = useTranslation();
  const { locale, settings, currencies, staticPages } = useSite();
  const { currency: displayCurrency } = useDisplayCurrency();
  const api = useApi();
  const navigate = useNavigate();
  const [methods, setMethods] = useState<PaymentMethod[] | null>(null);
  const [method, setMethod] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  // One key per attempt at paying: a double click or a retry after a lost answer is one deposit.
  const attempt = useRef<string | null>(null);

  const { register, handleSubmit, setError, formState, watch, getValues } = useForm<DepositForm>({
    resolver: zodResolver(depositFormRequest) as never,
    defaultValues: {
      amount: '',
      currency: currencies.some((item) => item.code === displayCurrency.code)
        ? displayCurrency.code
        : EURO.code,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      // The profile's phone first (the user keeps it there), else the one given last time.
      phone: user.phone || last?.phone || '',
      country: last?.country ?? '',
      city: last?.city ?? '',
      address: last?.address ?? '',
      post_code: last?.post_code ?? '',
      terms: false,
    },
  });
  const error = (name: (typeof formFields)[number]) => fieldError(formState.errors[name]?.message, locale);

  const code = watch('currency') ?? EURO.code;
  const chosen = currencies.find((item) => item.code === code) ?? EURO;
  const internalRate = Number(settings.internal_currency_rate_eur) || 1;
  const minimum = minimumDepositMinor(centsFromDecimal(settings.min_deposit_eur), chosen.value);
  const typedAmount = String(watch('amount') ?? '');
  const amountCents = parseTypedAmount(typedAmount);
  // The server's minimum, checked as the amount is typed: the same rule from the contracts.
  const tooLittle = minimumProblem(typedAmount, minimum, chosen.code);
  const amountError =
    error('amount') ?? (tooLittle ? validationText(tooLittle.key, locale, tooLittle.params) : undefined);
  const credited =
    amountCents !== null && amountCents > 0 ? internalCents(amountCents, chosen.value, internalRate) : null;
  // Rounded as written, so that the plural form is the written number's.
  const unitsPerUnit = Math.round(unitsPerCurrency(chosen.value, internalRate) * 10_000) / 10_000;
  const rateCredits = creditsText(
    unitsPerUnit.toLocaleString(locale, { maximumFractionDigits: 4 }),
    unitsPerUnit,
    settings.internal_currency_name,
    t,
  );
  const termsPage = staticPages.find((page) => page.is_terms);
  const currencyOptions = useMemo(
    () => (currencies.some((item) => item.code === EURO.code) ? currencies : [EURO, ...currencies]),
    [currencies],
  );

  const body = () => {
    const values = getValues();
    return { ...values, amount: String(values.amount).trim().replace(',', '.') };
  };

  /**
   * The notice for a failed call (spec section 8, payment screens): field errors go beside their
   * fields; a 401 (the session ended) asks to log in again; the provider out of reach (503, or a
   * gateway in between) is the gateway text; any other 5xx the server error; else the API's own
   * words, or the step's generic text when the call got no usable answer.
   */
  function showFailure(caught: unknown, fallbackKey: string) {
    const { message, textKey } = applyServerErrors(caught, setError, formFields);
    const status = caught instanceof ApiError ? caught.status : null;
    if (status === 401) setNotice(t('payment.authError'));
    else if (textKey) setNotice(t(textKey));
    else if (status === 422) setNotice(message ?? t('deposit.validationFailed'));
    else if (status === 502 || status === 503 || status === 504) setNotice(t('deposit.gatewayDown'));
    else setNotice(paymentFailureText(caught, t, fallbackKey));
  }

  const onContinue = handleSubmit(async () => {
    setNotice(null);
    // Below the minimum the field already says so: nothing to ask the server.
    if (tooLittle) return;
    try {
      const { payload } = await validateDeposit(api, body());
      setMethods(payload);
      setMethod((current) => current || (payload[0] ? String(payload[0].id) : ''));
      attempt.current = newIdempotencyKey();
    } catch (caught) {
      setMethods(null);
      showFailure(caught, 'deposit.validationFailed');
    }
  });

  async function onPay(event: React.FormEvent) {
    event.preventDefault();
    if (!method || paying) return;
    setNotice(null);
    setPaying(true);
    try {
      attempt.current ??= newIdempotencyKey();
      // The page the user came from to top up (`?return=`), for the result page to go back to.
      rememberDepositReturn(new URLSearchParams(window.location.search).get('return'), locale);
      const answer = await startCheckout(api, { ...body(), payment_method_id: method }, attempt.current);
      if (answer.redirect_url) {
        window.location.assign(answer.redirect_url);
        return;
      }
      navigate(paths.processingPayment(locale, String(answer.order_id)));
    } catch (caught) {
      attempt.current = null;
      setPaying(false);
      setMethods(null);
      showFailure(caught, 'deposit.checkoutFailed');
    }
  }

  const locked = methods !== null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('deposit.title')}</h1>
      <p className="mt-2 text-slate-600">
        {t('deposit.intro', { currency: settings.internal_currency_name })}
      </p>

      <form method="post" onSubmit={onContinue} noValidate className="mt-8 space-y-8">
        {notice ? <FormAlert kind="error">{notice}</FormAlert> : null}
        <fieldset
          disabled={locked}
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
              hint={t('deposit.minimum', { amount: `${formatAmount(minimum, locale)} ${chosen.code}` })}
              {...register('amount')}
            />
            <div>
              <label htmlFor="deposit-currency" className="mb-1.5 block text-sm font-medium text-slate-800">
                {t('deposit.currency')}
              </label>
              <select id="deposit-currency" className={selectClass} {...register('currency')}>
                {currencyOptions.map((item) => (
                  <option key={item.code} value={item.code}>
                    {item.code}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
            <p>{t('deposit.rate', { code: chosen.code, credits: rateCredits })}</p>
            {credited !== null ? (
              <p className="mt-1 font-semibold text-slate-900" aria-live="polite">
                {t('deposit.youGet', {
                  amount: formatCredits(credited, locale, settings.internal_currency_name, t),
                })}
              </p>
            ) : null}
          </div>
        </fieldset>

        <fieldset disabled={locked} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <legend className="px-1 text-lg font-semibold text-slate-900">{t('deposit.personal')}</legend>
          {last ? <p className="mt-1 text-sm text-slate-600">{t('deposit.prefilled')}</p> : null}
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

        {!locked ? (
          <SubmitButton busy={formState.isSubmitting} busyLabel={t('deposit.checking')}>
            {t('deposit.continue')}
          </SubmitButton>
        ) : null}
      </form>

      {methods ? (
        <form onSubmit={onPay} className="mt-8 rounded-2xl border border-brand-100 bg-white p-6 shadow-sm">
          <fieldset>
            <legend className="text-lg font-semibold text-slate-900">{t('deposit.method')}</legend>
            <p className="mt-1 text-sm text-slate-600">{t('deposit.methodHint')}</p>
            <div className="mt-4 grid gap-3 sm:grid-cols-2">
              {methods.map((item) => (
                <label
                  key={item.id}
                  className={`flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-sm font-medium ${method === String(item.id) ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-slate-300 text-slate-800'}`}
                >
                  <input
                    type="radio"
                    name="payment_method_id"
                    value={item.id}
                    checked={method === String(item.id)}
                    onChange={() => setMethod(String(item.id))}
                    className="h-4 w-4 accent-brand-600"
                  />
                  {paymentMethodName(t, item)}
                </label>
              ))}
            </div>
          </fieldset>
          <p className="mt-5 text-sm text-slate-700">
            {t('deposit.summary', { amount: `${formatAmount(amountCents ?? 0, locale)} ${chosen.code}` })}
          </p>
          <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row">
            <button
              type="button"
              onClick={() => setMethods(null)}
              disabled={paying}
              className="inline-flex items-center justify-center rounded-lg border border-slate-300 px-5 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              {t('deposit.edit')}
            </button>
            <SubmitButton busy={paying} busyLabel={t('deposit.paying')} disabled={!method}>
              {t('deposit.pay', { amount: `${formatAmount(amountCents ?? 0, locale)} ${chosen.code}` })}
            </SubmitButton>
          </div>
        </form>
      ) : null}
    </div>
  );
}
