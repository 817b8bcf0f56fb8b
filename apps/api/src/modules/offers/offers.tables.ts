import { offerStatuses } from '@promptmarket/contracts/offers';
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
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';
import { categories, products, styles } from '../catalogue/catalogue.tables';

/** The statuses are the contract's: the API answers and the web shows the same list. */
export const offerStatus = pgEnum('offer_status', offerStatuses);

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
    /** How it was made, in the seller's words (the spec's `add_text`). */
    addText: text('add_text'),
    /** The English prompt the buyer receives once the work is a product; required for pictures. */
    prompt: text('prompt'),
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
    /** The picture's 64-bit difference hash (lib/image-hash), signed; null for documents. */
    imageHash: bigint('image_hash', { mode: 'bigint' }),
    /** The same of its mirror image: a later offer or product is compared with both. */
    imageHashMirrored: bigint('image_hash_mirrored', { mode: 'bigint' }),
    /** Why the service declined it, as the back office wrote it; the seller reads it. */
    declineReason: text('decline_reason'),
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
