import Stripe from 'stripe';
import { stripeClient } from '../../lib/stripe-client';
import type { PayoutCard, PayoutProvider, PayoutRequest, PayoutState, SavedCard } from './provider';

/**
 * Card payouts through Stripe Connect (decision 0026), with the official SDK. A seller's card is
 * tokenised by Stripe and becomes the external account of a Custom connected account made for
 * it; the shop keeps `<account id>/<card id>` as the card's token. A payout moves the amount from
 * the platform to that account (a transfer) and pays it out to the card (a payout on the
 * connected account); both carry idempotency keys of the payout and its attempt, so a retried
 * request never pays twice. The provider's id of a payout is `<account id>/<payout id>`.
 */

export type StripePayoutOptions = {
  secretKey: string;
  /** Another API host (a local server that speaks Stripe's API, in tests). */
  apiUrl?: string | null;
  /** The country of the connected accounts (ISO 3166-1 alpha-2). */
  country: string;
};

type Payout = Awaited<ReturnType<Stripe['payouts']['retrieve']>>;

function stateOf(payout: Payout): PayoutState {
  if (payout.status === 'paid') return { state: 'paid' };
  if (payout.status === 'failed')
    return { state: 'failed', message: payout.failure_message ?? 'The payout failed.' };
  if (payout.status === 'canceled') return { state: 'cancelled' };
  return { state: 'pending' };
}

/** `<account>/<object>` as the shop stores it. Throws on anything else. */
function split(value: string): { account: string; id: string } {
  const [account, id, ...rest] = value.split('/');
  if (!account?.startsWith('acct_') || !id || rest.length > 0)
    throw new Error(`not a Stripe Connect reference: ${value}`);
  return { account, id };
}

export function stripePayoutProvider(options: StripePayoutOptions): PayoutProvider {
  const stripe = stripeClient(options.secretKey, options.apiUrl);

  return {
    name: 'stripe',

    async saveCard(card: PayoutCard): Promise<SavedCard> {
      const token = await stripe.tokens.create({
        card: {
          number: card.number,
          exp_month: String(card.expireMonth),
          exp_year: String(card.expireYear),
          name: card.holder,
          currency: 'eur',
        },
      });
      const account = await stripe.accounts.create({
        type: 'custom',
        country: options.country,
        business_type: 'individual',
        capabilities: { transfers: { requested: true } },
        external_account: token.id,
      });
      const external = account.external_accounts?.data[0];
      if (external?.object !== 'card') throw new Error(`Stripe account ${account.id} has no card`);
      return {
        token: `${account.id}/${external.id}`,
        brand: external.brand.toLowerCase().replace(/\s+/g, ''),
        last4: external.last4,
      };
    },

    async releaseCard(token: string) {
      const { account } = split(token);
      try {
        await stripe.accounts.del(account);
      } catch (error) {
        // Released before: nothing is left to forget.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
        throw error;
      }
    },

    async createPayout(request: PayoutRequest) {
      const { account, id: card } = split(request.cardToken);
      const key = `${request.reference}:${request.attempt}`;
      const currency = request.currency.toLowerCase();
      await stripe.transfers.create(
        { amount: request.amountMinor, currency, destination: account, transfer_group: request.reference },
        { idempotencyKey: `${key}:transfer` },
      );
      const payout = await stripe.payouts.create(
        {
          amount: request.amountMinor,
          currency,
          destination: card,
          metadata: { reference: request.reference },
        },
        { stripeAccount: account, idempotencyKey: `${key}:payout` },
      );
      return { ref: `${account}/${payout.id}`, state: stateOf(payout) };
    },

    async fetchState(ref: string) {
      const { account, id } = split(ref);
      return stateOf(await stripe.payouts.retrieve(id, {}, { stripeAccount: account }));
    },

    async cancel(ref: string) {
      const { account, id } = split(ref);
      try {
        return stateOf(await stripe.payouts.cancel(id, {}, { stripeAccount: account }));
      } catch (error) {
        // A payout already on its way or done cannot be cancelled: say where it is.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return stateOf(await stripe.payouts.retrieve(id, {}, { stripeAccount: account }));
        }
        throw error;
      }
    },
  };
}
