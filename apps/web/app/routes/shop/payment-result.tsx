import { depositFailureCodes } from '@promptmarket/contracts/deposits';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { Link } from '../../components/ui/link';
import { getDepositStatus } from '../../features/deposits/api';
import { declineReasonKey, orderIdFrom } from '../../features/deposits/rules';
import { serverApi } from '../../lib/api.server';
import { formatCredits } from '../../lib/credits';
import { takeDepositReturn } from '../../lib/deposit-return';
import { requireUser } from '../../lib/guards.server';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useCurrentUser } from '../../lib/session-data';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/payment-result';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, {
    titleKey: location.pathname.endsWith('/fail-payment') ? 'payment.failTitle' : 'payment.successTitle',
  }),
  { name: 'robots', content: 'noindex' },
];

/**
 * The success page names what the deposit credited and its reference: the deposit of `order_id`,
 * the user's own only (the API answers 404 for anyone else's), once it has succeeded.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  const url = new URL(args.request.url);
  const failed = url.pathname.endsWith('/fail-payment');
  const orderId = orderIdFrom(url.searchParams.get('order_id'));
  if (failed || orderId === null) return { failed, deposit: null };
  try {
    const { order } = await getDepositStatus(
      serverApi(args.request, args.context, args.params.locale, true),
      orderId,
    );
    return {
      failed,
      deposit:
        order.status === 'success'
          ? { credited: order.internal_amount, reference: order.order_number }
          : null,
    };
  } catch {
    return { failed, deposit: null };
  }
}

/** success-payment and fail-payment (spec section 2): the outcome of a deposit. */
export default function PaymentResult({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { failed, deposit } = loaderData;
  // A deposit started to buy something goes back to where the user was (the product page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the outcome is shown
  useEffect(() => {
    if (failed) return;
    const back = takeDepositReturn(locale);
    if (back) navigate(back, { replace: true });
  }, []);
  // Only the shop's own texts: `error` names one of its failure reasons, and any other value (a
  // link anyone can write) shows the default, so the page never words someone else's message.
  const error = params.get('error') ?? '';
  const message = (depositFailureCodes as readonly string[]).includes(error)
    ? t(`payment.failures.${error}`)
    : t('payment.unknownError');
  // The provider's reason for a decline, as one of the shop's own texts.
  const reasonKey = error === 'declined' ? declineReasonKey(params.get('reason')) : null;
  const creditsOf = (amount: number) =>
    formatCredits(centsFromDecimal(amount), locale, settings.internal_currency_name, t);

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span
        aria-hidden="true"
        className={`flex h-16 w-16 items-center justify-center rounded-full text-3xl font-bold ${failed ? 'bg-red-100 text-red-600' : 'bg-emerald-100 text-emerald-600'}`}
      >
        {failed ? '!' : '✓'}
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">
        {failed ? t('payment.failTitle') : t('payment.successTitle')}
      </h1>
      {failed ? (
        <div role="alert" className="mt-4 text-slate-700">
          <p>{message}</p>
          {reasonKey ? <p className="mt-2 font-medium text-slate-900">{t(reasonKey)}</p> : null}
        </div>
      ) : (
        <>
          <p className="mt-4 text-slate-600">{t('payment.successText')}</p>
          {deposit ? (
            <dl className="mt-6 grid w-full max-w-sm grid-cols-2 gap-px overflow-hidden rounded-xl border border-slate-200 bg-slate-200 text-left">
              <div className="bg-white px-4 py-3">
                <dt className="text-sm text-slate-500">{t('payment.creditedLabel')}</dt>
                <dd className="mt-0.5 font-semibold break-words text-slate-900">
                  {creditsOf(deposit.credited)}
                </dd>
              </div>
              <div className="bg-white px-4 py-3">
                <dt className="text-sm text-slate-500">{t('payment.referenceLabel')}</dt>
                <dd className="mt-0.5 font-semibold break-words text-slate-900">#{deposit.reference}</dd>
              </div>
            </dl>
          ) : null}
          {user ? (
            <p className="mt-4 text-lg font-semibold text-slate-900">
              {t('payment.newBalance', { amount: creditsOf(user.balance) })}
            </p>
          ) : null}
        </>
      )}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        {failed ? (
          <Link to={paths.deposit(locale)} className={buttonStyles.primary}>
            {t('payment.tryAgain')}
          </Link>
        ) : (
          <Link to={paths.products({ locale })} className={buttonStyles.primary}>
            {t('payment.browse')}
          </Link>
        )}
        <Link to={paths.deposits(locale)} className={buttonStyles.secondary}>
          {t('payment.toDeposits')}
        </Link>
      </div>
    </div>
  );
}
