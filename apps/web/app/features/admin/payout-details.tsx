import type { AdminOpenedPayout } from '@promptmarket/contracts/admin';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';
import { useApi } from '../../lib/use-api';
import { getPayout } from './api';

/**
 * One payout as the admin who sends it sees it: a bank account's holder and full IBAN, or a card
 * as its brand and last four digits (the shop holds no card number). Each opening is written to
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
  const rows: [string, string][] = [
    [t('admin.payouts.amount'), formatInternal(centsFromDecimal(payout.amount), locale, payout.currency)],
    [t('admin.offers.status'), t(`admin.payouts.${payout.status}`)],
    ...(payout.bank
      ? ([
          [t('admin.payouts.holder'), payout.bank.full_name],
          [t('admin.payouts.iban'), payout.bank.iban],
        ] as [string, string][])
      : []),
    ...(payout.card
      ? ([[t('admin.payouts.card'), `${payout.card.brand} •••• ${payout.card.last4}`]] as [string, string][])
      : []),
    ...(!payout.bank && !payout.card
      ? ([[t('admin.payouts.destination'), payout.destination]] as [string, string][])
      : []),
    ...(payout.contact
      ? ([
          [
            t('admin.payouts.contact'),
            [
              `${payout.contact.name} ${payout.contact.surname}`,
              payout.contact.email,
              payout.contact.phone,
              `${payout.contact.address}, ${payout.contact.postCode} ${payout.contact.city}, ${payout.contact.country}`,
            ].join(' · '),
          ],
        ] as [string, string][])
      : []),
    [t('admin.payouts.createdAt'), date(payout.created_at)],
    [t('admin.payouts.sentAt'), date(payout.sent_at)],
    [t('admin.payouts.settledAt'), date(payout.settled_at)],
  ];
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
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
      <p className="text-xs text-slate-500">{t('admin.payouts.audited')}</p>
    </div>
  );
}
