import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { seal, unseal } from '../../lib/sealed';
import {
  cardBrand,
  type PayoutCard,
  type PayoutProvider,
  type PayoutRequest,
  type PayoutState,
  type SavedCard,
} from './provider';
import { type SandboxPayout, sandboxPayoutCards, sandboxPayouts } from './sandbox.tables';

/**
 * The default payout provider: it keeps cards in its own tables, as a real provider would on its
 * side, sealed under its own purpose, and pays them in the shop's imagination only. A payout is
 * pending when created and completes when its state is first asked for: paid, or failed for the
 * declining test card 4000 0000 0000 0002 (as in Stripe's test cards). Cancelling a pending
 * payout ends it.
 */

/**
 * The purpose the sandbox seals cards under. It is the one the shop sealed payout details under
 * before cards left its tables, so the cards moved here by migration 0025 open with it too.
 */
export const SANDBOX_CARD_PURPOSE = 'payout-details';
export const SANDBOX_DECLINING_CARD = '4000000000000002';
export const SANDBOX_DECLINE_MESSAGE = 'The card issuer declined the payout.';

type SealedCard = {
  card_number: string;
  card_holder_name: string;
  expire_month: number;
  expire_year: number;
};

function stateOf(payout: SandboxPayout): PayoutState {
  if (payout.status === 'paid') return { state: 'paid' };
  if (payout.status === 'failed')
    return { state: 'failed', message: payout.failureMessage ?? SANDBOX_DECLINE_MESSAGE };
  if (payout.status === 'cancelled') return { state: 'cancelled' };
  return { state: 'pending' };
}

export function sandboxPayoutProvider(
  db: Db,
  options: {
    appKey: () => string;
    /** False on a shop served to the public: "paying" here moves no money, so it is refused. */
    sendsPayouts?: boolean;
  },
): PayoutProvider {
  async function find(ref: string): Promise<SandboxPayout> {
    const [payout] = await db.select().from(sandboxPayouts).where(eq(sandboxPayouts.id, ref));
    if (!payout) throw new Error(`no sandbox payout ${ref}`);
    return payout;
  }

  return {
    name: 'sandbox',

    async saveCard(card: PayoutCard): Promise<SavedCard> {
      const token = `card_sandbox_${randomBytes(18).toString('base64url')}`;
      const saved = { token, brand: cardBrand(card.number), last4: card.number.slice(-4) };
      const sealed: SealedCard = {
        card_number: card.number,
        card_holder_name: card.holder,
        expire_month: card.expireMonth,
        expire_year: card.expireYear,
      };
      await db.insert(sandboxPayoutCards).values({
        token,
        cardSealed: seal(options.appKey(), SANDBOX_CARD_PURPOSE, sealed),
        brand: saved.brand,
        last4: saved.last4,
      });
      return saved;
    },

    async releaseCard(token: string) {
      await db.delete(sandboxPayoutCards).where(eq(sandboxPayoutCards.token, token));
    },

    async createPayout(request: PayoutRequest) {
      if (options.sendsPayouts === false) {
        throw AppError.conflict('payout.sandbox_no_money');
      }
      const [card] = await db
        .select()
        .from(sandboxPayoutCards)
        .where(eq(sandboxPayoutCards.token, request.cardToken));
      if (!card) throw new Error(`no sandbox card ${request.cardToken}`);
      const id = `po_sandbox_${randomBytes(18).toString('base64url')}`;
      const [created] = await db
        .insert(sandboxPayouts)
        .values({
          id,
          cardToken: request.cardToken,
          amountMinor: request.amountMinor,
          currency: request.currency,
          reference: request.reference,
        })
        .returning();
      if (!created) throw new Error('sandbox payout insert returned no row');
      return { ref: id, state: stateOf(created) };
    },

    async fetchState(ref: string) {
      const payout = await find(ref);
      if (payout.status !== 'pending') return stateOf(payout);
      const [card] = await db
        .select()
        .from(sandboxPayoutCards)
        .where(eq(sandboxPayoutCards.token, payout.cardToken));
      const number = card
        ? unseal<SealedCard>(options.appKey(), SANDBOX_CARD_PURPOSE, card.cardSealed).card_number
        : null;
      const declined = number === null || number === SANDBOX_DECLINING_CARD;
      const [done] = await db
        .update(sandboxPayouts)
        .set({
          status: declined ? 'failed' : 'paid',
          failureMessage: declined ? SANDBOX_DECLINE_MESSAGE : null,
          completedAt: new Date(),
        })
        .where(and(eq(sandboxPayouts.id, ref), eq(sandboxPayouts.status, 'pending')))
        .returning();
      return stateOf(done ?? (await find(ref)));
    },

    async cancel(ref: string) {
      const [done] = await db
        .update(sandboxPayouts)
        .set({ status: 'cancelled', completedAt: new Date() })
        .where(and(eq(sandboxPayouts.id, ref), eq(sandboxPayouts.status, 'pending')))
        .returning();
      return stateOf(done ?? (await find(ref)));
    },
  };
}
