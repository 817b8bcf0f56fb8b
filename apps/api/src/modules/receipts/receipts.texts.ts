import { type Translation, withEnglish } from '../../lib/text-catalogue';
import de from './texts/de.json' with { type: 'json' };
import en from './texts/en.json' with { type: 'json' };
import es from './texts/es.json' with { type: 'json' };
import fr from './texts/fr.json' with { type: 'json' };
import it from './texts/it.json' with { type: 'json' };
import pl from './texts/pl.json' with { type: 'json' };

/**
 * The words of a receipt the API writes itself, one catalogue per language in
 * `texts/<language>.json`: the lines' descriptions (shown on the page and in the PDF) and the PDF's
 * labels. The page's own labels are the web app's (`receipts.json`). English is the type; another
 * language has the same keys (receipts.texts.test.ts), and a text it lacks is English's. The values
 * named in braces: `{rate}` the VAT rate in percent, `{provider}` the payment provider, `{amount}`
 * what a deposit credited in the internal currency. The credit notes are the refunds of the order
 * or deposit (decision 0048); the total after refunds is what was paid less what was refunded.
 */

export type ReceiptTexts = typeof en;

const translations: Readonly<Record<string, Translation<ReceiptTexts>>> = { en, de, fr, es, it, pl };

/** Each language's texts, English's where it has none. */
export const receiptTexts: Readonly<Record<string, ReceiptTexts>> = Object.fromEntries(
  Object.entries(translations).map(([language, own]) => [language, withEnglish(en, own)]),
);

/** A language's texts, English for any other. */
export function receiptTextsFor(locale: string): ReceiptTexts {
  return (Object.hasOwn(receiptTexts, locale) && receiptTexts[locale]) || en;
}
