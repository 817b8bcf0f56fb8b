// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { formInBrowser, refusal, type SentCall } from '../../test/form-in-browser';
import { RefundButton } from './refund-dialog';

const refundable = {
  status: 'OK',
  payload: {
    subject: 'order',
    id: 12,
    paid: 10,
    refunded: 2,
    refundable: 8,
    balance: null,
    currency: null,
    refundable_money: null,
    internal_currency_name: 'Credits',
  },
};
const made = {
  status: 'OK',
  payload: {
    id: 1,
    number: 'R-2026-000001',
    subject: 'order',
    subject_id: 12,
    order_id: 12,
    user_id: '0b4f8a4e-8f4a-4d1c-9a55-0a4c1f1e2d3c',
    email: 'zofia@example.test',
    admin_email: 'boss@example.test',
    amount: 0.5,
    provider_amount: null,
    currency: null,
    provider: null,
    provider_refund_id: null,
    status: 'succeeded',
    failure_message: null,
    reason: 'Goodwill for a slow download',
    created_at: '2026-11-29T06:30:00.000Z',
  },
};

function Page() {
  const [done, setDone] = useState('');
  return (
    <>
      <p>{done}</p>
      <RefundButton subject="order" id={12} onDone={setDone} />
    </>
  );
}

/** The refundable amount, then each refund call answered by the next of `answers`. */
function answering(...answers: { status: number; body: unknown }[]) {
  return (call: SentCall) =>
    call.method === 'GET'
      ? { status: 200, body: refundable }
      : (answers.shift() ?? { status: 500, body: {} });
}

let opened: Awaited<ReturnType<typeof formInBrowser>> | null = null;
afterEach(async () => {
  await opened?.unmount();
  opened = null;
});

describe('the refund dialog', () => {
  it('checks the amount and the reason by the contract before the review, in the page’s language', async () => {
    opened = await formInBrowser(Page, { language: 'de', answer: answering() });
    await opened.click('Erstatten');
    expect(opened.field('Betrag in Credits').value).toBe('8.00');
    await opened.type('Betrag in Credits', '0,001');
    await opened.type('Grund (der Käufer liest ihn in der E-Mail)', 'ab');
    await opened.click('Prüfen');
    expect(opened.errorOf('Betrag in Credits')).toBe(
      'Gib einen Betrag größer als 0 mit höchstens zwei Nachkommastellen ein.',
    );
    expect(opened.errorOf('Grund (der Käufer liest ihn in der E-Mail)')).toBe(
      'Gib an, warum du erstattest (mindestens 3 Zeichen).',
    );
    expect(opened.text()).not.toContain('Erstattung bestätigen');
    expect(opened.sent.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('goes back to the form with the API’s refusal at its field, then refunds what was typed once', async () => {
    opened = await formInBrowser(Page, {
      answer: answering(refusal({ amount: ['At most 8 credits is left to refund.'] }), {
        status: 200,
        body: made,
      }),
    });
    await opened.click('Refund');
    await opened.type('Amount in Credits', '999');
    await opened.type('Reason (the buyer reads it in the mail)', '  Goodwill for a slow download ');
    await opened.click('Review');
    await opened.click('Confirm refund');
    expect(opened.errorOf('Amount in Credits')).toBe('At most 8 credits is left to refund.');
    await opened.type('Amount in Credits', '0,50');
    await opened.click('Review');
    await opened.click('Confirm refund');
    expect(opened.text()).toContain('Refund R-2026-000001 made.');
    const refunds = opened.sent.filter((call) => call.method === 'POST');
    expect(refunds.map((call) => call.body)).toEqual([
      { order_id: 12, amount: '999', reason: 'Goodwill for a slow download' },
      { order_id: 12, amount: '0.50', reason: 'Goodwill for a slow download' },
    ]);
    // The refusal named what to change: the new request is another refund, with another key.
    expect(refunds[1]?.headers['Idempotency-Key']).not.toBe(refunds[0]?.headers['Idempotency-Key']);
  });

  it('refunds everything left when the amount is emptied', async () => {
    opened = await formInBrowser(Page, { answer: answering({ status: 200, body: made }) });
    await opened.click('Refund');
    await opened.type('Amount in Credits', '');
    await opened.type('Reason (the buyer reads it in the mail)', 'Paid twice by mistake');
    await opened.click('Review');
    await opened.click('Confirm refund');
    expect(opened.sent.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { order_id: 12, reason: 'Paid twice by mistake' },
    ]);
  });
});
