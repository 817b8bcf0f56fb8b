import { useId } from 'react';
import { showCurrencySelector } from '../../features/catalogue/currency';
import { useDisplayCurrency } from '../../features/catalogue/currency-context';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';

/** The display currency; only there when the shop offers more than one. */
export function CurrencySelect() {
  const { t } = useTranslation();
  const { currencies } = useSite();
  const { currency, choose } = useDisplayCurrency();
  const id = useId();
  if (!showCurrencySelector(currencies)) return null;
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {t('nav.currency')}
      </label>
      <select
        id={id}
        value={currency.code}
        onChange={(event) => choose(event.target.value)}
        className="rounded-lg border border-white/15 bg-ink-800 px-2 py-2 text-sm text-slate-100"
      >
        {currencies.map((option) => (
          <option key={option.code} value={option.code}>
            {option.code} {option.symbol !== option.code ? option.symbol : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
