import { readdirSync, readFileSync } from 'node:fs';
import { validationMessages } from '@promptmarket/contracts';
import { describe, expect, it } from 'vitest';
import { seedPages } from './modules/content/content.seed-pages';
import { mailTexts } from './modules/mail/mail.templates';
import { translatedGeneratedLicences, translatedLicences } from './modules/orders/orders.licence';
import { receiptTexts } from './modules/receipts/receipts.texts';

/**
 * Every text the shop shows or sends, by language: the web app's texts, the mails, the seeded
 * static pages, the receipts, the form messages and the licences. Each is named by where it lives
 * and its key, so a failure says which text to fix.
 */

const languages = ['en', 'de', 'fr', 'es', 'it', 'pl'] as const;
type Language = (typeof languages)[number];
type Text = { where: string; text: string };

function flatten(value: unknown, prefix: string, into: Text[]): Text[] {
  if (typeof value === 'string') into.push({ where: prefix, text: value });
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value))
      flatten(inner, prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`, into);
  }
  return into;
}

const localesDir = new URL('../../web/app/locales/', import.meta.url);

function textsOf(language: Language): Text[] {
  const texts: Text[] = [];
  const dir = new URL(`${language}/`, localesDir);
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    flatten(JSON.parse(readFileSync(new URL(file, dir), 'utf8')), `locales/${language}/${file}:`, texts);
  }
  for (const [kind, byLanguage] of Object.entries(mailTexts)) {
    flatten(byLanguage[language], `mail ${kind}:`, texts);
  }
  for (const page of seedPages) {
    const { title, body } = page.translations[language];
    texts.push({ where: `page ${page.slug}: title`, text: title });
    body.split('\n\n').forEach((paragraph, index) => {
      texts.push({ where: `page ${page.slug}: paragraph ${index + 1}`, text: paragraph });
    });
  }
  flatten(receiptTexts[language], 'receipt:', texts);
  flatten((validationMessages as Record<string, unknown>)[language], 'validation message:', texts);
  if (language !== 'en') {
    texts.push({ where: `LICENSE.${language}.txt`, text: translatedLicences[language] ?? '' });
    texts.push({
      where: `generated image's LICENSE.${language}.txt`,
      text: translatedGeneratedLicences[language] ?? '',
    });
  }
  return texts;
}

/** Each text's matches of a pattern (global), as "where: «match»". */
function found(texts: Text[], pattern: RegExp, keep: (text: string, index: number) => boolean = () => true) {
  return texts.flatMap(({ where, text }) =>
    [...text.matchAll(pattern)]
      .filter((match) => keep(text, match.index ?? 0))
      .map((match) => `${where} «${match[0]}»`),
  );
}

describe('what the texts promise about money', () => {
  /**
   * The balance buys prompts and image generation and is never paid out (decision 0053); what the
   * shop pays for a sold work goes to the seller's card or bank account, not to the balance.
   */
  const falsePromises: Record<Language, RegExp[]> = {
    en: [
      /withdraw\w*\s+(?:your\s+|the\s+|their\s+)?(?:balance|credits)/gi,
      /\b(?:sale|sold|offer)\b[^.]*credited to (?:your|the|their) balance/gi,
    ],
    de: [/Guthaben[^.]*\bauszahlen\b/g, /(?:Verkauf|verkauf|Angebot)[^.]*Guthaben[^.]*gutgeschrieben/g],
    fr: [
      /retir\w*\s+(?:votre\s+|le\s+|son\s+)?solde/gi,
      /(?:vente|vendu|offre)[^.]*crédité\w* sur (?:votre|le) solde/gi,
    ],
    es: [/retir\w*\s+(?:tu\s+|el\s+|su\s+)?saldo/gi, /(?:venta|vend|oferta)[^.]*abona\w*[^.]*saldo/gi],
    it: [
      /prelev\w*\s+(?:il\s+)?(?:tuo\s+)?saldo/gi,
      /(?:vendita|vend|offerta)[^.]*accreditat\w*[^.]*saldo/gi,
    ],
    pl: [/wypła\w*\s+(?:swoje\s+|twoje\s+)?saldo/gi, /(?:sprzeda|ofert)[^.]*dopis\w*[^.]*sald/gi],
  };

  for (const language of languages) {
    it(`never says in ${language} that the balance can be withdrawn or that a sale is credited to it`, () => {
      const texts = textsOf(language);
      expect(falsePromises[language].flatMap((pattern) => found(texts, pattern))).toEqual([]);
    });
  }

  /** Per language: the terms' and the about page's words for how a sale is paid and what the balance is for. */
  const truths: Record<Language, { terms: string[]; about: string[] }> = {
    en: {
      terms: [
        'paid out in euros directly to your card or, by SEPA bank transfer, to your bank account',
        'it is not paid out to you',
        'any balance left on it is forfeited',
      ],
      about: [
        'pays the price out to your card',
        'by SEPA bank transfer to your bank account',
        'it is not paid out',
      ],
    },
    de: {
      terms: [
        'direkt auf deine Karte oder per SEPA-Überweisung auf dein Bankkonto ausgezahlt',
        'es wird nicht ausgezahlt',
        'verfällt das restliche Guthaben',
      ],
      about: [
        'zahlt dir den Preis auf deine Karte',
        'per SEPA-Überweisung auf dein Bankkonto',
        'es wird nicht ausgezahlt',
      ],
    },
    fr: {
      terms: [
        'directement sur votre carte ou, par virement bancaire SEPA, sur votre compte bancaire',
        'il ne vous est pas versé en argent',
        'le solde restant est perdu',
      ],
      about: [
        'vous en verse le prix sur votre carte',
        'par virement bancaire SEPA sur votre compte bancaire',
        'il ne vous est pas versé en argent',
      ],
    },
    es: {
      terms: [
        'directamente en tu tarjeta o, por transferencia bancaria SEPA, en tu cuenta bancaria',
        'no se te paga en dinero',
        'pierdes el saldo que quede en ella',
      ],
      about: [
        'te paga ese precio en tu tarjeta',
        'por transferencia bancaria SEPA en tu cuenta bancaria',
        'no se te paga en dinero',
      ],
    },
    it: {
      terms: [
        'direttamente sulla tua carta o, con bonifico bancario SEPA, sul tuo conto bancario',
        'non ti viene pagato in denaro',
        'il saldo rimasto va perso',
      ],
      about: [
        'ti paga il prezzo sulla tua carta',
        'con bonifico bancario SEPA sul tuo conto bancario',
        'non ti viene pagato in denaro',
      ],
    },
    pl: {
      terms: [
        'bezpośrednio na twoją kartę lub przelewem SEPA na twoje konto bankowe',
        'nie jest wypłacane',
        'pozostałe na nim saldo przepada',
      ],
      about: [
        'wypłaca ci tę cenę na kartę',
        'przelewem bankowym SEPA na konto bankowe',
        'nie jest wypłacane',
      ],
    },
  };

  it('has the terms and the about page say, in every language, where a sale is paid and what the balance is for', () => {
    const page = (slug: string) => seedPages.find((candidate) => candidate.slug === slug);
    for (const language of languages) {
      const terms = page('terms')?.translations[language].body ?? '';
      const about = page('about-us')?.translations[language].body ?? '';
      for (const words of truths[language].terms) expect(terms, `terms ${language}`).toContain(words);
      for (const words of truths[language].about) expect(about, `about-us ${language}`).toContain(words);
    }
  });
});

