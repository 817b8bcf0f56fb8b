import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTranslator, TranslationProvider } from '../../lib/i18n';
import type { Messages } from '../../lib/messages';
import { allMessagesFor } from '../../lib/messages.server';
import { AccountBalance, DepositReversal } from './deposit-reversal';

const en = allMessagesFor('en');
const de = allMessagesFor('de');

function render(node: React.ReactNode, language = 'en', messages = en) {
  return renderToStaticMarkup(
    <TranslationProvider translator={createTranslator(language, messages as Messages)}>
      {node}
    </TranslationProvider>,
  );
}

describe('the back office’s reversed deposits', () => {
  it('says nothing of a deposit the provider left alone', () => {
    expect(
      render(
        <DepositReversal
          deposit={{ reversal: null, reversed_amount: 0 }}
          locale="en"
          currencyName="credits"
        />,
      ),
    ).toBe('');
  });

  it('shows a refund or a dispute with the credit it took back, in the page’s language', () => {
    const refunded = render(
      <DepositReversal
        deposit={{ reversal: 'partially_refunded', reversed_amount: 5.88 }}
        locale="en"
        currencyName="credits"
      />,
    );
    expect(refunded).toContain('Partly refunded');
    expect(refunded).toContain('5.88 credits taken back');
    const disputed = render(
      <DepositReversal
        deposit={{ reversal: 'disputed', reversed_amount: 23.52 }}
        locale="de"
        currencyName="Credits"
      />,
      'de',
      de,
    );
    expect(disputed).toContain('Angefochten');
    expect(disputed).toContain('23,52 Credits zurückgebucht');
    const won = render(
      <DepositReversal
        deposit={{ reversal: 'dispute_won', reversed_amount: 0 }}
        locale="en"
        currencyName="credits"
      />,
    );
    expect(won).toContain('Dispute won');
    expect(won).not.toContain('taken back');
  });

  it('shows a balance below zero as a debt that blocks spending', () => {
    const owing = render(<AccountBalance balance={-10} locale="en" currencyName="Credits" />);
    // A whole amount without decimals, with the name's plural form.
    expect(owing).toContain('-10 credits');
    expect(owing).toContain('In debt: cannot spend until a deposit settles it');
    const fine = render(<AccountBalance balance={12.5} locale="en" currencyName="credits" />);
    expect(fine).toBe('12.50 credits');
    expect(render(<AccountBalance balance={1} locale="en" currencyName="Credits" />)).toBe('1 credit');
  });
});
