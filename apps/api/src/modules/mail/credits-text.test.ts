import { describe, expect, it } from 'vitest';
import { formatCredits } from '../../../../web/app/lib/credits';
import { createTranslator } from '../../../../web/app/lib/i18n';
import type { Messages } from '../../../../web/app/lib/messages';
import de from '../../../../web/app/locales/de/wallet.json';
import en from '../../../../web/app/locales/en/wallet.json';
import es from '../../../../web/app/locales/es/wallet.json';
import fr from '../../../../web/app/locales/fr/wallet.json';
import it_ from '../../../../web/app/locales/it/wallet.json';
import pl from '../../../../web/app/locales/pl/wallet.json';
import { creditsText } from './credits-text';

describe('an amount of credits in a mail', () => {
  it('says one credit and several credits, without decimals for a whole amount', () => {
    expect(creditsText(100, 'en', 'Credits')).toBe('1 credit');
    expect(creditsText(2500, 'en', 'Credits')).toBe('25 credits');
    expect(creditsText(1190, 'en', 'Credits')).toBe('11.90 credits');
    expect(creditsText(0, 'en', 'Credits')).toBe('0 credits');
  });

  it('uses the Polish one, few and many forms, and the genitive singular for a fraction', () => {
    expect(creditsText(100, 'pl', 'Kredyty')).toBe('1 kredyt');
    expect(creditsText(200, 'pl', 'Kredyty')).toBe('2 kredyty');
    expect(creditsText(2200, 'pl', 'Kredyty')).toBe('22 kredyty');
    expect(creditsText(500, 'pl', 'Kredyty')).toBe('5 kredytów');
    expect(creditsText(1200, 'pl', 'Kredyty')).toBe('12 kredytów');
    expect(creditsText(1190, 'pl', 'Kredyty')).toBe('11,90 kredytu');
  });

  it('has the forms of the other languages', () => {
    expect(creditsText(100, 'de', 'Credits')).toBe('1 Credit');
    expect(creditsText(250, 'de', 'Credits')).toBe('2,50 Credits');
    expect(creditsText(100, 'fr', 'Crédits')).toBe('1 crédit');
    expect(creditsText(150, 'fr', 'Crédits')).toBe('1,50 crédit');
    expect(creditsText(300, 'fr', 'Crédits')).toBe('3 crédits');
    expect(creditsText(100_000_000, 'fr', 'Crédits')).toBe('1\u202f000\u202f000 de crédits');
    expect(creditsText(100, 'es', 'Créditos')).toBe('1 crédito');
    expect(creditsText(700, 'es', 'Créditos')).toBe('7 créditos');
    expect(creditsText(100, 'it', 'Crediti')).toBe('1 credito');
    expect(creditsText(700, 'it', 'Crediti')).toBe('7 crediti');
  });

  it('writes a currency the shop renamed as it was named, its forms being unknown', () => {
    expect(creditsText(100, 'en', 'Tokens')).toBe('1 Tokens');
    expect(creditsText(500, 'pl', 'Żetony')).toBe('5 Żetony');
    expect(creditsText(500, 'pl', 'kredyty')).toBe('5 kredytów');
    // Another language's default name is not this language's.
    expect(creditsText(500, 'pl', 'Credits')).toBe('5 Credits');
  });

  it('writes the genitive a sentence asks for: its own forms in Polish, the count forms elsewhere', () => {
    expect(creditsText(100, 'pl', 'Kredyty', 'genitive')).toBe('1 kredytu');
    expect(creditsText(200, 'pl', 'Kredyty', 'genitive')).toBe('2 kredytów');
    expect(creditsText(500, 'pl', 'Kredyty', 'genitive')).toBe('5 kredytów');
    expect(creditsText(2200, 'pl', 'Kredyty', 'genitive')).toBe('22 kredytów');
    expect(creditsText(1190, 'pl', 'Kredyty', 'genitive')).toBe('11,90 kredytu');
    const names = { en: 'Credits', de: 'Credits', fr: 'Crédits', es: 'Créditos', it: 'Crediti' };
    for (const [locale, name] of Object.entries(names)) {
      for (const minor of [100, 150, 700]) {
        expect(creditsText(minor, locale, name, 'genitive'), locale).toBe(creditsText(minor, locale, name));
      }
    }
    expect(creditsText(500, 'pl', 'Żetony', 'genitive')).toBe('5 Żetony');
  });

  it('groups the thousands of a large amount and writes a fraction as the language does', () => {
    expect(creditsText(100_000_000, 'en', 'Credits')).toBe('1,000,000 credits');
    expect(creditsText(100_000_000, 'de', 'Credits')).toBe('1.000.000 Credits');
    expect(creditsText(100_000_000, 'pl', 'Kredyty')).toBe('1\u00a0000\u00a0000 kredytów');
    expect(creditsText(123_450, 'en', 'Credits')).toBe('1,234.50 credits');
    expect(creditsText(123_450, 'de', 'Credits')).toBe('1.234,50 Credits');
    // Spanish, Italian and Polish group a whole part of five digits or more, not of four.
    expect(creditsText(123_450, 'es', 'Créditos')).toBe('1234,50 créditos');
    expect(creditsText(1_234_500, 'it', 'Crediti')).toBe('12.345 crediti');
    expect(creditsText(-100_000_000, 'en', 'Tokens')).toBe('-1,000,000 Tokens');
  });

  it('writes an amount as the shop’s pages write it in each language', () => {
    const texts: Record<string, Messages> = { en, de, fr, es, it: it_, pl };
    for (const [locale, messages] of Object.entries(texts)) {
      const { t } = createTranslator(locale, messages);
      const name = t('credits.name');
      for (const minor of [0, 100, 200, 500, 1190, 2200, 150, 123_450, 1_234_500, 100_000_000, 123_456_789]) {
        expect(creditsText(minor, locale, name), `${locale} ${minor}`).toBe(
          formatCredits(minor, locale, name, t),
        );
      }
      expect(creditsText(100_000_000, locale, 'Tokens')).toBe(
        formatCredits(100_000_000, locale, 'Tokens', t),
      );
    }
  });
});
