import { depositFailureCodes } from '@promptmarket/contracts/deposits';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { Link } from '../../components/ui/link';
import { takeDepositReturn } from '../../lib/deposit-return';
import { requireUser } from '../../lib/guards.server';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';
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

export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  return { failed: new URL(args.request.url).pathname.endsWith('/fail-payment') };
}

/** success-payment and fail-payment (spec section 2): the outcome of a deposit. */
export default function PaymentResult({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const failed = loaderData.failed;
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
        <p role="alert" className="mt-4 text-slate-700">
          {message}
        </p>
      ) : (
        <>
          <p className="mt-4 text-slate-600">{t('payment.successText')}</p>
          {user ? (
            <p className="mt-2 text-lg font-semibold text-slate-900">
              {t('payment.newBalance', {
                amount: formatInternal(
                  centsFromDecimal(user.balance),
                  locale,
                  settings.internal_currency_name,
                ),
              })}
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
