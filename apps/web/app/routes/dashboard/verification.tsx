import type { Country } from '@promptmarket/contracts/content';
import type { Verification } from '@promptmarket/contracts/verification';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { FormAlert } from '../../components/ui/form-fields';
import { getCountries } from '../../features/site/api';
import { getVerification } from '../../features/verification/api';
import { VerificationForm } from '../../features/verification/verification-form';
import { serverApi } from '../../lib/api.server';
import { useTranslation } from '../../lib/i18n';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/verification';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'verification.title' }),
  { name: 'robots', content: 'noindex' },
];

/** The dashboard layout has checked the user; a failed call shows its own message. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(request, context, params.locale, true);
  const [verification, countries] = await Promise.all([
    getVerification(api).then(
      ({ payload }) => ({ payload, failed: false }),
      () => ({ payload: null, failed: true }),
    ),
    getCountries(api).then(
      ({ payload }) => payload,
      () => [] as Country[],
    ),
  ]);
  return { verification: verification.payload, failed: verification.failed, countries };
}

function StatusPanel({ verification }: { verification: Verification }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  if (verification.status === 'pending') {
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(
      new Date(verification.created_at),
    );
    return (
      <FormAlert kind="info">
        <strong className="block">{t('verification.pending')}</strong>
        {t('verification.pendingSince', { date })}
      </FormAlert>
    );
  }
  if (verification.status === 'approved') {
    return (
      <FormAlert kind="success">
        <strong className="block">{t('verification.approved')}</strong>
        {t('verification.approvedText')}
      </FormAlert>
    );
  }
  return (
    <FormAlert kind="error">
      <strong className="block">{t('verification.declined')}</strong>
      {verification.reason ? (
        <span className="block">{t('verification.declinedReason', { reason: verification.reason })}</span>
      ) : null}
      {t('verification.declinedText')}
    </FormAlert>
  );
}

/**
 * Identity verification (spec sections 2 and 5): personal and address details, the identity
 * document's two sides and a proof of address, then the review's status: pending (1-2 business
 * days), approved, or declined with the reason and the form again.
 */
export default function DashboardVerification({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [sent, setSent] = useState(false);
  const { verification, failed, countries } = loaderData;
  const canSend = !failed && (verification === null || verification.status === 'declined');
  return (
    <section
      aria-labelledby="verification-title"
      aria-busy={revalidator.state === 'loading'}
      className="max-w-3xl space-y-6"
    >
      <div>
        <h2 id="verification-title" className="text-xl font-semibold text-slate-900">
          {t('verification.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('verification.intro')}</p>
      </div>
      {sent ? <FormAlert kind="success">{t('verification.sent')}</FormAlert> : null}
      {failed ? (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <p>{t('verification.loadFailed')}</p>
          <button
            type="button"
            onClick={() => revalidator.revalidate()}
            disabled={revalidator.state === 'loading'}
            className={`${buttonStyles.secondary} mt-3`}
          >
            {t('error.retry')}
          </button>
        </div>
      ) : null}
      {verification ? <StatusPanel verification={verification} /> : null}
      {canSend ? (
        <VerificationForm
          countries={countries}
          onSent={() => {
            setSent(true);
            revalidator.revalidate();
          }}
        />
      ) : null}
    </section>
  );
}
