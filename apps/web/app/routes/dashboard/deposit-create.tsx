import { minimumDepositMinor } from '@promptmarket/contracts/deposit-rules';
import type { PaymentMethod } from '@promptmarket/contracts/deposits';
import { parseTypedAmount } from '@promptmarket/contracts/money';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormAlert, SubmitButton } from '../../components/ui/form-fields';
import { getLastDepositDetails } from '../../features/deposits/api';
import {
  DepositAmountFields,
  type DepositForm,
  DepositPersonalFields,
} from '../../features/deposits/components/deposit-form-fields';
import { PaymentMethodForm } from '../../features/deposits/components/payment-method-form';
import { internalCents, minimumProblem, unitsPerCurrency } from '../../features/deposits/rules';
import { getCountries } from '../../features/site/api';
import { serverApi } from '../../lib/api.server';
import { ApiError, newIdempotencyKey } from '../../lib/api-client';
import { creditsText } from '../../lib/credits';
import { EURO } from '../../lib/currency';
import { useDisplayCurrency } from '../../lib/currency-context';
import { rememberDepositReturn } from '../../lib/deposit-return';
import { applyServerErrors, fieldError, paymentFailureText } from '../../lib/form-errors';
import { requireUser } from '../../lib/guards.server';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatAmount, formatRate } from '../../lib/money';
import { paths } from '../../lib/paths';
import { resolverLater } from '../../lib/resolver-later';
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

// The form's schema and the calls' contracts (zod) come when the form is first reached for or
// checked, not with the page (decision 0059).
const depositForm = resolverLater(() =>
  import('../../features/deposits/deposit-form-resolver').then((module) => module.depositFormResolver),
);
const depositCalls = () => import('../../features/deposits/api');

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

export default function DepositCreate({ loaderData }: Route.ComponentProps) {
  const { user, countries, last } = loaderData;
  const { t } = useTranslation();
  const { locale, settings, currencies } = useSite();
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
    resolver: depositForm.resolver,
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
  const error = (name: (typeof formFields)[number]) => fieldError(formState.errors[name]?.message, t);

  const code = watch('currency') ?? EURO.code;
  const chosen = currencies.find((item) => item.code === code) ?? EURO;
  const internalRate = Number(settings.internal_currency_rate_eur) || 1;
  const minimum = minimumDepositMinor(centsFromDecimal(settings.min_deposit_eur), chosen.value);
  const typedAmount = String(watch('amount') ?? '');
  const amountCents = parseTypedAmount(typedAmount);
  // The server's minimum, checked as the amount is typed: the same rule from the contracts.
  const tooLittle = minimumProblem(typedAmount, minimum, chosen.code);
  const amountError =
    error('amount') ?? (tooLittle ? fieldError(tooLittle.key, t, tooLittle.params) : undefined);
  const credited =
    amountCents !== null && amountCents > 0 ? internalCents(amountCents, chosen.value, internalRate) : null;
  // Rounded as written, so that the plural form is the written number's.
  const unitsPerUnit = Math.round(unitsPerCurrency(chosen.value, internalRate) * 10_000) / 10_000;
  const rateCredits = creditsText(
    formatRate(unitsPerUnit, locale),
    unitsPerUnit,
    settings.internal_currency_name,
    t,
  );
  const currencyCodes = useMemo(
    () =>
      (currencies.some((item) => item.code === EURO.code) ? currencies : [EURO, ...currencies]).map(
        (item) => item.code,
      ),
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
      const { validateDeposit } = await depositCalls();
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
      const { startCheckout } = await depositCalls();
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

      <form
        method="post"
        onSubmit={onContinue}
        onFocus={depositForm.prepare}
        onPointerEnter={depositForm.prepare}
        noValidate
        className="mt-8 space-y-8"
      >
        {notice ? <FormAlert kind="error">{notice}</FormAlert> : null}
        <DepositAmountFields
          disabled={locked}
          register={register}
          amountError={amountError}
          minimum={minimum}
          currencyCode={chosen.code}
          currencyCodes={currencyCodes}
          rateCredits={rateCredits}
          credited={credited}
        />

        <DepositPersonalFields
          disabled={locked}
          register={register}
          error={error}
          countries={countries}
          prefilled={Boolean(last)}
        />

        {!locked ? (
          <SubmitButton busy={formState.isSubmitting} busyLabel={t('deposit.checking')}>
            {t('deposit.continue')}
          </SubmitButton>
        ) : null}
      </form>

      {methods ? (
        <PaymentMethodForm
          methods={methods}
          method={method}
          onChoose={setMethod}
          amount={`${formatAmount(amountCents ?? 0, locale)} ${chosen.code}`}
          paying={paying}
          onPay={onPay}
          onEdit={() => setMethods(null)}
        />
      ) : null}
    </div>
  );
}
