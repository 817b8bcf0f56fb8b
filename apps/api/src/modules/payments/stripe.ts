import { type PaymentMethod, paymentMethods } from '@promptmarket/contracts/deposits';
import Stripe from 'stripe';
import { stripeClient } from '../../lib/stripe-client';
import {
  type Checkout,
  type CheckoutRequest,
  headerValue,
  PAYMENT_DECLINED_MESSAGE,
  PAYMENT_FAILED_MESSAGE,
  type PaymentEvent,
  type PaymentFailureKind,
  type PaymentProvider,
  type PaymentState,
  RefundRefused,
  WebhookRejected,
} from './provider';
import { SIGNATURE_TOLERANCE_SECONDS } from './signature';

export type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  /** The shop's public address: Stripe sends the browser back to absolute URLs. */
  appUrl: string;
  /** Another API host (a local server that speaks Stripe's API, in tests). */
  apiUrl?: string | null;
};

type Session = Awaited<ReturnType<Stripe['checkout']['sessions']['retrieve']>>;

/** Stripe's hosted-checkout languages that the shop also speaks. */
const checkoutLocales = new Set(['en', 'de', 'fr', 'es', 'it', 'pl']);

const methods: PaymentMethod[] = [paymentMethods.card];

function stateOf(session: Session): PaymentState {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') {
    return {
      state: 'paid',
      amountMinor: session.amount_total ?? 0,
      currency: (session.currency ?? '').toUpperCase(),
      paymentRef: idOf(session.payment_intent),
    };
  }
  if (session.status === 'expired') return { state: 'expired' };
  // The session's payment was tried and refused (the intent is back to waiting for a card): the
  // customer, back at the shop, sees why. The session could still be paid with another card on
  // Stripe's page, so it is ended before the deposit fails (`open`).
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  if (
    session.status === 'open' &&
    intent?.status === 'requires_payment_method' &&
    intent.last_payment_error
  ) {
    return { state: 'failed', ...refusalOf(intent.last_payment_error), paymentRef: intent.id, open: true };
  }
  return { state: 'open' };
}

/**
 * Why Stripe refused a payment, as it reports it: the card issuer's `decline_code` when it gave one,
 * else the error's `code` (`card_declined`, `expired_card`, `incorrect_cvc`,
 * `payment_intent_authentication_failure`, …). A card error, or a refusal Stripe names with a code,
 * is a decline; an error Stripe gave no code for, a failed payment.
 */
function refusalOf(error: Stripe.PaymentIntent.LastPaymentError): {
  failure: PaymentFailureKind;
  message: string;
  declineCode: string | null;
} {
  const declineCode = error.decline_code || error.code || null;
  const declined = error.type === 'card_error' || declineCode !== null;
  return declined
    ? { failure: 'declined', message: PAYMENT_DECLINED_MESSAGE, declineCode }
    : { failure: 'failed', message: PAYMENT_FAILED_MESSAGE, declineCode };
}

/**
 * `payment_intent.payment_failed`: an attempt to pay a checkout was refused; the customer may try
 * another card on the same page. The intent carries the deposit's reference in its metadata (set
 * through `payment_intent_data`); the checkout is not named.
 */
function paymentFailedEvent(eventId: string, intent: Stripe.PaymentIntent): PaymentEvent {
  return {
    id: eventId,
    type: 'refused',
    ref: null,
    paymentRef: intent.id,
    reference: intent.metadata?.reference || null,
    ...(intent.last_payment_error
      ? refusalOf(intent.last_payment_error)
      : { failure: 'failed', message: PAYMENT_FAILED_MESSAGE, declineCode: null }),
  };
}

/** An expandable field's id: Stripe sends either the id or the object. */
function idOf(field: string | { id: string } | null | undefined): string | null {
  if (!field) return null;
  return typeof field === 'string' ? field : field.id;
}

/**
 * `charge.refunded`: the charge carries everything refunded so far; the newest refund (first in
 * `refunds`, when Stripe includes them) names this one, else the event does.
 */
function refundEvent(eventId: string, charge: Stripe.Charge): PaymentEvent {
  const newest = charge.refunds?.data?.[0];
  return {
    id: eventId,
    type: 'refunded',
    ref: null,
    paymentRef: idOf(charge.payment_intent),
    amountMinor: charge.amount_refunded,
    currency: charge.currency.toUpperCase(),
    reversalId: newest?.id ?? eventId,
  };
}

/**
 * `charge.refund.updated`: a refund that failed or was cancelled gives the money back to the shop
 * at Stripe, so what it took from the wallet is restored. Any other update changes nothing.
 */
function refundUpdateEvent(eventId: string, refund: Stripe.Refund): PaymentEvent {
  if (refund.status !== 'failed' && refund.status !== 'canceled') {
    return { id: eventId, type: 'ignored', ref: null };
  }
  return {
    id: eventId,
    type: 'refund_failed',
    ref: null,
    paymentRef: idOf(refund.payment_intent),
    amountMinor: refund.amount,
    currency: refund.currency.toUpperCase(),
    reversalId: refund.id,
  };
}

