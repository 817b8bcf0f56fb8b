import { sql } from 'drizzle-orm';
import { bigint, check, index, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';

/**
 * What the back office refunds (decision 0048): a whole order, one item of an order, a paid image
 * generation (each back to the buyer's balance), or a deposit (back to its payment method through
 * the provider, the credits taken from the balance).
 */
export const refundSubject = pgEnum('refund_subject', ['order', 'order_item', 'generation', 'deposit']);

/**
 * A refund to the balance is done when it is recorded. A deposit's refund is `pending` while the
 * provider is asked, `succeeded` once it has refunded, and `failed` when it refused (the credits
 * taken for it are then given back).
 */
export const refundStatus = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);

/**
 * Every refund the back office made. The money moves only through the ledger (`refund:<id>`); this
 * row says what was refunded, by whom, why, and what the provider answered.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subject: refundSubject('subject').notNull(),
    /** The order's, the item's, the generation's or the deposit's id. */
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    /** The order a refunded order or item belongs to: its receipt shows the refund. */
    orderId: bigint('order_id', { mode: 'number' }),
    /** The buyer whose balance or payment method gets the money back. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Internal-currency minor units refunded (a deposit's: taken from the balance). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** A deposit's refund: what the provider gives back, in the deposit's currency's minor units. */
    providerAmountMinor: bigint('provider_amount_minor', { mode: 'number' }),
    currency: text('currency'),
    provider: text('provider'),
    /** The provider's id of the refund (Stripe's `re_…`), once it answered. */
    providerRefundId: text('provider_refund_id'),
    status: refundStatus('status').notNull().default('succeeded'),
    /** Why the provider refused a deposit's refund. */
    failureMessage: text('failure_message'),
    /** Why the shop refunds: the buyer reads it in the mail. */
    reason: text('reason').notNull(),
    /** The admin's Idempotency-Key: the same key from the same admin is the same refund. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('refunds_admin_idempotency_unique').on(table.adminId, table.idempotencyKey),
    index('refunds_subject_idx').on(table.subject, table.subjectId),
    index('refunds_order_idx').on(table.orderId),
    index('refunds_user_idx').on(table.userId, table.id),
    index('refunds_created_idx').on(table.createdAt, table.id),
    check('refunds_amount_positive', sql`${table.amount} > 0`),
    check(
      'refunds_provider_amount_positive',
      sql`${table.providerAmountMinor} is null or ${table.providerAmountMinor} > 0`,
    ),
  ],
);
export type RefundRow = typeof refunds.$inferSelect;
