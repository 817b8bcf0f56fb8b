import { describe, expect, it } from 'vitest';
import { EURO, pickCurrency, SELECTED_CURRENCY_KEY, showCurrencySelector } from './currency';

const usd = { code: 'USD', value: 1.08, symbol: '$', name: 'US Dollar' };

describe('display currency', () => {
  it('shows the selector only with more than one currency', () => {
    expect(showCurrencySelector([EURO])).toBe(false);
    expect(showCurrencySelector([EURO, usd])).toBe(true);
  });

  it('defaults to EUR (rate 1, €) and remembers the choice under its key', () => {
    expect(EURO).toEqual({ code: 'EUR', value: 1, symbol: '€', name: 'Euro' });
    expect(pickCurrency([EURO, usd], null)).toBe(EURO);
    expect(pickCurrency([EURO, usd], 'USD')).toBe(usd);
    expect(pickCurrency([EURO, usd], 'GBP')).toBe(EURO);
    expect(SELECTED_CURRENCY_KEY).toBe('selected-currency');
  });
});
