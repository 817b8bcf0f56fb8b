import { validationMessages } from '@promptmarket/contracts/validation-messages';
import { describe, expect, it } from 'vitest';
import { mergeMessages } from './messages';
import { allMessagesFor, backOfficeMessagesFor, messagesFor } from './messages.server';

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

describe('allMessagesFor', () => {
  it('gives German texts for de, English for a language without its own file', () => {
    const german = allMessagesFor('de') as { footer: { language: string } };
    expect(german.footer.language).toBe('Sprache');
    const unknown = allMessagesFor('xx') as { footer: { language: string } };
    expect(unknown.footer.language).toBe('Language');
  });

  it('lets the words endpoint override a built-in text', () => {
    const texts = allMessagesFor('fr', { 'footer.language': 'Idiome' }) as { footer: { language: string } };
    expect(texts.footer.language).toBe('Idiome');
  });

  it('has every English text in each of the five other languages, each translated', () => {
    const flatten = (messages: object, prefix = ''): Record<string, string> =>
      Object.entries(messages).reduce<Record<string, string>>((all, [key, value]) => {
        if (typeof value === 'string') all[prefix + key] = value;
        else Object.assign(all, flatten(value, `${prefix}${key}.`));
        return all;
      }, {});
    const english = flatten(allMessagesFor('en'));
    // Words a language writes as English does: German borrows "Credits" and writes "Name" alike; French writes "Date",
    // "Description", "Total" and "Notifications" alike; Spanish "Total".
    const sameWord: Record<string, string[]> = {
      de: ['credits.name', 'contact.name'],
      fr: [
        'mailPreferences.tab',
        'receipts.date',
        'receipts.description',
        'receipts.total',
        'admin.sepa.head.total',
      ],
      es: ['receipts.total', 'admin.sepa.head.total'],
      it: ['admin.reports.period', 'admin.sepa.head.message'],
      pl: ['admin.refunds.status'],
    };
    for (const locale of ['de', 'fr', 'es', 'it', 'pl']) {
      const own = flatten(allMessagesFor(locale));
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
          own[key] === english[key] &&
          !key.startsWith('brand') &&
          !sameWord[locale]?.includes(key) &&
          !/\{\{|^[\W\d]*$/.test(english[key] ?? ''),
      );
      expect(copied, `${locale} texts left in English`).toEqual([]);
    }
  });
});

describe('the shop’s and the back office’s texts', () => {
  it('leaves the back office’s texts out of every shop page but the link to it, and adds them back there', () => {
    const shop = messagesFor('de', { 'admin.title': 'Verwaltung' }) as { admin: Record<string, unknown> };
    expect(shop.admin).toEqual({ link: (allMessagesFor('de') as { admin: { link: string } }).admin.link });
    const backOffice = backOfficeMessagesFor('de', { 'admin.title': 'Verwaltung' }) as {
      admin: { title: string; nav: Record<string, string> };
    };
    expect(backOffice.admin.title).toBe('Verwaltung');
    expect(Object.keys(backOffice)).toEqual(['admin']);
    expect(backOffice.admin.nav.offers).toBeTruthy();
    // The shop page's texts are much smaller without them.
    expect(JSON.stringify(shop).length).toBeLessThan(JSON.stringify(allMessagesFor('de')).length - 3000);
  });
});

describe('the validation texts', () => {
  it('are among a page’s texts in its own language only, so no script carries every language’s', () => {
    const german = messagesFor('de') as { validation: { password: { min: string } } };
    expect(german.validation.password.min).toBe(validationMessages.de['password.min']);
    const page = JSON.stringify(german);
    expect(page).not.toContain(JSON.stringify(validationMessages.fr['password.min']));
    expect(page).not.toContain(JSON.stringify(validationMessages.en['password.min']));
    // A key with no dot stands as it is.
    const english = messagesFor('en') as { validation: Record<string, unknown> };
    expect(english.validation['The verification link is invalid or has expired']).toBe(
      'The verification link is invalid or has expired',
    );
  });
});
