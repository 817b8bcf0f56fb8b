import { describe, expect, it } from 'vitest';
import { formatReceiptCredits } from './receipts.format';

describe('an amount of credits on a receipt', () => {
  it('takes the form the number needs in each language, grouped as the language groups', () => {
    expect(formatReceiptCredits(100, 'en', 'Credits')).toBe('1 credit');
    expect(formatReceiptCredits(1390, 'en', 'Credits')).toBe('13.90 credits');
    expect(formatReceiptCredits(123_450, 'en', 'Credits')).toBe('1,234.50 credits');
    expect(formatReceiptCredits(2500, 'de', 'Credits')).toBe('25 Credits');
    expect(formatReceiptCredits(100, 'de', 'Credits')).toBe('1 Credit');
    expect(formatReceiptCredits(150, 'fr', 'Crédits')).toBe('1,50 crédit');
    expect(formatReceiptCredits(300, 'fr', 'Crédits')).toBe('3 crédits');
    expect(formatReceiptCredits(100_000_000, 'fr', 'Crédits')).toBe('1\u202f000\u202f000 de crédits');
    expect(formatReceiptCredits(100, 'es', 'Créditos')).toBe('1 crédito');
    expect(formatReceiptCredits(1390, 'es', 'Créditos')).toBe('13,90 créditos');
    expect(formatReceiptCredits(100, 'it', 'Crediti')).toBe('1 credito');
    expect(formatReceiptCredits(700, 'it', 'Crediti')).toBe('7 crediti');
  });

  it('says 1 kredyt, 2 kredyty, 5 kredytów and 11,90 kredytu in Polish', () => {
    expect(formatReceiptCredits(100, 'pl', 'Kredyty')).toBe('1 kredyt');
    expect(formatReceiptCredits(200, 'pl', 'Kredyty')).toBe('2 kredyty');
    expect(formatReceiptCredits(500, 'pl', 'Kredyty')).toBe('5 kredytów');
    expect(formatReceiptCredits(2200, 'pl', 'Kredyty')).toBe('22 kredyty');
    expect(formatReceiptCredits(1190, 'pl', 'Kredyty')).toBe('11,90 kredytu');
  });

  it('writes a currency the shop renamed as it was named', () => {
    expect(formatReceiptCredits(500, 'pl', 'Żetony')).toBe('5 Żetony');
    expect(formatReceiptCredits(1390, 'en', 'Tokens')).toBe('13.90 Tokens');
  });
});
