import { describe, expect, it } from 'vitest';
import { chargeFromEurCents, parseMinorUnits, parseTypedAmount, scaledRate } from './money';

describe('parseTypedAmount', () => {
  it('reads what people type, with a decimal point or a decimal comma, exactly', () => {
    expect(parseTypedAmount('10')).toBe(1000);
    expect(parseTypedAmount('10.5')).toBe(1050);
    expect(parseTypedAmount('10,50')).toBe(1050);
    expect(parseTypedAmount(' 10.05 ')).toBe(1005);
    expect(parseTypedAmount('0.01')).toBe(1);
    expect(parseTypedAmount('0')).toBe(0);
    // Where multiplying a float by 100 lands beside the cent: 1.15 * 100 = 114.99999999999999.
    expect(parseTypedAmount('1.15')).toBe(115);
    expect(parseTypedAmount('4.35')).toBe(435);
    expect(parseTypedAmount('1234567890123.99')).toBe(123456789012399);
  });

  it('refuses what is not an amount of at most two decimals', () => {
    for (const input of [
      '0.015',
      '10.',
      '.5',
      '1,000.50',
      '1.000,50',
      '-5',
      '+5',
      '1e3',
      '',
      ' ',
      '10 EUR',
    ]) {
      expect(parseTypedAmount(input), input).toBeNull();
    }
  });

  it('reads a point as the server does', () => {
    for (const input of ['10', '10.5', '0.015', '99.99']) {
      expect(parseTypedAmount(input)).toBe(parseMinorUnits(input));
    }
  });
});

describe('scaledRate', () => {
  it('turns a rate, written or as a number, into an integer times 10^8', () => {
    expect(scaledRate('1')).toBe(100_000_000n);
    expect(scaledRate('1.08')).toBe(108_000_000n);
    expect(scaledRate(1.08)).toBe(108_000_000n);
    expect(scaledRate('4.30')).toBe(430_000_000n);
    expect(scaledRate(0.333)).toBe(33_300_000n);
    expect(scaledRate('1.23456789')).toBe(123_456_789n);
    expect(scaledRate(1.23456789)).toBe(123_456_789n);
    expect(scaledRate(1e-7)).toBe(10n);
  });

  it('refuses a rate that is not a positive decimal of at most eight decimals', () => {
    for (const rate of ['0', '0.00', '-1.08', '1.123456789', 'abc', '', 0, -1, Number.NaN, Infinity]) {
      expect(() => scaledRate(rate), String(rate)).toThrow(RangeError);
    }
  });
});

describe('chargeFromEurCents', () => {
  it('rounds a charge up, so a non-zero price never costs nothing', () => {
    expect(chargeFromEurCents(1, '2.00')).toBe(1);
    expect(chargeFromEurCents(1, 2)).toBe(1);
    expect(chargeFromEurCents(3, '2.00')).toBe(2);
    expect(chargeFromEurCents(100, '3')).toBe(34);
    expect(chargeFromEurCents(1, '0.00000001')).toBe(100_000_000);
  });

  it('is exact when the rate divides the price', () => {
    expect(chargeFromEurCents(0, '2.00')).toBe(0);
    expect(chargeFromEurCents(100, '1')).toBe(100);
    expect(chargeFromEurCents(100, 0.5)).toBe(200);
    expect(chargeFromEurCents(250, '1.25')).toBe(200);
    expect(chargeFromEurCents(999, '1.11')).toBe(900);
  });

  it('refuses what is not a price', () => {
    expect(() => chargeFromEurCents(-1, '1')).toThrow(RangeError);
    expect(() => chargeFromEurCents(0.5, '1')).toThrow(RangeError);
    expect(() => chargeFromEurCents(100, '0')).toThrow(RangeError);
  });
});
