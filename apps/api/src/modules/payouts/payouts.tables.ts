import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';
import { offers } from '../offers/offers.tables';

export const payoutMethod = pgEnum('payout_method', ['card', 'sepa']);
/**
 * requested: owed, not sent yet; sent: handed to the payout provider or exported in a SEPA file;
 * paid: the money left; failed: it did not arrive, and what was owed is reversed.
 */
export const payoutStatus = pgEnum('payout_status', ['requested', 'paid', 'failed', 'sent']);

/**
 * One SEPA credit-transfer file the back office exported (pain.001.001.09). The file itself is
 * not kept: it holds full IBANs; the payouts it carried point to their batch.
 */
export const payoutBatches = pgTable('payout_batches', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** The file's MsgId (and PmtInfId), unique per shop as banks require. */
  messageId: text('message_id').notNull().unique(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  transfers: integer('transfers').notNull(),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PayoutBatchRow = typeof payoutBatches.$inferSelect;

/**
 * What the service owes for an accepted offer, and where to send it (decision 0026). A card is
 * kept by the payout provider: the shop keeps its token, brand and last four digits only. A bank
 * account's holder and IBAN, with the contact details, are sealed (AES-256-GCM under a key derived
 * from APP_KEY) until the payout is paid. Its money moves through the ledger: `offer:<id>` when
 * accepted, `payout:<id>:paid` or `payout:<id>:reversed` when it is settled.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    offerId: bigint('offer_id', { mode: 'number' })
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    method: payoutMethod('method').notNull(),
    /** What is paid, in euro cents. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The same in internal-currency minor units, as the ledger records it. */
    ledgerAmount: bigint('ledger_amount', { mode: 'number' }).notNull(),
    status: payoutStatus('status').notNull().default('requested'),
    /** "Card •••• 4242" or "IBAN DE89 •••• 3000". */
    destinationMasked: text('destination_masked').notNull(),
    /** SEPA: the holder, IBAN and contact details; card: the contact details. Cleared once paid. */
    detailsSealed: text('details_sealed'),
    /** The payout provider that keeps the card (`sandbox`, `stripe`). */
    provider: text('provider'),
    /** The provider's token for the card; released at the provider once paid. */
    cardToken: text('card_token'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** The provider's id of the payout, once sent to it. */
    providerRef: text('provider_ref'),
    /** The SEPA file a bank payout left in. */
    batchId: bigint('batch_id', { mode: 'number' }).references(() => payoutBatches.id, {
      onDelete: 'restrict',
    }),
    failureReason: text('failure_reason'),
    /** 1, then one more each time the seller gives new details after a failure (its ledger keys count it). */
    attempt: integer('attempt').notNull().default(1),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('payouts_offer_unique').on(table.offerId),
    index('payouts_user_idx').on(table.userId, table.id),
    index('payouts_status_idx').on(table.status, table.id),
    check('payouts_amount_positive', sql`${table.amountCents} > 0`),
  ],
);
export type PayoutRow = typeof payouts.$inferSelect;
