import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { Link } from '../../components/ui/link';
import { getDepositStatus } from '../../features/deposits/api';
import { orderIdFrom, pollPlan, pollStep } from '../../features/deposits/rules';
import { paymentFailureText } from '../../lib/failure-text';
import { requireUser } from '../../lib/guards.server';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/payment-processing';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'payment.processingTitle' }),
  { name: 'robots', content: 'noindex' },
];

export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  return null;
}

/**
 * Waits for a deposit's outcome (spec section 4): asks at once, then every 5 seconds; success
 * goes to the success screen, error or failed to the fail screen with the reason's code and the
 * provider's decline code, a redirect url is followed. A payment left pending at the provider is
 * said to take longer than usual after 45 s, with a link to the deposits tab, and asked about
 * every 15 s; after 10 minutes the screen stops asking (pollPlan).
 */
export default function PaymentProcessing() {
  const { t } = useTranslation();
  const { locale } = useSite();
  const api = useApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = orderIdFrom(params.get('order_id'));
  // What the last failed status check said (spec section 8, payment screens), null while they answer.
  const [checkFailed, setCheckFailed] = useState<string | null>(null);
  const [takingLonger, setTakingLonger] = useState(false);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (orderId === null) return;
    const id = orderId;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    async function check() {
      try {
        const { order } = await getDepositStatus(api, id);
        if (stopped) return;
        setCheckFailed(null);
        const step = pollStep(order, t('payment.defaultError'));
        if (step.kind === 'success') {
          return navigate(paths.successPayment(locale, order.id), { replace: true });
        }
        // The fail page shows its own texts for the codes, never a text from a link.
        if (step.kind === 'fail') {
          return navigate(paths.failPayment(locale, order.error_code ?? 'failed', order.decline_code), {
            replace: true,
          });
        }
        if (step.kind === 'redirect') return window.location.assign(step.url);
      } catch (caught) {
        if (stopped) return;
        setCheckFailed(paymentFailureText(caught, t, 'payment.statusCheckFailed'));
      }
      const plan = pollPlan(Date.now() - started);
      setTakingLonger(plan.takingLonger);
      if (plan.next === null) return setTimedOut(true);
      timer = setTimeout(check, plan.next);
    }
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderId, api, navigate, locale, t]);

  const deposits = (
    <Link to={paths.deposits(locale)} className={buttonStyles.secondary}>
      {t('payment.toDeposits')}
    </Link>
  );

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      {orderId === null ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900">{t('payment.processingTitle')}</h1>
          <p className="mt-3 text-slate-600">{t('payment.missingOrder')}</p>
          <div className="mt-8">{deposits}</div>
        </>
      ) : timedOut ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900">{t('payment.timeoutTitle')}</h1>
          <p className="mt-3 text-slate-600">{t('payment.timeoutText')}</p>
          <div className="mt-8">{deposits}</div>
        </>
      ) : (
        <StillAsking
          icon={
            takingLonger ? (
              <span
                aria-hidden="true"
                className="flex h-14 w-14 items-center justify-center rounded-full bg-amber-100 text-2xl font-bold text-amber-700"
              >
                …
              </span>
            ) : (
              <span
                aria-hidden="true"
                className="h-14 w-14 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
              />
            )
          }
          title={t(takingLonger ? 'payment.timeoutTitle' : 'payment.processingTitle')}
          order={t('payment.order', { id: orderId })}
          text={t(takingLonger ? 'payment.slowText' : 'payment.processingText')}
          checkFailed={checkFailed}
          after={takingLonger ? <div className="mt-8">{deposits}</div> : null}
        />
      )}
    </div>
  );
}

/** The screen while the deposit is still asked about: its sign, what is happening, the order, a failed check. */
function StillAsking({
  icon,
  title,
  order,
  text,
  checkFailed,
  after,
}: {
  icon: React.ReactNode;
  title: string;
  order: string;
  text: string;
  checkFailed: string | null;
  after: React.ReactNode;
}) {
  return (
    <>
      {icon}
      <h1 className="mt-8 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-sm font-medium text-slate-500">{order}</p>
      <p className="mt-4 text-slate-600" role="status">
        {text}
      </p>
      {checkFailed ? (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-800">
          {checkFailed}
        </p>
      ) : null}
      {after}
    </>
  );
}
