import { describe, expect, it } from 'vitest';
import { minimumDepositMinor } from './deposits';

describe('minimumDepositMinor', () => {
  it('puts the minimum in a currency at the euro minimum times its rate, rounded up to the cent', () => {
    expect(minimumDepositMinor(1000, 1)).toBe(1000);
    expect(minimumDepositMinor(1000, 1.08)).toBe(1080);
    expect(minimumDepositMinor(1000, 0.85)).toBe(850);
    expect(minimumDepositMinor(1000, 4.3)).toBe(4300);
    expect(minimumDepositMinor(1000, 1.23456789)).toBe(1235);
    expect(minimumDepositMinor(1250, 0.333)).toBe(417);
  });

  it('gives the same figure for the rate as the database keeps it and as the site answers it', () => {
    for (const [text, number] of [
      ['1.00000000', 1],
      ['1.08', 1.08],
      ['0.85000000', 0.85],
      ['4.30', 4.3],
      ['0.95', 0.95],
      ['1.23456789', 1.23456789],
    ] as const) {
      expect(minimumDepositMinor(1000, text)).toBe(minimumDepositMinor(1000, number));
    }
  });

  it('is never worth less than the euro minimum, and a cent less is', () => {
    for (const rate of ['1.08', '0.85', '4.30', '0.95', '1.23456789', '0.333', '3.14159265']) {
      for (const euroCents of [1, 5, 999, 1000, 1050, 1234]) {
        const minimum = minimumDepositMinor(euroCents, rate);
        const scaled = BigInt(Math.round(Number(rate) * 1e8));
        // Back in euro cents (amount / rate) it reaches the euro minimum; a cent less does not.
        expect(BigInt(minimum) * 100_000_000n >= BigInt(euroCents) * scaled).toBe(true);
        expect(BigInt(minimum - 1) * 100_000_000n < BigInt(euroCents) * scaled).toBe(true);
      }
    }
  });

  it('works on whole cents only', () => {
    expect(minimumDepositMinor(0, '1.08')).toBe(0);
    expect(() => minimumDepositMinor(10.5, '1.08')).toThrow(RangeError);
    expect(() => minimumDepositMinor(-1, '1.08')).toThrow(RangeError);
    expect(() => minimumDepositMinor(1000, '0')).toThrow(RangeError);
  });
});
