import { showCurrencySelector } from '../../lib/currency';
import { useDisplayCurrency } from '../../lib/currency-context';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';
import { DeferredDropdownMenu } from '../ui/deferred-dropdown-menu';

const label = (option: { code: string; symbol: string }) =>
  option.symbol !== option.code ? `${option.code} ${option.symbol}` : option.code;

/** The display currency; only there when the shop offers more than one. */
export function CurrencySelect() {
  const { t } = useTranslation();
  const { currencies } = useSite();
  const { currency, choose } = useDisplayCurrency();
  if (!showCurrencySelector(currencies)) return null;
  return (
    <DeferredDropdownMenu
      contentProps={{ align: 'end', className: 'w-48', 'aria-label': t('nav.currency') }}
      trigger={
        <button
          type="button"
          aria-label={`${t('nav.currency')}: ${label(currency)}`}
          className="inline-flex items-center gap-1 rounded-lg border border-white/15 bg-ink-800 px-3 py-2 text-sm text-slate-100 hover:bg-ink-700"
        >
          {label(currency)}
          <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" focusable="false">
            <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" fill="none" />
          </svg>
        </button>
      }
      content={(kit) => (
        <kit.DropdownMenuRadioGroup value={currency.code} onValueChange={choose}>
          {currencies.map((option) => (
            <kit.DropdownMenuRadioItem key={option.code} value={option.code}>
              {label(option)}
            </kit.DropdownMenuRadioItem>
          ))}
        </kit.DropdownMenuRadioGroup>
      )}
    />
  );
}
