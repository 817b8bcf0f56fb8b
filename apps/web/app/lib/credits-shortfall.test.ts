import { describe, expect, it } from 'vitest';
import { CURRENCY_NAMES } from '../test/render-in-site';
import { shortfallText } from './credits-shortfall';
import { createTranslator } from './i18n';
import type { Messages } from './messages';
import { messagesFor } from './messages.server';

/** The cart's and the generator's "You need … more." for `cents` missing, in `language`. */
const short = (language: string, cents: number, name = CURRENCY_NAMES[language] as string) =>
  shortfallText(
    'cart.short',
    cents,
    language,
    name,
    createTranslator(language, messagesFor(language) as Messages).t,
  );

describe('how many credits are missing', () => {
  it('puts the amount in the genitive after "brakuje" in Polish', () => {
    expect(short('pl', 100)).toBe('Brakuje ci 1 kredytu.');
    expect(short('pl', 200)).toBe('Brakuje ci 2 kredytów.');
    expect(short('pl', 500)).toBe('Brakuje ci 5 kredytów.');
    expect(short('pl', 2200)).toBe('Brakuje ci 22 kredytów.');
    expect(short('pl', 1190)).toBe('Brakuje ci 11,90 kredytu.');
  });

  it('makes the verb agree with the amount in German, Spanish and Italian', () => {
    expect(short('de', 100)).toBe('Dir fehlt 1 Credit.');
    expect(short('de', 200)).toBe('Dir fehlen 2 Credits.');
    expect(short('de', 150)).toBe('Dir fehlen 1,50 Credits.');
    expect(short('es', 100)).toBe('Te falta 1 crédito.');
    expect(short('es', 700)).toBe('Te faltan 7 créditos.');
    expect(short('it', 100)).toBe('Ti manca 1 credito.');
    expect(short('it', 700)).toBe('Ti mancano 7 crediti.');
  });

  it('keeps the count forms where the sentence changes nothing, in English and French', () => {
    expect(short('en', 100)).toBe('You need 1 credit more.');
    expect(short('en', 1190)).toBe('You need 11.90 credits more.');
    expect(short('fr', 100)).toBe('Il vous manque 1 crédit.');
    expect(short('fr', 300)).toBe('Il vous manque 3 crédits.');
    expect(short('fr', 100_000_000)).toBe('Il vous manque 1\u202f000\u202f000 de crédits.');
  });

  it('writes a currency the shop renamed as it was named', () => {
    expect(short('pl', 500, 'Żetony')).toBe('Brakuje ci 5 Żetony.');
  });
});
