import { minorUnitsToNumber } from '@promptmarket/contracts';
import {
  type AdminOrderDetail,
  type AdminOrderKind,
  type AdminOrderRow,
  type AdminOrderStatus,
  type AdminOrdersQuery,
  adminOrderId,
  adminOrderIdPattern,
  adminOrderNumber,
  orderNumberSearched,
} from '@promptmarket/contracts/admin-orders';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { accountForReview } from '../accounts/accounts.admin';
import { accountIdsMatching, buyersByIds } from '../accounts/accounts.back-office';
import { productIdsTitled } from '../catalogue/catalogue.back-office';
import {
  generationForBackOffice,
  generationRowsCount,
  generationRowsQuery,
} from '../generation/generation.back-office';
import { orderForBackOffice, orderRowsCount, orderRowsQuery } from '../orders/orders.back-office';
import { receiptOf } from '../receipts/receipts.service';
import { refundedOfGenerationSql, refundedOfOrderSql, refundsOfOrder } from '../refunds/refunds.back-office';
import { getStoredSettings } from '../site/site.service';
import { movesAbout } from '../wallet/wallet.back-office';

/**
 * The back office's orders: every purchase, cart checkout and paid generation in one list, read
 * from the modules that own them (orders, generation) and merged in one query, newest first.
 */

const DAY_MS = 86_400_000;

/** The list's filters as each module reads them; null for a module none of whose rows can match. */
function filtersOf(db: Db, query: AdminOrdersQuery) {
  const from = query.from ? new Date(`${query.from}T00:00:00Z`) : undefined;
  const before = query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined;
  const term = query.search?.trim() || undefined;
  const number = term ? orderNumberSearched(term) : null;
  const accountIds = term ? accountIdsMatching(db, term) : null;
  const common = { from, before, userId: query.user_id };
  // A bought order is paid, then perhaps refunded; a generation may be any status but paid.
  const orderStatus =
    query.status === 'paid' || query.status === 'partially_refunded' || query.status === 'refunded'
      ? query.status
      : undefined;
  const generationStatus = query.status === 'paid' ? undefined : query.status;
  const wantsOrders =
    query.kind !== 'generation' && (query.status === undefined || orderStatus !== undefined);
  const wantsGenerations =
    (query.kind === undefined || query.kind === 'generation') && query.status !== 'paid';
  return {
    orders: wantsOrders
      ? {
          ...common,
          kind: query.kind === 'purchase' || query.kind === 'checkout' ? query.kind : undefined,
          status: orderStatus,
          refundedOf: refundedOfOrderSql,
          search:
            term && accountIds
              ? {
                  accountIds,
                  productIds: productIdsTitled(db, term),
                  orderId: number?.kinds.includes('order') ? number.id : null,
                }
              : undefined,
        }
      : null,
    generations: wantsGenerations
      ? {
          ...common,
          status: generationStatus,
          refundedOf: refundedOfGenerationSql,
          search:
            term && accountIds
              ? { term, accountIds, generationId: number?.kinds.includes('generation') ? number.id : null }
              : undefined,
        }
      : null,
  };
}

/** A page of the orders list and how many match. */
export async function ordersForReview(
  db: Db,
  query: AdminOrdersQuery,
): Promise<{ data: AdminOrderRow[]; total: number }> {
  const filters = filtersOf(db, query);
  const parts = [
    filters.orders ? orderRowsQuery(db, filters.orders) : null,
    filters.generations ? generationRowsQuery(db, filters.generations) : null,
  ].filter((part) => part !== null);
  const [first, second] = parts;
  if (!first) return { data: [], total: 0 };
  const merged = second ? first.unionAll(second) : first;
  const [rows, orderCount, generationCount] = await Promise.all([
    merged
      // The same instant in both: an order before a generation, then the higher number first.
      .orderBy(sql`created_at desc`, sql`kind desc`, sql`id desc`)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    filters.orders ? orderRowsCount(db, filters.orders) : 0,
    filters.generations ? generationRowsCount(db, filters.generations) : 0,
  ]);
  const buyers = await buyersByIds(
    db,
    rows.map((row) => row.userId),
  );
  const data = rows.map((row) => {
    const kind = row.kind as AdminOrderKind;
    const createdAt = new Date(row.createdAt);
    return {
      id: adminOrderId(kind, Number(row.id)),
      number: adminOrderNumber(kind, Number(row.id), createdAt),
      kind,
      buyer: buyers.get(row.userId) ?? { id: row.userId, name: '', email: '' },
      total: minorUnitsToNumber(Number(row.total)),
      item_count: Number(row.itemCount),
      status: row.status as AdminOrderStatus,
      created_at: createdAt.toISOString(),
    };
  });
  return { data, total: orderCount + generationCount };
}

