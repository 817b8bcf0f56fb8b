import type { Currency } from '@promptmarket/contracts';

/** Where the visitor's display currency is remembered (spec section 9). */
export const SELECTED_CURRENCY_KEY = 'selected-currency';

export const EURO: Currency = { code: 'EUR', value: 1, symbol: '€', name: 'Euro' };

/** The selector only makes sense with a choice to make. */
export function showCurrencySelector(currencies: readonly Currency[]): boolean {
  return currencies.length > 1;
}

/** A EUR amount in another currency, rounded to cents. */
export function convertFromEur(amountEur: number, currency: Currency): number {
  return Math.round(amountEur * currency.value * 100) / 100;
}

export function formatMoney(amount: number, currency: Currency, locale: string): string {
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    amount,
  );
  return currency.symbol.length === 1 ? `${currency.symbol}${number}` : `${number} ${currency.symbol}`;
}

/** The remembered choice when it is still offered, else EUR, else the first currency. */
export function pickCurrency(currencies: readonly Currency[], stored: string | null): Currency {
  return (
    currencies.find((currency) => currency.code === stored) ??
    currencies.find((currency) => currency.code === 'EUR') ??
    currencies[0] ??
    EURO
  );
}
