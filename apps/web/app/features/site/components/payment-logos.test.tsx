import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTranslator, TranslationProvider } from '../../../lib/i18n';
import type { Messages } from '../../../lib/messages';
import { messagesFor } from '../../../lib/messages.server';
import { PaymentLogos } from './payment-logos';

/** The footer's line of what the shop takes, as the server renders it in a language, as text and HTML. */
function rendered(language: string, methods: string[]) {
  const html = renderToStaticMarkup(
    <TranslationProvider translator={createTranslator(language, messagesFor(language) as Messages)}>
      <PaymentLogos methods={methods} />
    </TranslationProvider>,
  );
  return {
    html,
    text: html
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  };
}

describe('what the footer says the shop takes', () => {
  it('names the card schemes of a card payment, and the payouts by card or SEPA, in the visitor’s language', () => {
    const english = rendered('en', ['card']);
    expect(english.text).toContain('We accept: Visa and Mastercard');
    expect(english.text).toContain('Payouts to sellers by card or SEPA bank transfer');
    const german = rendered('de', ['card']);
    expect(german.text).toContain('Wir akzeptieren: Visa und Mastercard');
    expect(german.text).toContain('Auszahlungen an Verkäufer per Karte oder SEPA-Überweisung');
    const polish = rendered('pl', ['card']);
    expect(polish.text).toContain('Akceptujemy: Visa i Mastercard');
    // Only the logos of what is taken: no wallet or scheme the deposit does not offer.
    const logos = [...german.html.matchAll(/src="\/payments\/([\w-]+)\.svg"/g)].map((match) => match[1]);
    expect(logos).toEqual(['visa', 'mastercard', 'sepa']);
  });

  it('names no way to pay when the deposit offers none it knows of, and a new one by its own name', () => {
    const none = rendered('fr', []);
    expect(none.text).not.toContain('Nous acceptons');
    expect(none.text).toContain('Versements aux vendeurs par carte ou virement bancaire SEPA');
    expect(none.html).not.toContain('/payments/visa.svg');
    expect(rendered('es', ['card', 'ideal']).text).toContain('Aceptamos: Visa, Mastercard e ideal');
  });
});
