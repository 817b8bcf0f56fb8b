import type { DepositFailureCode } from '@promptmarket/contracts/deposits';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../accounts/accounts.tables';

export const depositStatus = pgEnum('deposit_status', ['processing', 'success', 'error', 'failed']);

/**
 * Money a user pays in through a payment provider. The wallet is credited by the ledger when the
 * provider confirms the payment (a webhook or the reconciliation job), never by this row.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    /** The provider's id of the payment (checkout session); set once the checkout exists. */
    providerRef: text('provider_ref'),
    /**
     * The provider's id of the payment behind the checkout (Stripe's payment intent), learnt when
     * it is paid: refunds and disputes name it, not the checkout.
     */
    paymentRef: text('payment_ref'),
    status: depositStatus('status').notNull().default('processing'),
    /** The currency the user pays in, and the amount in its minor units. */
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** Units of `currency` per EUR, and EUR per internal unit, as they were at checkout. */
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    internalRateEur: numeric('internal_rate_eur', { precision: 18, scale: 8 }).notNull(),
    /** Internal-currency minor units: what the amount is worth; once paid, what was credited. */
    internalAmount: bigint('internal_amount', { mode: 'number' }).notNull(),
    /** What the provider reports as paid, in `currency` minor units. */
    paidAmountMinor: bigint('paid_amount_minor', { mode: 'number' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    countryIso: text('country_iso').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    zip: text('zip').notNull(),
    /** The language of the pages the provider sends the browser back to. */
    locale: text('locale').notNull(),
    /** The provider's payment page. */
    redirectUrl: text('redirect_url'),
    /** Why a failed deposit failed, in the provider's or the shop's words (the spec's `error_message`). */
    errorMessage: text('error_message'),
    /**
     * Why it failed, as a code the web words in the user's language (the API's `error_code`); set
     * with the message when the deposit fails, null otherwise.
     */
    failureCode: text('failure_code').$type<DepositFailureCode>(),
    /**
     * The provider's code of why a payment was refused (Stripe's decline codes: `insufficient_funds`,
     * `expired_card`, …); null when the provider gave none. The web words it in the user's language.
     */
    declineCode: text('decline_code'),
    /** The client's Idempotency-Key: the same key from the same user is the same deposit. */
    idempotencyKey: text('idempotency_key'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** What the provider has refunded so far, in `currency` minor units (decision 0027). */
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    /** Internal-currency minor units taken back from the wallet for those refunds. */
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    /** A dispute at the provider: open (the money is held), won or lost; null when none. */
    disputeStatus: text('dispute_status'),
    /** Internal-currency minor units taken back for a dispute that is open or lost. */
    disputedAmount: bigint('disputed_amount', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (table) => [
    unique('deposits_provider_ref_unique').on(table.provider, table.providerRef),
    unique('deposits_payment_ref_unique').on(table.provider, table.paymentRef),
    unique('deposits_idempotency_unique').on(table.userId, table.idempotencyKey),
    index('deposits_user_idx').on(table.userId, table.id),
    index('deposits_processing_idx').on(table.createdAt).where(sql`${table.status} = 'processing'`),
    check('deposits_amount_positive', sql`${table.amountMinor} > 0 and ${table.internalAmount} >= 0`),
    check(
      'deposits_reversal_within_credit',
      sql`${table.refundedAmount} >= 0 and ${table.disputedAmount} >= 0 and ${table.refundedAmount} + ${table.disputedAmount} <= ${table.internalAmount}`,
    ),
  ],
);
export type DepositRow = typeof deposits.$inferSelect;

/** Every provider event handled once: a redelivered or concurrent copy finds its row and stops. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    depositId: bigint('deposit_id', { mode: 'number' }).references(() => deposits.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);
