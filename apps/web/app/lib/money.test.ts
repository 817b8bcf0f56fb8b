import { describe, expect, it, vi } from 'vitest';
import {
  centsFromDecimal,
  convertEurCents,
  formatAmount,
  formatFromEur,
  formatInCurrency,
  formatInternal,
  formatRate,
} from './money';

const eur = { code: 'EUR', value: 1, symbol: '€', name: 'Euro' };
const usd = { code: 'USD', value: 1.08, symbol: '$', name: 'US Dollar' };
const pln = { code: 'PLN', value: 4.3, symbol: 'zł', name: 'Polish Zloty' };

describe('money formatter', () => {
  it('converts EUR cents on integers, so a rate never rounds the wrong way', () => {
    // 50 * 1.15 is 57.49999999999999 in floating point; the exact 57.5 rounds up.
    expect(50 * 1.15).toBeLessThan(57.5);
    expect(convertEurCents(50, 1.15)).toBe(58);
    expect(convertEurCents(100, 1.005)).toBe(101);
    // 0.1 + 0.2 style drift: 30 cents at 1.1 is 33 exactly, not 33.000000000000004.
    expect(convertEurCents(30, 1.1)).toBe(33);
    expect(convertEurCents(499, 1.08)).toBe(539);
    expect(convertEurCents(1, 0.5)).toBe(1);
    expect(convertEurCents(1000, 1)).toBe(1000);
    // Half away from zero on both sides, and results stay integers.
    expect(convertEurCents(-50, 1.15)).toBe(-58);
    expect(convertEurCents(0, 4.3)).toBe(0);
    expect(Number.isInteger(convertEurCents(123_456_789, 4.317))).toBe(true);
    expect(convertEurCents(123_456_789, 4.317)).toBe(532_962_958);
    expect(convertEurCents(100, 1e-7)).toBe(0);
  });

  it('refuses amounts that are not whole cents and rates that are not positive', () => {
    expect(() => convertEurCents(10.5, 1)).toThrow(RangeError);
    expect(() => convertEurCents(10, 0)).toThrow(RangeError);
    expect(() => formatAmount(0.1 + 0.2, 'en')).toThrow(RangeError);
    expect(() => centsFromDecimal(Number.NaN)).toThrow(RangeError);
  });

  it('reads the display numbers of payloads back into whole cents', () => {
    expect(centsFromDecimal(4.99)).toBe(499);
    expect(centsFromDecimal(0.1 + 0.2)).toBe(30);
    expect(centsFromDecimal(12.5)).toBe(1250);
    expect(centsFromDecimal(-0.001)).toBe(0);
    expect(Object.is(centsFromDecimal(-0.001), -0)).toBe(false);
    expect(centsFromDecimal(-3.1)).toBe(-310);
  });

  it('writes amounts the way each language does', () => {
    expect(formatAmount(123_450, 'en')).toBe('1,234.50');
    expect(formatAmount(123_450, 'de')).toBe('1.234,50');
    expect(formatAmount(123_450, 'fr')).toBe('1\u202f234,50');
    expect(formatAmount(123_450, 'pl')).toBe('1234,50');
    expect(formatAmount(1, 'it')).toBe('0,01');
  });

  describe('the written-out number styles', () => {
    const styled = ['en', 'de', 'fr', 'es', 'it', 'pl'];
    const amounts = [
      0, 1, 99, 100, 999, 99_999, 100_000, 123_450, 999_999, 1_000_000, 1_234_567, 12_345_678_901,
    ];

    it.each(styled)('write %s exactly as Intl.NumberFormat does', (locale) => {
      const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      for (const cents of [...amounts, ...amounts.map((amount) => -amount - 1)]) {
        expect(formatAmount(cents, locale), `${cents} in ${locale}`).toBe(intl.format(cents / 100));
      }
    });

    it.each(styled)('write a rate in %s exactly as Intl.NumberFormat does', (locale) => {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
      for (const rate of [
        0, 1, 0.5, 1.08, 4.2617, 0.0001, 12.3, 999.99, 1000, 1234.5678, 98_765.4321, 1_000_000,
      ]) {
        expect(formatRate(rate, locale), `${rate} in ${locale}`).toBe(intl.format(rate));
      }
    });

    it('need no Intl.NumberFormat for those languages, and use it for any other', async () => {
      const Original = Intl.NumberFormat;
      let made = 0;
      Intl.NumberFormat = class extends Original {
        constructor(...args: ConstructorParameters<typeof Original>) {
          super(...args);
          made += 1;
        }
      } as typeof Original;
      try {
        // A fresh copy of the module, which has made no number format yet.
        vi.resetModules();
        const fresh = await import('./money');
        for (const locale of styled) fresh.formatAmount(123_450, locale);
        for (const locale of styled) fresh.formatRate(4.2617, locale);
        expect(made).toBe(0);
        expect(fresh.formatAmount(123_450, 'nl')).toBe('1.234,50');
        expect(made).toBe(1);
      } finally {
        Intl.NumberFormat = Original;
      }
    });
  });

  it('shows zero and negative amounts', () => {
    expect(formatAmount(0, 'en')).toBe('0.00');
    expect(formatAmount(-0, 'en')).toBe('0.00');
    expect(formatAmount(-5, 'en')).toBe('-0.05');
    expect(formatInternal(-1250, 'de', 'EUR')).toBe('-12,50 EUR');
    expect(formatInCurrency(-539, usd, 'en')).toBe('-$5.39');
    expect(formatInCurrency(0, pln, 'pl')).toBe('0,00 zł');
  });

  it('writes a currency code and converts into the display currency', () => {
    expect(formatInternal(1250, 'en', 'USD')).toBe('12.50 USD');
    expect(formatFromEur(499, usd, 'en')).toBe('$5.39');
    expect(formatFromEur(499, pln, 'pl')).toBe('21,46 zł');
    expect(formatFromEur(499, eur, 'de')).toBe('€4,99');
  });
});
