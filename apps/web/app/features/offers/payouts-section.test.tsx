import type { Offer } from '@promptmarket/contracts/offers';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTranslator, TranslationProvider } from '../../lib/i18n';
import type { Messages } from '../../lib/messages';
import { RenderedAtProvider } from '../../lib/relative-time';
import de from '../../locales/de/offers.json';
import en from '../../locales/en/offers.json';
import { PayoutsSection } from './payouts-section';

const offer = (id: number, payout: Offer['payout']) =>
  ({ id, title: `Work ${id}`, service_price: 45.5, user_price: 60, payout }) as Offer;

const offers = [
  offer(1, null),
  offer(2, {
    method: 'card',
    destination: 'Card •••• 4242',
    status: 'paid',
    amount: 45.5,
    currency: 'EUR',
    failure_reason: null,
    created_at: '2026-11-02T10:00:00.000Z',
    sent_at: '2026-11-03T10:00:00.000Z',
    settled_at: '2026-11-03T10:00:01.000Z',
  }),
  offer(3, {
    method: 'sepa',
    destination: 'IBAN DE89 •••• 3000',
    status: 'failed',
    amount: 12,
    currency: 'EUR',
    failure_reason: 'The account is closed.',
    created_at: '2026-11-04T10:00:00.000Z',
    sent_at: '2026-11-05T10:00:00.000Z',
    settled_at: '2026-11-06T10:00:00.000Z',
  }),
];

function render(locale: 'en' | 'de', messages: unknown) {
  return renderToStaticMarkup(
    <TranslationProvider translator={createTranslator(locale, messages as Messages)}>
      <RenderedAtProvider value={Date.parse('2026-11-25T10:00:00.000Z')}>
        <PayoutsSection offers={offers} locale={locale} onRetry={() => undefined} />
      </RenderedAtProvider>
    </TranslationProvider>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('the seller’s payouts', () => {
  it('shows each payout’s amount, masked destination, status and dates; a failed one says why and takes new details', () => {
    const text = render('en', en);
    expect(text).toContain('Your payouts');
    expect(text).not.toContain('Work 1');
    expect(text).toContain(
      'Work 2 Amount 45.50 EUR Paid to Card •••• 4242 Status paid Requested 23 days ago Paid or failed 21 days ago',
    );
    expect(text).toContain('IBAN DE89 •••• 3000 Status failed');
    expect(text).toContain('19 days ago The account is closed. Give new payout details');
    expect(text.match(/Give new payout details/g)).toHaveLength(1);
  });

  it('speaks the seller’s language', () => {
    const text = render('de', de);
    expect(text).toContain('Deine Auszahlungen');
    expect(text).toContain('Neue Auszahlungsdaten angeben');
    expect(text).toContain('ausgezahlt');
    expect(text).toContain('Angefordert vor 23 Tagen');
  });
});
