import { describe, expect, it } from 'vitest';
import { catalogueDifferences, withEnglish } from './text-catalogue';

const english = {
  mail: { subject: 'Your order no. {number}', lines: ['Thank you, {name}.', 'See you soon.'] },
  credits: { one: 'credit', other: 'credits' },
  close: 'Close',
};

describe('a language’s catalogue', () => {
  it('takes English’s text wherever it has none, a list whole, and keeps its own plural forms', () => {
    const polish = {
      mail: { lines: ['Dziękujemy, {name}.'] },
      credits: { one: 'kredyt', few: 'kredyty', many: 'kredytów', other: 'kredytu' },
    };
    expect(withEnglish(english, polish)).toEqual({
      mail: { subject: 'Your order no. {number}', lines: ['Dziękujemy, {name}.'] },
      credits: { one: 'kredyt', few: 'kredyty', many: 'kredytów', other: 'kredytu' },
      close: 'Close',
    });
    expect(withEnglish(english, undefined)).toBe(english);
  });

  it('is complete when it has English’s keys, the same values in braces and its own plural categories', () => {
    const german = {
      mail: { subject: 'Deine Bestellung Nr. {number}', lines: ['Danke, {name}.', 'Bis bald.'] },
      credits: { one: 'Credit', other: 'Credits' },
      close: 'Schließen',
    };
    expect(catalogueDifferences(english, german, 'de')).toEqual([]);
    expect(catalogueDifferences(english, english, 'en')).toEqual([]);
  });

  it('names each key that is missing, added or written otherwise than in English', () => {
    const french = {
      mail: { subject: 'Votre commande', lines: ['Merci, {name}.'] },
      credits: { one: 'crédit', few: 'crédits', other: 'crédits' },
      open: 'Ouvrir',
    };
    expect(catalogueDifferences(english, french, 'fr')).toEqual([
      'mail.subject: names no placeholder, English {number}',
      'mail.lines: 1 lines, English 2',
      'credits.many: missing',
      'credits.few: not a plural form of fr',
      'close: missing',
      'open: not in English',
    ]);
    expect(catalogueDifferences(english, { ...english, close: ['Close'] }, 'en')).toEqual([
      'close: a text in English, not here',
    ]);
  });
});
