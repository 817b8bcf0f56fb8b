import type { AdminDeposit } from '@promptmarket/contracts/admin';
import { formatCredits } from '../../lib/credits';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal } from '../../lib/money';

/**
 * What the payment provider did to a paid deposit afterwards (decision 0027): refunded, disputed,
 * a dispute won or lost, with the credit it took back from the wallet. Nothing for a deposit
 * the provider left alone.
 */
export function DepositReversal({
  deposit,
  locale,
  currencyName,
}: {
  deposit: Pick<AdminDeposit, 'reversal' | 'reversed_amount'>;
  locale: string;
  currencyName: string;
}) {
  const { t } = useTranslation();
  if (!deposit.reversal) return null;
  const held = deposit.reversal !== 'dispute_won';
  return (
    <p className="mt-1">
      <span
        className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${
          held ? 'bg-red-50 text-red-800' : 'bg-slate-100 text-slate-700'
        }`}
      >
        {t(`admin.deposits.${deposit.reversal}`)}
      </span>
      {deposit.reversed_amount > 0 ? (
        <span className="ml-1 text-xs text-slate-600">
          {t('admin.deposits.reversed', {
            amount: formatCredits(centsFromDecimal(deposit.reversed_amount), locale, currencyName, t),
          })}
        </span>
      ) : null}
    </p>
  );
}

/**
 * An account's balance; below zero (a deposit reversed after it was spent) it is shown as a debt
 * that blocks spending until a deposit settles it.
 */
export function AccountBalance({
  balance,
  locale,
  currencyName,
}: {
  balance: number;
  locale: string;
  currencyName: string;
}) {
  const { t } = useTranslation();
  const amount = formatCredits(centsFromDecimal(balance), locale, currencyName, t);
  if (balance >= 0) return <>{amount}</>;
  return (
    <>
      <span className="font-semibold text-red-700">{amount}</span>
      <span className="mt-1 block text-xs text-red-700">{t('admin.users.inDebt')}</span>
    </>
  );
}
