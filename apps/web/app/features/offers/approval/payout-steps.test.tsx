import type { Offer } from '@promptmarket/contracts/offers';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Dialog } from '../../../components/ui/dialog';
import { createTranslator, TranslationProvider } from '../../../lib/i18n';
import type { Messages } from '../../../lib/messages';
import { SITE_ROUTE_ID, type SiteData } from '../../../lib/site-data';
import en from '../../../locales/en/offers.json';
import { BankStep } from './bank-step';
import { CardStep } from './card-step';
import { VerificationStep } from './verification-step';

const offer = { id: 7, title: 'Harbour lights', service_price: 45.5, user_price: 60 } as Offer;

/** A step as the offers page shows it, in English, inside the approval's dialog. */
function render(step: ReactNode) {
  const Page = createRoutesStub([
    {
      id: SITE_ROUTE_ID,
      path: '/:locale',
      children: [{ id: 'step', index: true, Component: () => <Dialog open>{step}</Dialog> }],
    },
  ]);
  return renderToStaticMarkup(
    <TranslationProvider translator={createTranslator('en', en as Messages)}>
      <Page
        initialEntries={['/en']}
        hydrationData={{ loaderData: { [SITE_ROUTE_ID]: { locale: 'en' } as SiteData } }}
      />
    </TranslationProvider>,
  );
}

const labels = (html: string) => [...html.matchAll(/<label[^>]*>([^<]+)/g)].map((match) => match[1]);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the payout steps', () => {
  it('ask for the card’s number, holder, expiry, the offer’s amount and the terms, in this order', () => {
    const html = render(
      <CardStep
        offer={offer}
        defaultValues={{
          card_number: '',
          card_holder_name: 'Ada Lovelace',
          expire_month: '',
          expire_year: '',
          amount: '45.5',
          terms: false,
        }}
        onBack={() => undefined}
        onSend={async () => ({})}
      />,
    );
    expect(labels(html)).toEqual([
      'Card number',
      'Cardholder name',
      'Expiry year',
      'Expiry month',
      'Amount',
      'I confirm that these details are correct and accept the terms.',
    ]);
    expect(html).toContain('value="45.50 EUR"');
    expect(text(html)).toContain('Paid to Card Arrives in 3-5 business days');
  });

  it('ask for the account holder, the IBAN and the terms', () => {
    const html = render(
      <BankStep
        offer={offer}
        defaultValues={{ full_name: 'Ada Lovelace', iban: '', terms: false }}
        onBack={() => undefined}
        onSend={async () => ({})}
      />,
    );
    expect(labels(html)).toEqual([
      'Account holder',
      'IBAN',
      'I confirm that these details are correct and accept the terms.',
    ]);
    expect(text(html)).toContain('Without spaces, e.g. DE89370400440532013000');
    expect(text(html)).toContain(
      'Amount 45.50 EUR Paid to Bank transfer (SEPA) Arrives in 5-7 business days',
    );
  });

  it('say a verification under review is under review, and ask again after a decline', () => {
    const shown = (status: 'pending' | 'declined' | null) =>
      text(render(<VerificationStep status={status} onClose={() => undefined} />));
    expect(shown(null)).toContain('Verification required');
    expect(shown(null)).toContain('Verify your identity');
    expect(shown('pending')).toContain('Verification in progress');
    expect(shown('pending')).toContain('We are reviewing the documents you sent');
    expect(shown('pending')).not.toContain('Verify your identity');
    expect(shown('declined')).toContain('your last verification was declined');
    expect(shown('declined')).toContain('Verify again');
  });
});