describe('one way of addressing the reader per language', () => {
  /**
   * The register each language speaks in (decision 0053): German "du", French "vous", Spanish
   * "tú", Italian "tu", Polish "Ty". The words listed are the other register's.
   */
  const otherRegister: Record<Exclude<Language, 'en'>, RegExp> = {
    de: /\b(?:Sie|Ihnen|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres)\b/g,
    fr: /(?<![\p{L}’'])(?:(?:tu|toi|ton|ta|tes|te)(?![\p{L}’'])|t[’'](?=\p{L}))/giu,
    es: /\b(?:usted|ustedes|Ud|Uds|Vd|Vds)\b/gi,
    it: /(?<![\p{L}’'])(?:Lei|La|Le|Sua|Suo|Sue|Suoi)(?!\p{L})/gu,
    pl: /(?<!\p{L})(?:Pan|Pani|Pana|Panu|Panią|Panem|Państwo|Państwa|Państwu|Pańsk\p{L}*)(?!\p{L})/gu,
  };

  /**
   * German "Sie", "Ihr" … and Italian "La", "Le" … also mean "they", "her/their/its" and "the":
   * inside a sentence those are written in lower case (the articles aside), so capitalised there
   * they can only address the reader formally. At a sentence's start either reading is possible;
   * the texts where it is the other one are listed here, each checked to still say it.
   */
  const notTheReader: Partial<Record<Language, Record<string, string>>> = {
    de: {
      'locales/de/admin-search.json:admin.languages.hint «Ihre»': 'its pages: the language’s',
      'locales/de/admin-security.json:admin.security.recovery.intro «Sie»': 'they: the codes',
      'locales/de/admin-work.json:adminWork.messages.hideQuestion «Sie»': 'they: the messages',
      'locales/de/admin.json:admin.payouts.confirmExport «Sie»': 'they: the transfers',
      'locales/de/offers.json:offers.payouts.empty «Sie»': 'they: the payouts',
      'validation message:iban.checksum «Ihre»': 'its check digits: the IBAN’s',
    },
  };
  const ambiguousAtStart: Partial<Record<Language, RegExp>> = {
    de: /^(?:Sie|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres)$/,
    it: /^(?:La|Le)$/,
  };

  /** Whether the word at `index` opens a sentence: the text's start, or after . ! ? : or a line break, past quotes and markup. */
  function opensSentence(text: string, index: number): boolean {
    const before = text.slice(0, index).replace(/[\s„“”"«»‘’'(#*–-]+$/u, '');
    return before === '' || /[.!?:\n]$/.test(before);
  }

  for (const language of ['de', 'fr', 'es', 'it', 'pl'] as const) {
    it(`speaks to the reader in one register in ${language}`, () => {
      const ambiguous = ambiguousAtStart[language];
      const other = textsOf(language).flatMap(({ where, text }) =>
        [...text.matchAll(otherRegister[language])].flatMap((match) => {
          const word = match[0];
          const atStart = opensSentence(text, match.index ?? 0);
          // Italian articles open sentences all the time: there "La"/"Le" is not the reader.
          if (language === 'it' && atStart && ambiguous?.test(word)) return [];
          if (atStart && ambiguous?.test(word)) return [`${where} «${word}»`];
          return [`${where} «${word}»${ambiguous?.test(word) ? ' inside a sentence' : ''}`];
        }),
      );
      const listed = Object.keys(notTheReader[language] ?? {});
      expect(other.filter((entry) => !listed.includes(entry))).toEqual([]);
      // Each listed text still says the word where a sentence opens (else the entry is stale).
      expect(listed.filter((entry) => !other.includes(entry))).toEqual([]);
    });
  }
});
