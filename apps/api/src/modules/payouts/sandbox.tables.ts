import { sql } from 'drizzle-orm';
import { bigint, check, index, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox payout provider's own records, apart from the shop's tables: what a real provider
 * keeps on its side. The shop refers to a card by its token and to a payout by its id only.
 */
export const sandboxPayoutCards = pgTable('sandbox_payout_cards', {
  /** `card_sandbox_…`, unguessable. */
  token: text('token').primaryKey(),
  /** The number, holder and expiry, sealed under the provider's own purpose. */
  cardSealed: text('card_sealed').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxPayoutStatus = pgEnum('sandbox_payout_status', [
  'pending',
  'paid',
  'failed',
  'cancelled',
]);

export const sandboxPayouts = pgTable(
  'sandbox_payouts',
  {
    /** `po_sandbox_…`. */
    id: text('id').primaryKey(),
    cardToken: text('card_token').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The shop's reference (`payout:<id>`). */
    reference: text('reference').notNull(),
    status: sandboxPayoutStatus('status').notNull().default('pending'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    check('sandbox_payouts_amount_positive', sql`${table.amountMinor} > 0`),
    index('sandbox_payouts_reference_idx').on(table.reference),
  ],
);
export type SandboxPayout = typeof sandboxPayouts.$inferSelect;
