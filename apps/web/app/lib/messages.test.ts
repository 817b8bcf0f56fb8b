import { describe, expect, it } from 'vitest';
import { mergeMessages } from './messages';
import { messagesFor } from './messages.server';

describe('mergeMessages', () => {
  it('merges nested texts and dotted override keys without changing its inputs', () => {
    const base = { footer: { support: 'Support', language: 'Language' } };
    const merged = mergeMessages(base, { 'footer.support': 'Help desk', 'header.home': 'Start' });
    expect(merged).toEqual({
      footer: { support: 'Help desk', language: 'Language' },
      header: { home: 'Start' },
    });
    expect(base.footer.support).toBe('Support');
  });
});

describe('messagesFor', () => {
  it('gives German texts for de, English for a language without its own file', () => {
    const german = messagesFor('de') as { footer: { language: string } };
    expect(german.footer.language).toBe('Sprache');
    const unknown = messagesFor('xx') as { footer: { language: string } };
    expect(unknown.footer.language).toBe('Language');
  });

  it('lets the words endpoint override a built-in text', () => {
    const texts = messagesFor('fr', { 'footer.language': 'Idiome' }) as { footer: { language: string } };
    expect(texts.footer.language).toBe('Idiome');
  });

  it('has every English text in each of the five other languages, each translated', () => {
    const flatten = (messages: object, prefix = ''): Record<string, string> =>
      Object.entries(messages).reduce<Record<string, string>>((all, [key, value]) => {
        if (typeof value === 'string') all[prefix + key] = value;
        else Object.assign(all, flatten(value, `${prefix}${key}.`));
        return all;
      }, {});
    const english = flatten(messagesFor('en'));
    for (const locale of ['de', 'fr', 'es', 'it', 'pl']) {
      const own = flatten(messagesFor(locale));
      // A language may have plural forms English lacks (Polish "few" and "many") for a text with "_other".
      const extraPlural = (key: string) =>
        /_(zero|two|few|many)$/.test(key) && `${key.replace(/_[a-z]+$/, '')}_other` in english;
      expect(
        Object.keys(own)
          .filter((key) => !extraPlural(key))
          .sort(),
        locale,
      ).toEqual(Object.keys(english).sort());
      const copied = Object.keys(english).filter(
        (key) =>
          own[key] === english[key] && !key.startsWith('brand') && !/\{\{|^[\W\d]*$/.test(english[key] ?? ''),
      );
      expect(copied, `${locale} texts left in English`).toEqual([]);
    }
  });
});
