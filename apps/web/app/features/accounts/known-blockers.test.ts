import type { Deposit } from '@promptmarket/contracts/deposits';
import type { Offer } from '@promptmarket/contracts/offers';
import { describe, expect, it } from 'vitest';
import { knownDeletionBlockers } from './known-blockers';

const offer = (id: number, payout: Offer['payout']) =>
  ({ id, service_price: 40, created_at: '2026-11-01T10:00:00.000Z', payout }) as Offer;
const deposit = (id: number, status: Deposit['status']) =>
  ({ id, sum: 25, currency: 'EUR', status, created_at: '2026-11-02T10:00:00.000Z' }) as Deposit;

describe('what keeps an account from being deleted, before the user tries', () => {
  it('lists the payouts not paid yet and the deposits still processing, nothing else', () => {
    const payout = (status: string) => ({
      method: 'sepa' as const,
      destination: 'IBAN DE89 •••• 3000',
      status,
      amount: 40,
      created_at: '2026-11-03T10:00:00.000Z',
    });
    const known = knownDeletionBlockers(
      [
        offer(1, payout('requested')),
        offer(2, payout('paid')),
        offer(3, payout('failed')),
        offer(4, payout('sent')),
        offer(5, null),
      ],
      [deposit(7, 'processing'), deposit(8, 'success'), deposit(9, 'failed')],
    );
    expect(known.payouts?.map((item) => [item.id, item.status])).toEqual([
      [1, 'requested'],
      [3, 'failed'],
      [4, 'sent'],
    ]);
    expect(known.payouts?.[0]).toEqual({
      id: 1,
      amount_eur: 40,
      status: 'requested',
      created_at: '2026-11-03T10:00:00.000Z',
    });
    expect(known.deposits).toEqual([
      { id: 7, amount: 25, currency: 'EUR', created_at: '2026-11-02T10:00:00.000Z' },
    ]);
  });

  it('finds nothing for a user with no offers and no deposits', () => {
    expect(knownDeletionBlockers([], [])).toEqual({ payouts: [], deposits: [] });
  });
});
