import { describe, expect, it } from 'vitest';
import { receiptNumber, vatRateHundredths, vatShare } from './receipts';

describe('receipt numbers', () => {
  it('are the kind, the year and the zero-padded id', () => {
    expect(receiptNumber('purchase', 123, new Date('2026-03-04T10:00:00Z'))).toBe('P-2026-000123');
    expect(receiptNumber('deposit', 7, new Date('2025-12-31T23:59:59Z'))).toBe('D-2025-000007');
    expect(receiptNumber('deposit', 12_345_678, new Date('2026-01-01T00:00:00Z'))).toBe('D-2026-12345678');
  });
});

describe('the VAT share of a gross amount', () => {
  it('reads rates with up to two decimals and refuses anything else', () => {
    expect(vatRateHundredths('0')).toBe(0);
    expect(vatRateHundredths('19')).toBe(1900);
    expect(vatRateHundredths('7.7')).toBe(770);
    expect(vatRateHundredths('8.25')).toBe(825);
    expect(vatRateHundredths('100')).toBeNull();
    expect(vatRateHundredths('7.777')).toBeNull();
    expect(vatRateHundredths('-5')).toBeNull();
  });

  it('is gross × rate / (100 % + rate), rounded half up, on integers', () => {
    // 3 × 20 / 120 = 0.5 exactly: half goes up.
    expect(vatShare(3, 2000)).toBe(1);
    // 2500 × 23 / 123 = 467.48…
    expect(vatShare(2500, 2300)).toBe(467);
    // 1649 × 10 / 110 = 149.909…
    expect(vatShare(1649, 1000)).toBe(150);
    expect(vatShare(1649, 0)).toBe(0);
    expect(vatShare(0, 2300)).toBe(0);
    // Far beyond what a float holds exactly: 9007199254740991 × 19 / 119 = 1438124250756964.95…
    expect(vatShare(Number.MAX_SAFE_INTEGER, 1900)).toBe(1_438_124_250_756_965);
    expect(() => vatShare(12.5, 1900)).toThrow(RangeError);
  });
});
