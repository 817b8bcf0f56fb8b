import { describe, expect, it } from 'vitest';
import {
  convertFromEur,
  EURO,
  formatMoney,
  pickCurrency,
  SELECTED_CURRENCY_KEY,
  showCurrencySelector,
} from './currency';

const usd = { code: 'USD', value: 1.08, symbol: '$', name: 'US Dollar' };
const pln = { code: 'PLN', value: 4.3, symbol: 'zł', name: 'Polish Zloty' };

describe('display currency', () => {
  it('shows the selector only with more than one currency', () => {
    expect(showCurrencySelector([EURO])).toBe(false);
    expect(showCurrencySelector([EURO, usd])).toBe(true);
  });

  it('converts from EUR with the rate and formats with the symbol', () => {
    expect(convertFromEur(4.99, usd)).toBe(5.39);
    expect(convertFromEur(10, EURO)).toBe(10);
    expect(formatMoney(5.39, usd, 'en')).toBe('$5.39');
    expect(formatMoney(21.46, pln, 'pl')).toBe('21,46 zł');
  });

  it('defaults to EUR (rate 1, €) and remembers the choice under its key', () => {
    expect(EURO).toEqual({ code: 'EUR', value: 1, symbol: '€', name: 'Euro' });
    expect(pickCurrency([EURO, usd], null)).toBe(EURO);
    expect(pickCurrency([EURO, usd], 'USD')).toBe(usd);
    expect(pickCurrency([EURO, usd], 'GBP')).toBe(EURO);
    expect(SELECTED_CURRENCY_KEY).toBe('selected-currency');
  });
});
