import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PaymentEvent, PaymentProvider } from '../payments/provider';
import { EXPIRED, providerFailure } from './deposits.failures';
import { settleDispute, settleRefund, settleRefundFailed } from './deposits.reversals';
import { keepRefusal, type Log, rememberPayment, settleFailed, settlePaid } from './deposits.settle';
import { deposits, paymentEvents } from './deposits.tables';

/** The provider's webhooks: each verified event applied to its deposit exactly once. */

/**
 * How an event names its deposit: by the checkout, else by the shop's reference the payment
 * carries (a deposit id), else by the payment; null when it names none.
 */
function depositOfEvent(event: PaymentEvent) {
  if (event.ref) return eq(deposits.providerRef, event.ref);
  if (event.reference) {
    return /^\d{1,15}$/.test(event.reference) ? eq(deposits.id, Number(event.reference)) : null;
  }
  if (event.paymentRef) return eq(deposits.paymentRef, event.paymentRef);
  return null;
}

export type EventOutcome = 'applied' | 'duplicate' | 'unknown' | 'ignored';

/**
 * Applies a verified provider event exactly once. The deposit row is locked first, so copies of
 * an event (or events of one payment) are applied one after the other; the event id is then
 * recorded, and a copy finds it and stops. Events may come in any order.
 */
export async function applyPaymentEvent(
  db: Db,
  provider: string,
  event: PaymentEvent,
  log: Log,
): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const found = depositOfEvent(event);
    const [deposit] = found
      ? await tx
          .select()
          .from(deposits)
          .where(and(eq(deposits.provider, provider), found))
          .for('update')
      : [];
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ provider, eventId: event.id, type: event.type, depositId: deposit?.id ?? null })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!recorded) return 'duplicate';
    if (event.type === 'ignored') return 'ignored';
    if (!deposit) {
      log.warn({ provider, eventId: event.id, ref: event.ref }, 'a payment event for an unknown deposit');
      return 'unknown';
    }
    if (event.type === 'paid') {
      await settlePaid(
        tx,
        deposit,
        {
          amountMinor: event.amountMinor ?? deposit.amountMinor,
          currency: event.currency ?? deposit.currency,
          paymentRef: event.paymentRef,
        },
        log,
      );
    } else if (event.type === 'refunded') {
      await rememberPayment(tx, deposit, event);
      await settleRefund(tx, deposit, event, log);
    } else if (event.type === 'refund_failed') {
      await rememberPayment(tx, deposit, event);
      await settleRefundFailed(tx, deposit, event, log);
    } else if (event.type === 'dispute_opened' || event.type === 'dispute_closed') {
      await rememberPayment(tx, deposit, event);
      await settleDispute(tx, deposit, event, log);
    } else if (event.type === 'refused') {
      await rememberPayment(tx, deposit, event);
      await keepRefusal(tx, deposit, event.declineCode ?? null);
    } else if (event.type === 'failed') {
      await rememberPayment(tx, deposit, event);
      const failure = providerFailure(event.failure, event.message);
      await settleFailed(tx, deposit, failure, event.declineCode ?? null);
    } else {
      await settleFailed(tx, deposit, EXPIRED);
    }
    log.info({ depositId: deposit.id, event: event.type, eventId: event.id }, 'payment event applied');
    return 'applied';
  });
}

/**
 * A refund or dispute names the payment, not the checkout. A deposit paid before the shop kept
 * the payment's id is found by asking the provider which checkout the payment belongs to.
 */
export async function withCheckoutRef(
  db: Db,
  provider: PaymentProvider,
  event: PaymentEvent,
): Promise<PaymentEvent> {
  if (event.ref || event.reference || !event.paymentRef || !provider.checkoutOf) return event;
  const [known] = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.provider, provider.name), eq(deposits.paymentRef, event.paymentRef)));
  if (known) return event;
  return { ...event, ref: await provider.checkoutOf(event.paymentRef) };
}
