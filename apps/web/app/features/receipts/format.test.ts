import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../lib/i18n';
import type { Messages } from '../../lib/messages';
import { messagesFor } from '../../lib/messages.server';
import { receiptMoney } from './format';

const money = (
  language: string,
  receipt: { kind: 'purchase' | 'deposit'; currency: string; currency_symbol: string | null },
) => receiptMoney(receipt, language, createTranslator(language, messagesFor(language) as Messages).t);

describe("a receipt's amounts", () => {
  it("write a purchase's credits with the form each number needs, in every language", () => {
    const purchase = (currency: string) => ({ kind: 'purchase' as const, currency, currency_symbol: null });
    expect(money('en', purchase('Credits'))(1649)).toBe('16.49 credits');
    expect(money('en', purchase('Credits'))(100)).toBe('1 credit');
    expect(money('de', purchase('Credits'))(2500)).toBe('25 Credits');
    expect(money('fr', purchase('Crédits'))(150)).toBe('1,50 crédit');
    expect(money('es', purchase('Créditos'))(100)).toBe('1 crédito');
    expect(money('it', purchase('Crediti'))(700)).toBe('7 crediti');
    const polish = money('pl', purchase('Kredyty'));
    expect([100, 200, 500, 1190].map(polish)).toEqual([
      '1 kredyt',
      '2 kredyty',
      '5 kredytów',
      '11,90 kredytu',
    ]);
  });

  it("write a deposit's in the currency paid, with its sign or code", () => {
    expect(money('en', { kind: 'deposit', currency: 'EUR', currency_symbol: '€' })(2500)).toBe('€25.00');
    expect(money('pl', { kind: 'deposit', currency: 'PLN', currency_symbol: 'zł' })(2500)).toBe('25,00 zł');
    expect(money('de', { kind: 'deposit', currency: 'CHF', currency_symbol: null })(2500)).toBe('25,00 CHF');
  });
});
