import type { PaymentMethod } from '@promptmarket/contracts/deposits';

/** What the shop asks a provider to collect. Amounts are minor units of `currency`. */
export type CheckoutRequest = {
  /** The shop's reference (the deposit id), returned with every event. */
  reference: string;
  amountMinor: number;
  currency: string;
  description: string;
  customerEmail: string;
  locale: string;
  /** Where the browser goes after paying, declining or waiting. */
  returnUrl: string;
};

export type Checkout = {
  /** The provider's id of the payment (a checkout session id). */
  ref: string;
  /** The page where the user pays. */
  redirectUrl: string;
};

/**
 * A webhook, verified and read. `paid` carries what was actually paid; `failed` a reason to
 * show; `refused` an attempt to pay that was refused while the checkout stays open for another
 * (Stripe Checkout): its reason is kept, the deposit still waits; `expired` means the payment can
 * no longer happen; `ignored` is any other event.
 * After a payment (decision 0027): `refunded` carries everything refunded of it so far
 * (`amountMinor`, cumulative) and the newest refund's id; `dispute_opened` the disputed amount;
 * `dispute_closed` the dispute's outcome; `refund_failed` a refund that failed or was cancelled after it
 * was made (its id and amount): the money is the shop's again.
 */
export type PaymentEvent = {
  id: string;
  type:
    | 'paid'
    | 'failed'
    | 'refused'
    | 'expired'
    | 'ignored'
    | 'refunded'
    | 'refund_failed'
    | 'dispute_opened'
    | 'dispute_closed';
  /** The checkout's id, when the event names it. */
  ref: string | null;
  /** The payment's id (Stripe's payment intent): what refunds and disputes name. */
  paymentRef?: string | null;
  /**
   * The shop's reference (the deposit id) the payment carries, for an event that names no checkout
   * (Stripe's `payment_intent.payment_failed`, from the intent's metadata).
   */
  reference?: string | null;
  amountMinor?: number;
  currency?: string;
  message?: string;
  /**
   * A failed or refused payment: what kind of failure the provider reported, decided where the
   * provider says it (a refused card is `declined`). A failure without it is a plain failure.
   */
  failure?: PaymentFailureKind;
  /**
   * A failed payment: the provider's decline code (Stripe's `decline_code`: `insufficient_funds`, …;
   * else its error `code`: `expired_card`, …), if it gave one.
   */
  declineCode?: string | null;
  /** The refund's or the dispute's own id. */
  reversalId?: string;
  /** A closed dispute: `won` gives the money back to the shop; anything else keeps it reversed. */
  outcome?: string;
};

/**
 * What kind of failure a provider reported: the card was refused (`declined`), or the payment
 * failed for another reason. The deposit keeps it as its failure code (`depositFailureCodes`),
 * which the web shows in the visitor's language; no one reads it back from the message.
 */
export type PaymentFailureKind = 'declined' | 'failed';

/**
 * The texts our providers give for a failed payment. The deposit keeps the text (the spec's
 * `error_message`) beside the code.
 */
export const PAYMENT_DECLINED_MESSAGE = 'Your card was declined.';
export const PAYMENT_FAILED_MESSAGE = 'The payment failed.';

/** What the provider says about a payment when asked (reconciliation). */
export type PaymentState =
  | { state: 'paid'; amountMinor: number; currency: string; paymentRef?: string | null }
  | {
      state: 'failed';
      failure: PaymentFailureKind;
      message: string;
      declineCode?: string | null;
      paymentRef?: string | null;
      /**
       * The attempt was refused but the checkout could still be paid (another card on the
       * provider's page): it is ended at the provider before the deposit fails.
       */
      open?: boolean;
    }
  | { state: 'expired' }
  | { state: 'open' };

/**
 * A refund the shop asks for (decision 0048): part or all of a paid checkout, in the payment's own
 * currency. The idempotency key makes a retried request (a lost answer, a second click) the same
 * refund at the provider.
 */
export type RefundRequest = {
  /** The checkout's id (`deposits.provider_ref`). */
  ref: string;
  /** The payment's id behind it, when the shop knows it (Stripe's payment intent). */
  paymentRef: string | null;
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
};

/** What the provider answered: its refund's id, done or still on its way to the card. */
export type RefundOutcome = { refundId: string; status: 'succeeded' | 'pending' };

/**
 * A refund the provider refused for good (the payment is refunded already, or was never paid):
 * nothing was refunded, and asking again would not change that. Any other error leaves the outcome
 * unknown: the refund may have happened, so the shop keeps it pending and asks again with the
 * same key.
 */
export class RefundRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RefundRefused';
  }
}

/** The one interface every payment provider sits behind (DESIGN section 3). */
export type PaymentProvider = {
  name: string;
  methods(): PaymentMethod[];
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Verifies the signature on the raw body; throws WebhookRejected when it does not hold. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent;
  fetchState(ref: string): Promise<PaymentState>;
  /** Ends a payment that was never completed, so it cannot be paid later. */
  expire(ref: string): Promise<PaymentState>;
  /**
   * The checkout a payment belongs to (`ref` from `paymentRef`), for a refund or dispute of a
   * deposit paid before the shop kept the payment's id; null when the provider knows none.
   */
  checkoutOf?(paymentRef: string): Promise<string | null>;
  /**
   * Gives part or all of a payment back to the card or account it came from. Throws RefundRefused
   * when the provider refuses it; any other error leaves the outcome unknown.
   */
  refund(request: RefundRequest): Promise<RefundOutcome>;
};

/** A webhook whose signature or body does not hold: answered with 400, nothing changes. */
export class WebhookRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookRejected';
  }
}

export function headerValue(headers: Record<string, string | string[] | undefined>, name: string) {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
