import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { productsShown } from '../catalogue/catalogue.service';
import { orderDownloads, orderItems, orders } from './orders.tables';

/**
 * What the back office's orders pages read of the orders: rows for the list of every order (the
 * generations' rows are joined to them by the admin module), and one order with its items and
 * downloads.
 */

/** A subquery of ids (accounts, products) another module answers, used inside this module's query. */
type IdSubquery = SQL | PgSelect | { getSQL(): SQL };

export type OrderRowsFilter = {
  kind?: 'purchase' | 'checkout';
  status?: 'paid' | 'partially_refunded' | 'refunded';
  /**
   * The credits given back of the order the outer query names by `orders.id` (the refunds
   * module's subquery): the status says whether it was paid, partly or wholly refunded.
   */
  refundedOf: (orderId: SQL) => SQL;
  /** Made at or after, and before. */
  from?: Date;
  before?: Date;
  userId?: string;
  /** A search: the buyer among these accounts, a product among these, or this order number. */
  search?: { accountIds: IdSubquery; productIds: IdSubquery; orderId: number | null };
};

/** An order's status from what was refunded of it; written out, as it sits in a correlated subquery. */
function statusSql(filter: OrderRowsFilter): SQL {
  const refunded = filter.refundedOf(sql.raw('orders.id'));
  return sql`(case when ${refunded} = 0 then 'paid' when ${refunded} >= orders.total then 'refunded' else 'partially_refunded' end)`;
}

function conditionsOf(filter: OrderRowsFilter): SQL | undefined {
  const search = filter.search;
  return and(
    filter.kind ? eq(orders.kind, filter.kind) : undefined,
    filter.status ? sql`${statusSql(filter)} = ${filter.status}` : undefined,
    filter.from ? gte(orders.createdAt, filter.from) : undefined,
    filter.before ? lt(orders.createdAt, filter.before) : undefined,
    filter.userId ? eq(orders.userId, filter.userId) : undefined,
    search
      ? or(
          // biome-ignore lint/suspicious/noExplicitAny: a subquery of one id column
          inArray(orders.userId, search.accountIds as any),
          inArray(
            orders.id,
            sql`(select ${orderItems.orderId} from ${orderItems} where ${orderItems.productId} in ${search.productIds})`,
          ),
          search.orderId === null ? undefined : eq(orders.id, search.orderId),
        )
      : undefined,
  );
}

/**
 * The orders matching the filter, in the shape the list shares with the generations: kind, id,
 * buyer, total (minor units), item count, status (an order is paid when it exists: its money moved
 * in the same transaction; then partly or wholly refunded) and date.
 */
export function orderRowsQuery(db: Db, filter: OrderRowsFilter) {
  return db
    .select({
      kind: sql<string>`${orders.kind}`.as('kind'),
      id: sql<number>`${orders.id}`.mapWith(Number).as('id'),
      userId: sql<string>`${orders.userId}`.as('user_id'),
      total: sql<number>`${orders.total}`.mapWith(Number).as('total'),
      // Written out: inside one table's select, drizzle leaves column names unqualified, and a
      // correlated count would compare the item's own columns.
      itemCount: sql<number>`(select count(*) from order_items counted where counted.order_id = orders.id)`
        .mapWith(Number)
        .as('item_count'),
      status: sql<string>`${statusSql(filter)}`.as('status'),
      createdAt: sql<Date>`${orders.createdAt}`.mapWith(orders.createdAt).as('created_at'),
    })
    .from(orders)
    .where(conditionsOf(filter));
}

/** How many orders match the filter. */
export async function orderRowsCount(db: Db, filter: OrderRowsFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(conditionsOf(filter));
  return row?.count ?? 0;
}

export type OrderForBackOffice = {
  id: number;
  kind: 'purchase' | 'checkout';
  userId: string;
  total: number;
  createdAt: Date;
  items: { id: number; productId: number; title: string; price: number }[];
  downloads: { id: number; itemId: number; userId: string; format: string; size: string; createdAt: Date }[];
};

/**
 * One order with its prompts, titled in `locale` (a prompt gone from the shop keeps its line,
 * named by its number), and every download of them, newest first; null when there is none.
 */
export async function orderForBackOffice(
  db: Db,
  orderId: number,
  locale: string,
): Promise<OrderForBackOffice | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await db
    .select({ id: orderItems.id, productId: orderItems.productId, price: orderItems.price })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const [shown, downloads] = await Promise.all([
    productsShown(
      db,
      items.map((item) => item.productId),
      locale,
    ),
    items.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(orderDownloads)
          .where(
            inArray(
              orderDownloads.orderItemId,
              items.map((item) => item.id),
            ),
          )
          .orderBy(desc(orderDownloads.id))
          .limit(200),
  ]);
  return {
    id: order.id,
    kind: order.kind === 'checkout' ? 'checkout' : 'purchase',
    userId: order.userId,
    total: order.total,
    createdAt: order.createdAt,
    items: items.map((item) => ({
      ...item,
      title: shown.get(item.productId)?.title ?? `#${item.productId}`,
    })),
    downloads: downloads.map((download) => ({
      id: download.id,
      itemId: download.orderItemId,
      userId: download.userId,
      format: download.format,
      size: download.size,
      createdAt: download.createdAt,
    })),
  };
}
