import type { AdminOpenedPayout } from '@promptmarket/contracts/admin';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';
import { useApi } from '../../lib/use-api';
import { getPayout } from './api';

/**
 * One payout as the admin who sends it sees it: the amount, currency, method and payee; a bank
 * account's full IBAN (a SEPA transfer in euro needs no BIC), or a card as its brand and last four
 * digits with the provider's token (the shop holds no card number); the transfer's reference and
 * the statuses of each attempt (a retry with its own date). Each opening is written to
 * the audit log by the API, so it is loaded only when asked for.
 */
export function PayoutDetails({ id, locale }: { id: number; locale: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const [payout, setPayout] = useState<AdminOpenedPayout | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setPayout(null);
    setFailed(null);
    getPayout(api, id)
      .then((answer) => {
        if (current) setPayout(answer.payload);
      })
      .catch((caught: unknown) => {
        if (current) setFailed(caught instanceof ApiError ? caught.message : String(caught));
      });
    return () => {
      current = false;
    };
  }, [api, id]);
  if (failed) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('admin.actionFailed', { message: failed })}
      </p>
    );
  }
  if (!payout) return <p className="text-sm text-slate-600">{t('admin.payouts.loading')}</p>;
  const date = (value: string | null) => (value ? new Date(value).toLocaleString(locale) : '—');
  const contact = payout.contact;
  // What the payer needs to send the money, in the order a transfer form asks for it.
  const rows: [string, string][] = [
    [t('admin.payouts.amount'), formatInternal(centsFromDecimal(payout.amount), locale, payout.currency)],
    [t('admin.payouts.currency'), payout.currency],
    [t('admin.payouts.method'), t(`admin.payouts.methods.${payout.method}`)],
    [t('admin.payouts.payee'), payout.payee ?? '—'],
    ...(payout.bank
      ? ([
          [t('admin.payouts.iban'), payout.bank.iban],
          [t('admin.payouts.bic'), t('admin.payouts.bicNotNeeded')],
        ] as [string, string][])
      : []),
    ...(payout.card
      ? ([
          [t('admin.payouts.card'), `${payout.card.brand} •••• ${payout.card.last4}`],
          [t('admin.payouts.cardToken'), payout.card.token ?? '—'],
        ] as [string, string][])
      : []),
    ...(!payout.bank && !payout.card
      ? ([[t('admin.payouts.destination'), payout.destination]] as [string, string][])
      : []),
    [t('admin.payouts.reference'), payout.reference],
    ...(payout.provider_ref
      ? ([[t('admin.payouts.providerRef'), payout.provider_ref]] as [string, string][])
      : []),
    [t('admin.offers.status'), t(`admin.payouts.${payout.status}`)],
    ...(payout.attempt > 1
      ? ([[t('admin.payouts.attempt'), String(payout.attempt)]] as [string, string][])
      : []),
    ...(contact
      ? ([
          [
            t('admin.payouts.contact'),
            [
              `${contact.name} ${contact.surname}`,
              contact.email,
              contact.phone,
              `${contact.address}, ${contact.postCode} ${contact.city}, ${contact.country}`,
            ].join(' · '),
          ],
        ] as [string, string][])
      : []),
  ];
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="text-sm font-semibold text-slate-900">
        {t('admin.payouts.detailsOf', { id: payout.id, offer: payout.offer_id })}
      </h3>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="break-all font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h4 className="text-sm font-semibold text-slate-900">{t('admin.payouts.history')}</h4>
        <ol className="mt-1 space-y-1 border-l-2 border-slate-200 pl-3 text-sm">
          {payout.history.map((step) => (
            <li key={`${step.attempt}-${step.status}`}>
              <span className="font-medium text-slate-900">
                {step.status === 'requested' && step.attempt > 1
                  ? t('admin.payouts.retried')
                  : t(`admin.payouts.${step.status}`)}
              </span>{' '}
              {payout.attempt > 1 ? (
                <span className="text-xs text-slate-500">
                  ({t('admin.payouts.attempt')} {step.attempt})
                </span>
              ) : null}{' '}
              {step.at ? (
                <time dateTime={step.at} className="text-slate-600">
                  {date(step.at)}
                </time>
              ) : (
                <span className="text-slate-600">—</span>
              )}
              {step.reason ? <p className="text-xs text-slate-600">{step.reason}</p> : null}
            </li>
          ))}
        </ol>
      </div>
      <p className="text-xs text-slate-500">{t('admin.payouts.audited')}</p>
    </div>
  );
}
