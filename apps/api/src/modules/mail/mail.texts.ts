import { type Translation, withEnglish } from '../../lib/text-catalogue';
import de from './texts/de.json' with { type: 'json' };
import en from './texts/en.json' with { type: 'json' };
import es from './texts/es.json' with { type: 'json' };
import fr from './texts/fr.json' with { type: 'json' };
import it from './texts/it.json' with { type: 'json' };
import pl from './texts/pl.json' with { type: 'json' };

/**
 * The mails' words, one catalogue per language in `texts/<language>.json`: each mail's subject,
 * greeting, lines, call to action and footer (`mails`, by kind), the link to a mail's receipt
 * (`receiptLink`), the newsletter's unsubscribe link (`unsubscribe`), and the default name of the
 * internal currency with the form each plural category takes (`credits`, in the case a sentence
 * puts it: `count` as in "25 credits", `genitive` after a word that governs it, as Polish "saldo w
 * wysokości 2 kredytów"). English is the type; another language has the same keys
 * (mail.texts.test.ts), and a text it lacks is English's. The catalogues are bundled with the
 * server: nothing is read from the disk when a mail is written.
 *
 * In a mail's texts a value is named in braces (`{amount}`); a line naming one the sender does not
 * give is left out, and a line that is just `{items}` is a list (mail.templates.ts renders them).
 */

export type MailCatalogue = typeof en;

export type MailKind = keyof MailCatalogue['mails'];

/** Every mail there is: those English has. */
export const mailKinds = Object.keys(en.mails) as MailKind[];

/** One mail's words. */
export type MailTexts = MailCatalogue['mails'][MailKind];

const translations: Readonly<Record<string, Translation<MailCatalogue>>> = { en, de, fr, es, it, pl };

const catalogues: ReadonlyMap<string, MailCatalogue> = new Map(
  Object.entries(translations).map(([language, own]) => [language, withEnglish(en, own)]),
);

/** The languages the mails are written in. */
export const mailLanguages: readonly string[] = [...catalogues.keys()];

/** The catalogue of `locale`, or nothing for a language the mails are not written in. */
export function ownMailCatalogue(locale: string): MailCatalogue | undefined {
  return catalogues.get(locale);
}

/** The catalogue of `locale`, English for a language the mails are not written in. */
export function mailCatalogue(locale: string): MailCatalogue {
  return catalogues.get(locale) ?? en;
}

/** The words of each of `kinds` in each language, by kind and then by language. */
export function mailTextsByKind<Kind extends MailKind>(
  kinds: readonly Kind[],
): Record<Kind, Record<string, MailTexts>> {
  return Object.fromEntries(
    kinds.map((kind) => [
      kind,
      Object.fromEntries(mailLanguages.map((language) => [language, mailCatalogue(language).mails[kind]])),
    ]),
  ) as Record<Kind, Record<string, MailTexts>>;
}
