/**
 * The one interface every payout provider sits behind, as deposits' providers do
 * (`payments/provider.ts`): keep a card and answer its token, create a payout to it, learn its
 * outcome, cancel it, release the card. Card numbers reach the provider only; the shop keeps the
 * token, brand and last four digits (decision 0026).
 */

export type PayoutCard = {
  number: string;
  holder: string;
  expireMonth: number;
  expireYear: number;
};

/** What the provider answers for a card it keeps. */
export type SavedCard = { token: string; brand: string; last4: string };

/** What the shop asks a provider to pay. Amounts are minor units of `currency`. */
export type PayoutRequest = {
  /** The shop's reference (`payout:<id>`), returned with every event. */
  reference: string;
  cardToken: string;
  amountMinor: number;
  currency: string;
  /** The payout's attempt (a failed payout is tried again with new details): each is its own request. */
  attempt: number;
};

/** What the provider says about a payout. */
export type PayoutState =
  | { state: 'pending' }
  | { state: 'paid' }
  | { state: 'failed'; message: string }
  | { state: 'cancelled' };

export type PayoutProvider = {
  name: string;
  /** Keeps a card for payouts. Throws CardRejected when the provider refuses it. */
  saveCard(card: PayoutCard): Promise<SavedCard>;
  /** Forgets a card: no payout can go to the token afterwards. Releasing twice is harmless. */
  releaseCard(token: string): Promise<void>;
  /** Starts a payout; the answer carries the provider's id for it. */
  createPayout(request: PayoutRequest): Promise<{ ref: string; state: PayoutState }>;
  /** The payout's state now (the outcome, when the provider has one). */
  fetchState(ref: string): Promise<PayoutState>;
  /** Stops a payout that has not completed; answers the state it ends in. */
  cancel(ref: string): Promise<PayoutState>;
};

/** The card brand from its number's first digits, as providers report it. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  return 'card';
}
