import { chargeFromEurCents } from '@promptmarket/contracts/money';
import { ApiError, newIdempotencyKey } from '../../lib/api-client';
import { centsFromDecimal } from '../../lib/money';

/**
 * The buying screens' rules (spec sections 7 and 8), apart from React so that they are tested
 * on their own.
 */

/**
 * The Idempotency-Key of one user action and the request it was sent with. A retry of the same
 * request keeps the key, so the shop answers the first attempt again; any other request is a new
 * action with a new key (the shop refuses a key sent with another request).
 */
export type HeldKey = { key: string; request: string };

/** The key for sending `request`: the held one when it was made for this very request, else a new one. */
export function keyFor(held: HeldKey | null, request: unknown): HeldKey {
  const text = JSON.stringify(request ?? null);
  return held && held.request === text ? held : { key: newIdempotencyKey(), request: text };
}

/**
 * Whether an attempt may still be under way or done at the shop, so that its retry must carry the
 * same key: no answer came (the network failed, a proxy gave up), or the shop is still answering
 * the first attempt (409 CONFLICT). After any other answer the action is over.
 */
export function keepsKey(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 409) return error.code === 'CONFLICT';
  return error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
}

/**
 * What a refused purchase says, whether it was refused for too little money, and whether the price
 * changed since the buyer saw it (the screen then shows the new one).
 */
export type PurchaseFailure = { message: string; short: boolean; priceChanged?: boolean };

/**
 * Spec section 8: the server's message, else the error's own, else "Failed to purchase prompt".
 * A refusal for too little money (INSUFFICIENT_FUNDS), or because the account owes a reversed
 * deposit (ACCOUNT_IN_DEBT, settled by a deposit), makes the screen offer a deposit.
 */
export function purchaseFailure(error: unknown, fallback: string): PurchaseFailure {
  const short =
    error instanceof ApiError && (error.code === 'INSUFFICIENT_FUNDS' || error.code === 'ACCOUNT_IN_DEBT');
  const priceChanged = error instanceof ApiError && error.code === 'PRICE_CHANGED';
  const message = error instanceof Error && error.message ? error.message : fallback;
  return priceChanged ? { message, short, priceChanged } : { message, short };
}

/**
 * How far a generation probably is after `elapsedMs`, in percent: the engine says nothing while
 * it draws, so the bar eases towards 90% (most engines answer within about 20 seconds) and the
 * answer's download takes it the rest of the way.
 */
export function generationProgress(elapsedMs: number): number {
  if (!(elapsedMs > 0)) return 0;
  return Math.min(90, Math.round(90 * (1 - Math.exp(-elapsedMs / 8000))));
}

/**
 * The generation cost in internal-currency cents, as the server charges it: the EUR cost over the
 * internal rate, rounded up (`chargeFromEurCents`).
 */
export function generationCostCents(costEur: number, internalRateEur: number): number {
  return chargeFromEurCents(centsFromDecimal(costEur), internalRateEur);
}

/**
 * The tile to put the focus on after a cart's checkout: the first item of the order bought
 * (`bought` is the purchase's order number, each tile one item of an order), else the newest.
 */
export function boughtTile<T extends { order_id: number }>(
  items: readonly T[],
  bought: string | null,
): T | null {
  if (bought === null) return null;
  return items.find((item) => String(item.order_id) === bought) ?? items[0] ?? null;
}
