import type { AccountDeletionRefusal } from '@promptmarket/contracts/accounts';
import { useMemo } from 'react';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';

/**
 * What keeps an account from being deleted yet, from the API's refusal: the payouts to the user
 * not paid yet and the deposits still processing at their provider, each with its amount and date.
 */
export function DeletionBlockers({
  refusal,
  locale,
}: {
  refusal: Pick<AccountDeletionRefusal, 'payouts' | 'deposits'>;
  locale: string;
}) {
  const { t } = useTranslation();
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale]);
  const payouts = refusal.payouts ?? [];
  const deposits = refusal.deposits ?? [];
  return (
    <>
      {payouts.length > 0 ? (
        <div className="text-sm text-slate-700">
          <p className="font-medium">{t('profile.deletePayouts')}</p>
          <ul className="mt-1 list-disc pl-5">
            {payouts.map((payout) => (
              <li key={payout.id}>
                {t('profile.deletePayout', {
                  amount: formatInternal(centsFromDecimal(payout.amount_eur), locale, 'EUR'),
                  date: dateFormat.format(new Date(payout.created_at)),
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {deposits.length > 0 ? (
        <div className="text-sm text-slate-700">
          <p className="font-medium">{t('profile.deleteDeposits')}</p>
          <ul className="mt-1 list-disc pl-5">
            {deposits.map((deposit) => (
              <li key={deposit.id}>
                {t('profile.deleteDeposit', {
                  amount: formatInternal(centsFromDecimal(deposit.amount), locale, deposit.currency),
                  date: dateFormat.format(new Date(deposit.created_at)),
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
