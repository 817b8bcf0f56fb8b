import { BASE_CURRENCY } from '@promptmarket/contracts/base-currency';
import type { Currency } from '@promptmarket/contracts/site';

/** Where the visitor's display currency is remembered (spec section 9). */
export const SELECTED_CURRENCY_KEY = 'selected-currency';

/** EUR at rate 1: the currency the shop's prices are kept in, and the one every page can fall back on. */
export const EURO: Currency = BASE_CURRENCY;

/** The selector only makes sense with a choice to make. */
export function showCurrencySelector(currencies: readonly Currency[]): boolean {
  return currencies.length > 1;
}

/** The remembered choice when it is still offered, else EUR, else the first currency. */
export function pickCurrency(currencies: readonly Currency[], stored: string | null): Currency {
  return (
    currencies.find((currency) => currency.code === stored) ??
    currencies.find((currency) => currency.code === EURO.code) ??
    currencies[0] ??
    EURO
  );
}
