import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { productsShown } from '../catalogue/catalogue.service';
import { orderItems, orders } from './orders.tables';

export type OrderForReceipt = {
  id: number;
  createdAt: Date;
  /** Internal-currency minor units paid. */
  total: number;
  items: { productId: number; title: string; price: number }[];
  /** The items' ids, in the order of `items`: a credit note names the item it refunds. */
  itemIds: number[];
};

/**
 * One of the user's own orders with its prompts, titled in `locale`, for its receipt. Anyone
 * else's order is NOT_FOUND, as one that does not exist. A prompt no longer shown in the shop keeps
 * its line, named by its number, so the lines always add up to the total.
 */
export async function orderForReceipt(
  db: Db,
  userId: string,
  orderId: number,
  locale: string,
): Promise<OrderForReceipt> {
  const [order] = await db
    .select({ id: orders.id, createdAt: orders.createdAt, total: orders.total })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw AppError.notFound();
  const items = await db
    .select({ id: orderItems.id, productId: orderItems.productId, price: orderItems.price })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.userId, userId)))
    .orderBy(asc(orderItems.id));
  const shown = await productsShown(
    db,
    items.map((item) => item.productId),
    locale,
  );
  return {
    ...order,
    itemIds: items.map((item) => item.id),
    items: items.map((item) => ({
      productId: item.productId,
      title: shown.get(item.productId)?.title ?? `#${item.productId}`,
      price: item.price,
    })),
  };
}
