import type { AdminRefund } from '@promptmarket/contracts/admin-refunds';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de/admin-refunds.json';
import en from '../../locales/en/admin-refunds.json';
import es from '../../locales/es/admin-refunds.json';
import fr from '../../locales/fr/admin-refunds.json';
import it_ from '../../locales/it/admin-refunds.json';
import pl from '../../locales/pl/admin-refunds.json';
import { renderBackOfficePage } from '../../test/render-page';
import AdminRefunds from './refunds';

type Data = Parameters<typeof AdminRefunds>[0]['loaderData'];

/** The refunds screen as the server renders it, from the loader's data; its text, tags taken out. */
const render = (data: Data, language = 'en') =>
  renderBackOfficePage(AdminRefunds, data, `/${language}/admin/refunds`).text;

function refund(id: number, overrides: Partial<AdminRefund> = {}): AdminRefund {
  return {
    id,
    number: `R-2026-${String(id).padStart(6, '0')}`,
    subject: 'order',
    subject_id: 12,
    order_id: 12,
    user_id: '0b4f8a4e-8f4a-4d1c-9a55-0a4c1f1e2d3c',
    email: 'zofia@example.test',
    admin_email: 'boss@example.test',
    amount: 3.9,
    provider_amount: null,
    currency: null,
    provider: null,
    provider_refund_id: null,
    status: 'succeeded',
    failure_message: null,
    reason: 'The picture was not as described',
    created_at: '2026-11-29T06:30:00.000Z',
    ...overrides,
  };
}

const list = (data: AdminRefund[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length },
});

describe('the refunds screen', () => {
  it('says when the list could not be loaded, and when there is nothing yet, in the page’s language', () => {
    expect(render({ list: null })).toContain('Failed to load the refunds. Please try again later.');
    expect(render({ list: list([]) })).toContain('No refunds yet.');
    expect(render({ list: list([]) }, 'de')).toContain('Noch keine Erstattungen.');
    expect(render({ list: null }, 'pl')).toContain('Nie udało się wczytać zwrotów.');
  });

  it('shows what was refunded, to whom, how much and where the money went', () => {
    const text = render({
      list: list([
        refund(1),
        refund(2, { subject: 'order_item', subject_id: 40, amount: 0.5, reason: 'Goodwill' }),
        refund(3, {
          subject: 'deposit',
          subject_id: 7,
          order_id: null,
          amount: 10,
          provider_amount: 8.5,
          currency: 'GBP',
          provider: 'stripe',
          provider_refund_id: 're_123',
          status: 'pending',
          reason: 'Paid twice',
        }),
      ]),
    });
    expect(text).toContain('R-2026-000001 Order #12 zofia@example.test 3.90 credits to the balance Refunded');
    expect(text).toContain('Item #40 of order #12');
    expect(text).toContain('Deposit #7');
    expect(text).toContain('10 credits to the payment method: 8.50 GBP Pending re_123');
    expect(text).toContain('By boss@example.test');
  });
});

describe('the refunds texts', () => {
  /** Every dotted key of a nested text file. */
  function keysOf(value: unknown, prefix = ''): string[] {
    if (typeof value === 'string') return [prefix];
    return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
      keysOf(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  function textAt(value: unknown, key: string): string {
    return key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], value) as string;
  }

  it('are written in all six languages, each with every key and in its own words', () => {
    const english = keysOf(en).sort();
    for (const [language, texts] of Object.entries({ de, fr, es, it: it_, pl })) {
      expect(keysOf(texts).sort(), language).toEqual(english);
      const same = english.filter((key) => textAt(texts, key) === textAt(en, key));
      // Only a word or two may read the same (German "Status").
      expect(same.length, `${language}: ${same.join(', ')}`).toBeLessThanOrEqual(2);
    }
  });
});
