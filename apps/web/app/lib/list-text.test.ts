import { describe, expect, it } from 'vitest';
import { listText } from './list-text';

describe('listText', () => {
  const lists = [
    [],
    ['Visa'],
    ['Visa', 'Mastercard'],
    ['Visa', 'Mastercard', 'SEPA'],
    ['Visa', 'Mastercard', 'SEPA', 'PayPal'],
    ['Visa', 'Iberia'],
    ['Visa', 'Hilo'],
    ['Visa', 'Otto'],
  ];

  it.each(['en', 'de', 'fr', 'es', 'it', 'pl'])('writes %s exactly as Intl.ListFormat does', (locale) => {
    const intl = new Intl.ListFormat(locale, { type: 'conjunction' });
    for (const items of lists) expect(listText(items, locale), items.join('|')).toBe(intl.format(items));
  });

  it('needs no Intl.ListFormat for the shop languages, and uses it for any other', () => {
    const Original = Intl.ListFormat;
    let made = 0;
    const intl = Intl as { ListFormat: typeof Intl.ListFormat };
    intl.ListFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        made += 1;
      }
    } as typeof Original;
    try {
      for (const locale of ['en', 'de', 'fr', 'es', 'it', 'pl'])
        listText(['Visa', 'Mastercard', 'SEPA'], locale);
      expect(made).toBe(0);
      expect(listText(['Visa', 'Mastercard'], 'nl')).toBe('Visa en Mastercard');
      expect(made).toBe(1);
    } finally {
      intl.ListFormat = Original;
    }
  });
});
