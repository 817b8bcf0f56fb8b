import { chargeFromEurCents } from '@promptmarket/contracts/money';
import { ApiError } from '../../lib/api-client';

/**
 * The buying screens' rules (spec sections 7 and 8), apart from React so that they are tested
 * on their own.
 */

/** A fresh key per attempt at paying: a double click or a retry of one attempt is one order. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** What a refused purchase says, and whether it was refused for too little money. */
export type PurchaseFailure = { message: string; short: boolean };

/**
 * Spec section 8: the server's message, else the error's own, else "Failed to purchase prompt".
 * A refusal for too little money (INSUFFICIENT_FUNDS) makes the screen offer a deposit.
 */
export function purchaseFailure(error: unknown, fallback: string): PurchaseFailure {
  const short = error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS';
  if (error instanceof Error && error.message) return { message: error.message, short };
  return { message: fallback, short };
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
  return chargeFromEurCents(Math.round(costEur * 100), internalRateEur);
}
