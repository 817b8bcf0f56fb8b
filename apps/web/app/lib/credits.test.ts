import { describe, expect, it } from 'vitest';
import de from '../locales/de/wallet.json';
import en from '../locales/en/wallet.json';
import es from '../locales/es/wallet.json';
import fr from '../locales/fr/wallet.json';
import it_ from '../locales/it/wallet.json';
import pl from '../locales/pl/wallet.json';
import { CURRENCY_NAMES as names } from '../test/render-in-site';
import { creditsText, formatCredits } from './credits';
import { creditsParts } from './credits-parts';
import { createTranslator } from './i18n';
import type { Messages } from './messages';

const texts: Record<string, Messages> = { en, de, fr, es, it: it_, pl };
const say = (locale: string, cents: number, name = names[locale] as string) =>
  formatCredits(cents, locale, name, createTranslator(locale, texts[locale] as Messages).t);

describe('an amount of credits with its name in the form the number needs', () => {
  it('says one credit and several credits in English, without decimals for a whole amount', () => {
    expect(say('en', 100)).toBe('1 credit');
    expect(say('en', 200)).toBe('2 credits');
    expect(say('en', 0)).toBe('0 credits');
    expect(say('en', 1190)).toBe('11.90 credits');
    expect(say('en', 123_456_700)).toBe('1,234,567 credits');
  });

  it('uses the Polish one, few and many forms, and the genitive singular for a fraction', () => {
    expect(say('pl', 100)).toBe('1 kredyt');
    expect(say('pl', 200)).toBe('2 kredyty');
    expect(say('pl', 2200)).toBe('22 kredyty');
    expect(say('pl', 500)).toBe('5 kredytów');
    expect(say('pl', 1200)).toBe('12 kredytów');
    expect(say('pl', 1190)).toBe('11,90 kredytu');
    expect(say('pl', 150)).toBe('1,50 kredytu');
  });

  it('has the forms of the other languages', () => {
    expect(say('de', 100)).toBe('1 Credit');
    expect(say('de', 250)).toBe('2,50 Credits');
    expect(say('fr', 100)).toBe('1 crédit');
    expect(say('fr', 150)).toBe('1,50 crédit');
    expect(say('fr', 300)).toBe('3 crédits');
    expect(say('fr', 100_000_000)).toBe('1\u202f000\u202f000 de crédits');
    expect(say('es', 100)).toBe('1 crédito');
    expect(say('es', 700)).toBe('7 créditos');
    expect(say('it', 100)).toBe('1 credito');
    expect(say('it', 700)).toBe('7 crediti');
  });

  it('writes a currency the shop renamed as it was named, its forms being unknown', () => {
    expect(say('en', 100, 'Tokens')).toBe('1 Tokens');
    expect(say('pl', 500, 'Żetony')).toBe('5 Żetony');
    // The default name in another case is still the default name.
    expect(say('pl', 500, 'kredyty')).toBe('5 kredytów');
  });

  it('has the genitive forms a sentence asks for: its own in Polish, the count forms elsewhere', () => {
    const genitive = (locale: string, cents: number) =>
      formatCredits(
        cents,
        locale,
        names[locale] as string,
        createTranslator(locale, texts[locale] as Messages).t,
        'credits.genitive',
      );
    expect([100, 200, 500, 2200, 1190].map((cents) => genitive('pl', cents))).toEqual([
      '1 kredytu',
      '2 kredytów',
      '5 kredytów',
      '22 kredytów',
      '11,90 kredytu',
    ]);
    for (const locale of ['en', 'de', 'fr', 'es', 'it']) {
      for (const cents of [100, 150, 700, 100_000_000]) {
        expect(genitive(locale, cents), `${locale} ${cents}`).toBe(say(locale, cents));
      }
    }
  });

  it('words a number already written, as the exchange rate line does', () => {
    const { t } = createTranslator('pl', texts.pl as Messages);
    expect(creditsText('1', 1, 'Kredyty', t)).toBe('1 kredyt');
    expect(creditsText('0,9259', 0.9259, 'Kredyty', t)).toBe('0,9259 kredytu');
  });

  it('cuts the text around its number for a page that sets the number larger', () => {
    const parts = (locale: string, cents: number, name = names[locale] as string) =>
      creditsParts(cents, locale, name, createTranslator(locale, texts[locale] as Messages).t);
    expect(parts('en', 100)).toEqual({ before: '', amount: '1', after: ' credit' });
    expect(parts('pl', 500)).toEqual({ before: '', amount: '5', after: ' kredytów' });
    expect(parts('pl', 1190)).toEqual({ before: '', amount: '11,90', after: ' kredytu' });
    expect(parts('fr', 100_000_000)).toEqual({
      before: '',
      amount: '1\u202f000\u202f000',
      after: ' de crédits',
    });
    expect(parts('en', 250, 'Tokens')).toEqual({ before: '', amount: '2.50', after: ' Tokens' });
  });
});
