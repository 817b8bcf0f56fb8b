import type { AccountDeletionRefusal } from '@promptmarket/contracts/accounts';
import type { Deposit } from '@promptmarket/contracts/deposits';
import type { Offer } from '@promptmarket/contracts/offers';

export type DeletionBlockerLists = Pick<AccountDeletionRefusal, 'payouts' | 'deposits'>;

/**
 * What keeps an account from being deleted, read from the user's own lists before they try, in
 * the shape of the API's refusal: each payout to them not paid yet (requested, sent, or failed and
 * waiting for new details) and each deposit still processing at its provider.
 */
export function knownDeletionBlockers(offers: Offer[], deposits: Deposit[]): DeletionBlockerLists {
  return {
    payouts: offers.flatMap((offer) =>
      offer.payout && offer.payout.status !== 'paid'
        ? [
            {
              id: offer.id,
              amount_eur: offer.payout.amount ?? offer.service_price ?? 0,
              status: offer.payout.status,
              created_at: offer.payout.created_at ?? offer.created_at,
            },
          ]
        : [],
    ),
    deposits: deposits
      .filter((deposit) => deposit.status === 'processing')
      .map((deposit) => ({
        id: deposit.id,
        amount: deposit.sum,
        currency: deposit.currency,
        created_at: deposit.created_at,
      })),
  };
}
