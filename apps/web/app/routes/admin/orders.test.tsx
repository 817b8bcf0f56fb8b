import type { AdminOrderRow } from '@promptmarket/contracts/admin-orders';
import { describe, expect, it } from 'vitest';
import { renderBackOfficePage } from '../../test/render-page';
import AdminOrders from './orders';

type Data = Parameters<typeof AdminOrders>[0]['loaderData'];

/** The orders screen as the server renders it at `address`, from the loader's data; its HTML. */
const render = (data: Data, { language = 'en', address = '' } = {}) =>
  renderBackOfficePage(AdminOrders, data, `/${language}/admin/orders${address}`).html;
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const buyer = {
  id: '0b4f8a4e-8f4a-4d1c-9a55-0a4c1f1e2d3c',
  name: 'Żaneta Weiß',
  email: 'zaneta@example.test',
};
function order(overrides: Partial<AdminOrderRow> = {}): AdminOrderRow {
  return {
    id: 'order-12',
    number: 'P-2026-000012',
    kind: 'checkout',
    buyer,
    total: 5.5,
    item_count: 2,
    status: 'partially_refunded',
    created_at: '2026-11-29T06:30:00.000Z',
    ...overrides,
  };
}
const page = (data: AdminOrderRow[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length },
});

describe('the orders screen', () => {
  it('shows each order with its number linked to its page and its buyer linked to the customer page', () => {
    const html = render({
      list: page([
        order(),
        order({
          id: 'generation-3',
          number: 'G-2026-000003',
          kind: 'generation',
          status: 'done',
          item_count: 1,
          total: 1,
        }),
      ]),
      invalid: false,
    });
    expect(html).toContain('href="/en/admin/orders/order-12"');
    expect(html).toContain('href="/en/admin/orders/generation-3"');
    expect(html).toContain(`href="/en/admin/users/${buyer.id}"`);
    const shown = text(html);
    for (const part of [
      '2 orders',
      'P-2026-000012',
      'Cart checkout',
      '2 items',
      '5.50 credits',
      'Partly refunded',
    ]) {
      expect(shown).toContain(part);
    }
    for (const part of ['G-2026-000003', 'Image generation', '1 item', '1 credit', 'Delivered']) {
      expect(shown).toContain(part);
    }
  });

  it('keeps the filters of the address in the form', () => {
    const html = render(
      { list: page([]), invalid: false },
      { address: '?search=zaneta+weiss&kind=checkout&status=refunded&from=2026-11-01&to=2026-11-30' },
    );
    expect(html).toContain('value="zaneta weiss"');
    expect(html).toMatch(/<option value="checkout" selected="">/);
    expect(html).toMatch(/<option value="refunded" selected="">/);
    expect(html).toContain('value="2026-11-01"');
    expect(html).toContain('value="2026-11-30"');
  });

  it('tells no orders at all from none matching, a filter typed wrong from a failure, in each language', () => {
    const cases = {
      en: [
        'No orders yet.',
        'No order matches these filters.',
        'These filters are not valid',
        'The list could not be loaded.',
      ],
      de: [
        'Noch keine Bestellungen.',
        'Keine Bestellung passt zu diesen Filtern.',
        'Diese Filter sind ungültig',
        'Die Liste konnte nicht geladen werden.',
      ],
      pl: [
        'Jeszcze nie ma zamówień.',
        'Żadne zamówienie nie pasuje do tych filtrów.',
        'Te filtry są nieprawidłowe',
        '',
      ],
    } as const;
    for (const [language, [none, noMatch, invalid, failed]] of Object.entries(cases)) {
      expect(text(render({ list: page([]), invalid: false }, { language })), language).toContain(none);
      expect(
        text(render({ list: page([]), invalid: false }, { language, address: '?status=failed' })),
        language,
      ).toContain(noMatch);
      expect(text(render({ list: null, invalid: true }, { language })), language).toContain(invalid);
      if (failed)
        expect(text(render({ list: null, invalid: false }, { language })), language).toContain(failed);
    }
  });
});