/**
 * A paid order's or a drawn image's status once refunds are counted (all but the failed ones), as
 * the list works it out in its query.
 */
function statusAfterRefunds(
  status: AdminOrderStatus,
  total: number,
  refunds: { amount: number; status: string }[],
): AdminOrderStatus {
  if (status !== 'paid' && status !== 'done') return status;
  const refunded = refunds
    .filter((refund) => refund.status !== 'failed')
    .reduce((sum, refund) => sum + Math.round(refund.amount * 100), 0);
  if (refunded === 0) return status;
  return refunded >= total ? 'refunded' : 'partially_refunded';
}

/**
 * One order as the list names it (`order-12`, `generation-5`), with its buyer, items, ledger
 * moves, receipt (in `locale`), downloads and refunds. Throws NOT_FOUND for one that does not exist.
 */
export async function orderDetailForReview(db: Db, id: string, locale: string): Promise<AdminOrderDetail> {
  const match = adminOrderIdPattern.exec(id);
  if (!match) throw AppError.notFound();
  const number = Number(match[2]);
  const settings = await getStoredSettings(db, locale);
  const currency = settings.internal_currency_name;

  if (match[1] === 'generation') {
    const generation = await generationForBackOffice(db, number);
    if (!generation) throw AppError.notFound();
    const reference = `generation:${generation.id}`;
    const [buyers, moves, refunds] = await Promise.all([
      buyersByIds(db, [generation.userId]),
      movesAbout(db, reference),
      refundsOfOrder(db, { generationId: generation.id }),
    ]);
    return {
      id,
      number: adminOrderNumber('generation', generation.id, generation.createdAt),
      kind: 'generation',
      buyer: buyers.get(generation.userId) ?? { id: generation.userId, name: '', email: '' },
      total: minorUnitsToNumber(generation.cost),
      item_count: 1,
      status: statusAfterRefunds(generation.status, generation.cost, refunds),
      created_at: generation.createdAt.toISOString(),
      currency,
      items: [
        {
          id: generation.id,
          product_id: null,
          title: generation.title,
          price: minorUnitsToNumber(generation.cost),
          format: generation.format,
          size: generation.size,
        },
      ],
      moves,
      receipt: null,
      receipt_path: null,
      downloads: generation.downloads.map((download) => ({
        id: download.id,
        item_id: generation.id,
        user_id: download.userId,
        format: generation.format,
        size: generation.size,
        created_at: download.createdAt.toISOString(),
      })),
      refunds,
      error_message: generation.errorMessage,
    };
  }

  const order = await orderForBackOffice(db, number, locale);
  if (!order) throw AppError.notFound();
  const buyer = await accountForReview(db, order.userId).catch(() => null);
  const [buyers, moves, refunds, receipt] = await Promise.all([
    buyersByIds(db, [order.userId]),
    movesAbout(db, `order:${order.id}`),
    refundsOfOrder(db, { orderId: order.id }),
    // The receipt the buyer reads, made as for them (a deleted account's is gone with its name).
    buyer ? receiptOf(db, buyer, { kind: 'purchase', id: order.id, locale }) : Promise.resolve(null),
  ]);
  return {
    id,
    number: adminOrderNumber(order.kind, order.id, order.createdAt),
    kind: order.kind,
    buyer: buyers.get(order.userId) ?? { id: order.userId, name: '', email: '' },
    total: minorUnitsToNumber(order.total),
    item_count: order.items.length,
    status: statusAfterRefunds('paid', order.total, refunds),
    created_at: order.createdAt.toISOString(),
    currency,
    items: order.items.map((item) => ({
      id: item.id,
      product_id: item.productId,
      title: item.title,
      price: minorUnitsToNumber(item.price),
      format: null,
      size: null,
    })),
    moves,
    receipt,
    receipt_path: `/dashboard/receipts/purchase/${order.id}`,
    downloads: order.downloads.map((download) => ({
      id: download.id,
      item_id: download.itemId,
      user_id: download.userId,
      format: download.format,
      size: download.size,
      created_at: download.createdAt.toISOString(),
    })),
    refunds,
    error_message: null,
  };
}
