import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';
import { products } from '../catalogue/catalogue.tables';

/** What a user means to buy: one row per prompt. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('cart_items_user_product_unique').on(table.userId, table.productId)],
);

/** One purchase: a prompt, or everything in the cart at once. Paid by ledger move `order:<id>`. */
export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Internal-currency minor units paid. */
    total: bigint('total', { mode: 'number' }).notNull(),
    /**
     * How it was bought: `purchase`, one prompt bought from its page; `checkout`, the cart at
     * once. Orders made before this was kept read as `purchase`.
     */
    kind: text('kind').notNull().default('purchase'),
    /** The client's Idempotency-Key: the same key from the same user is the same order. */
    idempotencyKey: text('idempotency_key'),
    /**
     * What the keyed request asked for (a hash of its method, path and body): the same key with
     * another request is refused rather than answered with this order.
     */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('orders_idempotency_unique').on(table.userId, table.idempotencyKey),
    check('orders_total_not_negative', sql`${table.total} >= 0`),
    check('orders_kind_known', sql`${table.kind} in ('purchase', 'checkout')`),
    index('orders_created_idx').on(table.createdAt),
  ],
);

/**
 * The prompts bought. A user owns a prompt once: the second purchase is refused by the database.
 * An item refunded in full (decision 0048) is no longer owned: its downloads stop, and it may be
 * bought again.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** Internal-currency minor units paid for this prompt. */
    price: bigint('price', { mode: 'number' }).notNull(),
    /** When the back office refunded the item in full (or its whole order): access to it ends. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('order_items_user_product_unique')
      .on(table.userId, table.productId)
      .where(sql`${table.refundedAt} is null`),
    index('order_items_user_idx').on(table.userId, table.id),
    index('order_items_order_idx').on(table.orderId),
    check('order_items_price_not_negative', sql`${table.price} >= 0`),
  ],
);

/**
 * Each download of a bought prompt: who took which item, when, in which format and size. The back
 * office reads them to answer "I never got my file".
 */
export const orderDownloads = pgTable(
  'order_downloads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderItemId: bigint('order_item_id', { mode: 'number' })
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    format: text('format').notNull(),
    size: text('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_downloads_item_idx').on(table.orderItemId, table.id)],
);
