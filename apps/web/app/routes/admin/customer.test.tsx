import type { AdminCustomer } from '@promptmarket/contracts/admin-orders';
import { describe, expect, it } from 'vitest';
import { renderBackOfficePage } from '../../test/render-page';
import AdminCustomerPage from './customer';

type Data = Parameters<typeof AdminCustomerPage>[0]['loaderData'];

const ID = '0b4f8a4e-8f4a-4d1c-9a55-0a4c1f1e2d3c';

/** The customer page as the server renders it, from the loader's data; its text, tags taken out. */
const render = (data: Data, language = 'en') =>
  renderBackOfficePage(AdminCustomerPage, data, `/${language}/admin/users/${ID}`).text;

function customer(profile: Partial<AdminCustomer['profile']> = {}): AdminCustomer {
  return {
    profile: {
      id: ID,
      first_name: 'Żaneta',
      last_name: 'Weiß',
      email: 'zaneta@example.test',
      phone: null,
      is_email_verified: true,
      verification_data: { status: null, reason: null },
      balance: 6.1,
      balance_eur: 6.1,
      role: 'user',
      locale: 'pl',
      blocked: false,
      two_factor: false,
      created_at: '2026-11-29T06:30:00.000Z',
      ...profile,
    },
    orders: [],
    deposits: [],
    ledger: [],
    offers: [],
    payouts: [],
    verifications: [],
    sessions: [
      {
        created_at: '2026-11-29T06:31:00.000Z',
        last_seen_at: '2026-11-29T06:40:00.000Z',
        expires_at: '2026-11-29T08:40:00.000Z',
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      },
    ],
  };
}
const empty = { data: [], meta: { current_page: 1, last_page: 1, total: 0 } };

/** The loader's data (as the page gets it, serialized) for a customer; `parts` replace its lists. */
function loaded(profile: Partial<AdminCustomer['profile']> = {}, parts: { orders?: null } = {}): Data {
  return {
    customer: customer(profile),
    orders: empty,
    statement: empty,
    audit: empty,
    missing: false,
    ...parts,
  } as unknown as Data;
}

describe('the customer page', () => {
  it('offers the verification mail only to an address not verified, and the two-factor reset only for an admin who has it on', () => {
    const plain = render(loaded());
    expect(plain).toContain('Customer Żaneta Weiß');
    expect(plain).toContain('6.10 credits');
    expect(plain).toContain('Firefox/140.0');
    expect(plain).toContain('Adjust balance');
    expect(plain).not.toContain('Resend verification e-mail');
    expect(plain).not.toContain('Reset two-factor sign-in');

    const admin = render(loaded({ role: 'admin', two_factor: true, is_email_verified: false }));
    expect(admin).toContain('Resend verification e-mail');
    expect(admin).toContain('Reset two-factor sign-in');
    const adminWithoutIt = render(loaded({ role: 'admin', two_factor: false }));
    expect(adminWithoutIt).not.toContain('Reset two-factor sign-in');
  });

  it('refunds an order from its row while it has money left to give back', () => {
    const row = (id: string, status: string) => ({
      id,
      number: `P-2026-${id}`,
      kind: 'purchase',
      buyer: { id: 'user-1', name: 'Żaneta Weiß', email: 'zaneta@example.test' },
      total: 3.9,
      item_count: 1,
      status,
      created_at: '2026-11-29T06:31:00.000Z',
    });
    const orders = {
      data: [row('order-1', 'paid'), row('order-2', 'refunded'), row('order-3', 'partially_refunded')],
      meta: { current_page: 1, last_page: 1, total: 3 },
    };
    const html = render({ ...loaded(), orders } as unknown as Data);
    // The page's text, order by order: each order's part runs to the next order's number.
    const parts = html.split('P-2026-order-').slice(1, 4);
    const refundable = parts.map((part) => part.includes('Refund order'));
    expect(refundable).toEqual([true, false, true]);
  });

  it('says when a part could not be loaded, and when the account does not exist, in the page’s language', () => {
    const partial = render(loaded({}, { orders: null }), 'de');
    expect(partial).toContain('Die Liste konnte nicht geladen werden.');
    expect(partial).toContain('Kunde Żaneta Weiß');
    const missing = { customer: null, orders: null, statement: null, audit: null };
    expect(render({ ...missing, missing: true }, 'fr')).toContain('Ce compte n’existe pas.');
    expect(render({ ...missing, missing: false }, 'it')).toContain(
      'Non è stato possibile caricare il cliente.',
    );
  });
});
