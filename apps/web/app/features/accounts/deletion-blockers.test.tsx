import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTranslator, TranslationProvider } from '../../lib/i18n';
import type { Messages } from '../../lib/messages';
import de from '../../locales/de/auth.json';
import en from '../../locales/en/auth.json';
import { DeletionBlockers } from './deletion-blockers';

function render(
  locale: 'en' | 'de',
  messages: unknown,
  refusal: Parameters<typeof DeletionBlockers>[0]['refusal'],
) {
  return renderToStaticMarkup(
    <TranslationProvider translator={createTranslator(locale, messages as Messages)}>
      <DeletionBlockers refusal={refusal} locale={locale} />
    </TranslationProvider>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('what keeps an account from being deleted', () => {
  it('lists the deposits still processing with their amount in their currency and the day they started', () => {
    const refusal = {
      deposits: [{ id: 7, amount: 25, currency: 'USD', created_at: '2026-11-20T10:00:00.000Z' }],
    };
    expect(render('en', en, refusal)).toBe(
      'Deposits still being processed by the payment provider (the account can be deleted once they are paid or failed): 25.00 USD, started on Nov 20, 2026',
    );
    expect(render('de', de, refusal)).toBe(
      'Einzahlungen, die der Zahlungsanbieter noch bearbeitet (das Konto kann gelöscht werden, sobald sie bezahlt oder fehlgeschlagen sind): 25,00 USD, begonnen am 20.11.2026',
    );
  });

  it('lists the payouts not paid yet, and nothing when the refusal names neither', () => {
    const text = render('en', en, {
      payouts: [{ id: 3, amount_eur: 60, status: 'requested', created_at: '2026-11-02T10:00:00.000Z' }],
    });
    expect(text).toBe(
      'Payouts to you not paid yet (the account can be deleted once they are paid): 60.00 EUR, requested on Nov 2, 2026',
    );
    expect(text).not.toContain('Deposits');
    expect(render('en', en, {})).toBe('');
  });
});
