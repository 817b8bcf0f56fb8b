// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { formInBrowser, refusal } from '../../test/form-in-browser';
import { NoticeBar, useAdminAction } from './admin-ui';
import { CounterForm, PublishButton } from './offer-actions';

const offer = { id: 7, title: 'Glass lighthouse', prompt: 'A glass lighthouse at dusk' };

function Page() {
  const { notice, busy, run } = useAdminAction();
  return (
    <>
      <NoticeBar notice={notice} />
      <CounterForm offer={offer} run={run} busy={busy} />
      <PublishButton offer={offer} run={run} />
    </>
  );
}

let opened: Awaited<ReturnType<typeof formInBrowser>> | null = null;
afterEach(async () => {
  await opened?.unmount();
  opened = null;
});

describe('pricing an offer', () => {
  it('checks the price by the contract before sending it, in the page’s language', async () => {
    opened = await formInBrowser(Page, { language: 'de' });
    await opened.click('Preis senden');
    expect(opened.errorOf('Unser Preis für Glass lighthouse (EUR)')).toBe(
      'Bitte gib einen Preis ab 0 mit höchstens zwei Nachkommastellen ein.',
    );
    await opened.type('Unser Preis für Glass lighthouse (EUR)', '-3');
    await opened.click('Preis senden');
    expect(opened.errorOf('Unser Preis für Glass lighthouse (EUR)')).toBe('Der Betrag muss positiv sein.');
    expect(opened.sent).toEqual([]);
  });

  it('shows the API’s refusal at the price, and sends the price with its key', async () => {
    let answer = refusal({ service_price: ['This amount is too large.'] });
    opened = await formInBrowser(Page, { answer: () => answer });
    await opened.type('Our price for Glass lighthouse (EUR)', '45.5');
    await opened.click('Send price');
    expect(opened.errorOf('Our price for Glass lighthouse (EUR)')).toBe('This amount is too large.');
    expect(opened.text()).toContain('The action failed: This amount is too large.');
    answer = { status: 200, body: { status: 'OK', message: 'Done' } };
    await opened.click('Send price');
    expect(opened.text()).toContain('Price sent.');
    expect(opened.field('Our price for Glass lighthouse (EUR)').value).toBe('');
    expect(opened.sent.map((call) => [call.path, call.body])).toEqual([
      ['/api/admin/offers/7/counter', { service_price: '45.5' }],
      ['/api/admin/offers/7/counter', { service_price: '45.5' }],
    ]);
    expect(opened.sent[1]?.headers['Idempotency-Key']).toBe(opened.sent[0]?.headers['Idempotency-Key']);
  });
});

describe('publishing an accepted offer', () => {
  it('is filled in with the seller’s prompt and checks the price and prompt before sending', async () => {
    opened = await formInBrowser(Page);
    await opened.click('Publish');
    expect(opened.field<HTMLTextAreaElement>('Prompt (English)').value).toBe('A glass lighthouse at dusk');
    await opened.type('Prompt (English)', 'ab');
    await opened.click('Publish');
    expect(opened.errorOf('Price in the shop (EUR)')).toBe(
      'Please enter a price of at least 0 with at most two decimals.',
    );
    expect(opened.errorOf('Prompt (English)')).toBe('Please describe the image in at least 3 characters.');
    expect(opened.sent).toEqual([]);
  });

  it('shows the API’s refusal at its field and sends the price and the prompt', async () => {
    let answer = refusal({ prompt: ['This field is too long.'] });
    opened = await formInBrowser(Page, { answer: () => answer });
    await opened.click('Publish');
    await opened.type('Price in the shop (EUR)', '9.90');
    await opened.click('Publish');
    expect(opened.errorOf('Prompt (English)')).toBe('This field is too long.');
    answer = { status: 200, body: { status: 'OK', message: 'Offer published', payload: { product_id: 3 } } };
    await opened.click('Publish');
    expect(opened.text()).toContain('Published in the shop.');
    expect(opened.sent.map((call) => [call.path, call.body])).toEqual([
      ['/api/admin/offers/7/publish', { price: '9.90', prompt: 'A glass lighthouse at dusk' }],
      ['/api/admin/offers/7/publish', { price: '9.90', prompt: 'A glass lighthouse at dusk' }],
    ]);
  });
});
