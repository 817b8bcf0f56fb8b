import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../accounts/accounts.tables';
import { products } from '../catalogue/catalogue.tables';

/**
 * A buyer's review of a prompt they bought: 1 to 5 stars and an optional text, as typed. One per
 * buyer and prompt. A review the back office hid (`hiddenAt`) is not listed and leaves the
 * product's rating; `reportsCount` counts the visitors who reported it (`reviewReports`).
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    text: text('text'),
    /** The language the review was written in. */
    locale: text('locale').notNull(),
    reportsCount: integer('reports_count').notNull().default(0),
    lastReportedAt: timestamp('last_reported_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    unique('product_reviews_product_user_unique').on(table.productId, table.userId),
    check('product_reviews_stars_range', sql`${table.stars} between 1 and 5`),
    check('product_reviews_reports_not_negative', sql`${table.reportsCount} >= 0`),
    // A product's visible reviews, newest first.
    index('product_reviews_visible_idx')
      .on(table.productId, table.createdAt, table.id)
      .where(sql`${table.hiddenAt} is null`),
    index('product_reviews_user_idx').on(table.userId),
    // The back office's queue: reported reviews, the newest report first.
    index('product_reviews_reported_idx')
      .on(table.lastReportedAt, table.id)
      .where(sql`${table.reportsCount} > 0`),
  ],
);

/** Who reported which review: once per user and review. */
export const reviewReports = pgTable(
  'review_reports',
  {
    reviewId: bigint('review_id', { mode: 'number' })
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.reviewId, table.userId] }),
    index('review_reports_user_idx').on(table.userId),
  ],
);
