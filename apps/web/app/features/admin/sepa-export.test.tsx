// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { formInBrowser } from '../../test/form-in-browser';
import { SepaExportButton } from './sepa-export';

const debtor = { name: 'PromptMarket GmbH', iban_masked: 'DE89 •••• 3000' };
const batch = {
  status: 'OK',
  payload: {
    id: 4,
    message_id: 'PM-20261129-4',
    transfers: 2,
    total: 57.5,
    currency: 'EUR',
    created_at: '2026-11-29T10:00:00.000Z',
    file_url: '/api/admin/payout-batches/4/file',
  },
};

let opened: Awaited<ReturnType<typeof formInBrowser>> | null = null;
afterEach(async () => {
  await opened?.unmount();
  opened = null;
});

describe('the SEPA export', () => {
  it('says a refusal in the dialog, and a retry from the same dialog sends the same key', async () => {
    const answers = [
      { status: 409, body: { message: 'No bank payout is waiting.' } },
      { status: 200, body: batch },
    ];
    opened = await formInBrowser(() => <SepaExportButton debtor={debtor} locale="en" />, {
      answer: () => answers.shift() ?? { status: 500, body: {} },
    });
    await opened.click('Export SEPA file');
    await opened.click('Export SEPA file');
    expect(opened.text()).toContain('The action failed: No bank payout is waiting.');
    await opened.click('Export SEPA file');
    expect(opened.text()).not.toContain('The action failed');
    expect(opened.text()).toContain('File PM-20261129-4 is ready: 2 transfers,');
    const [first, second] = opened.sent.map((call) => call.headers['Idempotency-Key']);
    expect(opened.sent.map((call) => call.path)).toEqual([
      '/api/admin/payout-batches',
      '/api/admin/payout-batches',
    ]);
    expect(second).toBe(first);
  });
});
