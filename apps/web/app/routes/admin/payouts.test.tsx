import type { AdminPayout } from '@promptmarket/contracts/admin';
import { describe, expect, it } from 'vitest';
import { renderBackOfficePage } from '../../test/render-page';
import AdminPayouts from './payouts';

type Data = Parameters<typeof AdminPayouts>[0]['loaderData'];

function payout(id: number, method: string, status: string): AdminPayout {
  return {
    id,
    offer_id: 100 + id,
    user_id: `user-${id}`,
    email: `seller${id}@example.test`,
    method,
    amount: 45.5,
    currency: 'EUR',
    destination: `DE89 •••• ${3000 + id}`,
    status,
    failure_reason: null,
    created_at: '2026-11-25T10:00:00.000Z',
  };
}

/** The payouts screen as the server renders it in English, from the loader's data. */
const render = (data: Data) => renderBackOfficePage(AdminPayouts, data, '/en/admin/payouts').html;

/** The text of each table row, tags taken out. */
function rowsOf(html: string): string[] {
  return [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((match) =>
    (match[1] ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '),
  );
}

const list = (data: AdminPayout[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length },
});

describe('the payouts screen', () => {
  it('offers Mark as paid only for a bank payout that left in a SEPA file', () => {
    const html = render({
      list: list([payout(1, 'sepa', 'requested'), payout(2, 'sepa', 'sent'), payout(3, 'sepa', 'paid')]),
      files: {
        data: [],
        meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 },
        sepa_debtor: { name: 'PromptMarket GmbH', iban_masked: '•••• 2051' },
      },
    });
    const [requested, sent, paid] = rowsOf(html).filter((row) => row.includes('@example.test'));
    expect(requested).toContain('Mark as failed');
    expect(requested).not.toContain('Mark as paid');
    expect(sent).toContain('Mark as paid');
    expect(paid).not.toContain('Mark as paid');
  });

  it('lets several bank payouts that left be chosen and marked paid at once, and no other', () => {
    const files = {
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 },
      sepa_debtor: null,
    };
    const html = render({
      list: list([payout(1, 'sepa', 'requested'), payout(2, 'sepa', 'sent'), payout(3, 'card', 'sent')]),
      files,
    });
    expect(html).toContain('aria-label="Choose the payout for offer #102 to DE89 •••• 3002"');
    // Only the bank payout that left has a box: not the one waiting, not the card payout.
    expect(html.match(/aria-label="Choose the payout/g)).toHaveLength(1);
    expect(html).toContain('All that left on this page');
    expect(html).toContain('Mark chosen as paid');
    // Nothing left in a file: no bulk bar.
    const none = render({ list: list([payout(1, 'sepa', 'requested')]), files });
    expect(none).not.toContain('Mark chosen as paid');
  });

  it('lists the SEPA files exported, each with its download, and says when there are none', () => {
    const withFiles = render({
      list: list([]),
      files: {
        data: [
          {
            id: 7,
            message_id: 'PM-20261125-ABC',
            transfers: 3,
            total: 1234.56,
            currency: 'EUR',
            created_at: '2026-11-25T10:00:00.000Z',
            file_url: '/api/admin/payout-batches/7/file',
          },
        ],
        meta: { current_page: 1, last_page: 1, per_page: 10, total: 1 },
        sepa_debtor: null,
      },
    });
    expect(withFiles).toContain('href="/api/admin/payout-batches/7/file"');
    expect(withFiles).toContain('Download file PM-20261125-ABC');
    expect(withFiles).toContain('€1,234.56');
    const none = render({
      list: list([]),
      files: {
        data: [],
        meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 },
        sepa_debtor: null,
      },
    });
    expect(none).toContain('No SEPA file has been exported yet.');
    expect(render({ list: list([]), files: null })).toContain('The SEPA files could not be loaded.');
  });
});
