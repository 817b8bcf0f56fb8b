import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';
import { categories, products, styles } from '../catalogue/catalogue.tables';

export const offerStatus = pgEnum('offer_status', [
  'pending',
  'offer',
  'approved',
  'declined',
  'declined_by_service',
  'declined_by_user',
]);

/**
 * A work a user offers to sell to the service (spec sections 3 and 4). Prices are euro cents.
 * The file lives in the private bucket: only its owner (and the back office) can open it.
 */
export const offers = pgTable(
  'offers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description'),
    addText: text('add_text'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    userPriceCents: bigint('user_price_cents', { mode: 'number' }).notNull(),
    /** The service's counter-price; set when the status becomes `offer`. */
    servicePriceCents: bigint('service_price_cents', { mode: 'number' }),
    status: offerStatus('status').notNull().default('pending'),
    /** The AI-creation confirmation the user gave. */
    confirmed: boolean('confirmed').notNull(),
    mediaKey: text('media_key').notNull(),
    /** jpeg, png, gif, webp, svg, pdf, doc or docx: decided from the content. */
    mediaKind: text('media_kind').notNull(),
    mediaContentType: text('media_content_type').notNull(),
    mediaFilename: text('media_filename').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The product the back office made of the accepted work. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('offers_user_idx').on(table.userId, table.id),
    index('offers_status_idx').on(table.status, table.id),
    check('offers_user_price_not_negative', sql`${table.userPriceCents} >= 0`),
    check(
      'offers_service_price_when_offered',
      sql`${table.status} in ('pending', 'declined', 'declined_by_service') or ${table.servicePriceCents} is not null`,
    ),
  ],
);
export type OfferRow = typeof offers.$inferSelect;

export const offerStyles = pgTable(
  'offer_styles',
  {
    offerId: bigint('offer_id', { mode: 'number' })
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    styleId: integer('style_id')
      .notNull()
      .references(() => styles.id, { onDelete: 'restrict' }),
  },
  (table) => [primaryKey({ columns: [table.offerId, table.styleId] })],
);

export const payoutMethod = pgEnum('payout_method', ['card', 'sepa']);
export const payoutStatus = pgEnum('payout_status', ['requested', 'paid', 'failed']);

/**
 * What the service owes for an accepted offer, and where to send it. The card or bank details
 * and the contact details are sealed (AES-256-GCM under a key derived from APP_KEY); only a
 * masked form is kept readable. Its money moves through the ledger: `offer:<id>` when accepted,
 * `payout:<id>:paid` or `payout:<id>:reversed` when the back office settles it.
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
    detailsSealed: text('details_sealed').notNull(),
    failureReason: text('failure_reason'),
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