/** `charge.dispute.created` / `closed`: the disputed amount, and how it ended. */
function disputeEvent(eventId: string, type: string, dispute: Stripe.Dispute): PaymentEvent {
  return {
    id: eventId,
    type: type === 'charge.dispute.created' ? 'dispute_opened' : 'dispute_closed',
    ref: null,
    paymentRef: idOf(dispute.payment_intent),
    amountMinor: dispute.amount,
    currency: dispute.currency.toUpperCase(),
    reversalId: dispute.id,
    outcome: dispute.status,
  };
}

/**
 * Stripe Checkout Sessions through the official SDK (decision 0015). The session's
 * `client_reference_id` is the shop's reference; webhooks are verified by the SDK on the raw body.
 */
export function stripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = stripeClient(options.secretKey, options.apiUrl);

  return {
    name: 'stripe',
    methods: () => methods,

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const returnUrl = new URL(request.returnUrl, options.appUrl).toString();
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.reference,
          customer_email: request.customerEmail,
          ...(checkoutLocales.has(request.locale)
            ? { locale: request.locale as 'en' | 'de' | 'fr' | 'es' | 'it' | 'pl' }
            : {}),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountMinor,
                product_data: { name: request.description },
              },
            },
          ],
          metadata: { reference: request.reference },
          // The payment intent carries the reference too: its events name no checkout.
          payment_intent_data: { metadata: { reference: request.reference } },
          success_url: returnUrl,
          cancel_url: returnUrl,
        },
        // A retried call for the same deposit gets the same session back.
        { idempotencyKey: `checkout-${request.reference}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { ref: session.id, redirectUrl: session.url };
    },

    parseWebhook(rawBody, headers): PaymentEvent {
      let event: ReturnType<typeof stripe.webhooks.constructEvent>;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          headerValue(headers, 'stripe-signature') ?? '',
          options.webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
        );
      } catch {
        throw new WebhookRejected('bad or stale signature');
      }
      if (event.type === 'charge.refunded') return refundEvent(event.id, event.data.object as Stripe.Charge);
      if (event.type === 'charge.refund.updated') {
        return refundUpdateEvent(event.id, event.data.object as Stripe.Refund);
      }
      if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') {
        return disputeEvent(event.id, event.type, event.data.object as Stripe.Dispute);
      }
      if (event.type === 'payment_intent.payment_failed') {
        return paymentFailedEvent(event.id, event.data.object as Stripe.PaymentIntent);
      }
      if (!event.type.startsWith('checkout.session.')) return { id: event.id, type: 'ignored', ref: null };
      const session = event.data.object as Session;
      const base = {
        id: event.id,
        ref: session.id,
        paymentRef: idOf(session.payment_intent),
        amountMinor: session.amount_total ?? undefined,
        currency: session.currency?.toUpperCase(),
      };
      switch (event.type) {
        case 'checkout.session.completed':
          // Card payments are paid at completion; delayed methods report later.
          return { ...base, type: session.payment_status === 'unpaid' ? 'ignored' : 'paid' };
        case 'checkout.session.async_payment_succeeded':
          return { ...base, type: 'paid' };
        case 'checkout.session.async_payment_failed':
          return { ...base, type: 'failed', failure: 'failed', message: PAYMENT_FAILED_MESSAGE };
        case 'checkout.session.expired':
          return { ...base, type: 'expired' };
        default:
          return { ...base, type: 'ignored' };
      }
    },

    async fetchState(ref) {
      return stateOf(await stripe.checkout.sessions.retrieve(ref, { expand: ['payment_intent'] }));
    },

    async checkoutOf(paymentRef) {
      const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentRef, limit: 1 });
      return sessions.data[0]?.id ?? null;
    },

    async refund(request) {
      // A deposit paid before the shop kept the payment's id names its checkout only.
      const paymentIntent =
        request.paymentRef ?? idOf((await stripe.checkout.sessions.retrieve(request.ref)).payment_intent);
      if (!paymentIntent) throw new RefundRefused('the checkout has no payment to refund');
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntent, amount: request.amountMinor },
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          throw new RefundRefused(refund.failure_reason ?? `the refund is ${refund.status}`);
        }
        if (refund.currency.toUpperCase() !== request.currency) {
          throw new Error(`Stripe refunded in ${refund.currency}, not ${request.currency}`);
        }
        return { refundId: refund.id, status: refund.status === 'succeeded' ? 'succeeded' : 'pending' };
      } catch (error) {
        // Stripe's 4xx answers (already refunded, more than is left, no such payment) are final;
        // a network error or a 5xx is not: the refund may have been made.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeCardError
        ) {
          throw new RefundRefused(error.message);
        }
        throw error;
      }
    },

    async expire(ref) {
      const session = await stripe.checkout.sessions.retrieve(ref);
      if (session.status !== 'open') return stateOf(session);
      try {
        return stateOf(await stripe.checkout.sessions.expire(ref));
      } catch (error) {
        // Completed in between (Stripe expires only open sessions): what it is now.
        const now = await stripe.checkout.sessions.retrieve(ref);
        if (now.status === 'open') throw error;
        return stateOf(now);
      }
    },
  };
}
