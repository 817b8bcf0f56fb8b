import { chargeFromEurCents, minorUnitsToNumber } from '@promptmarket/contracts';
import type { Cart, Order } from '@promptmarket/contracts/orders';
import { receiptNumber } from '@promptmarket/contracts/receipts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { sameRequest } from '../../lib/idempotency';
import { previewUrls } from '../catalogue/catalogue.media';
import { productsOnSale, productsShown, recordSales } from '../catalogue/catalogue.service';
import { enqueueJob } from '../jobs/jobs.service';
import { creditsText } from '../mail/credits-text';
import { mailAccount } from '../mail/mail.notify';
import { getStoredSettings } from '../site/site.service';
import { debitWallet, walletBalance } from '../wallet/wallet.service';
import { cartItems, orderItems, orders } from './orders.tables';

/**
 * Buying prompts (decision 0015 for the money): an order and its items are written, and the wallet
 * is debited by one ledger move `order:<id>`, in one database transaction: all or nothing. The
 * database refuses a second purchase of a prompt by the same user.
 */

/** The queue of the mails that invite a buyer to review an order's prompts (reviews.invitations.ts). */
export const REVIEW_INVITATION_QUEUE = 'review-invitation';
/** How long after a purchase its buyer is invited to review it: time to have used the prompts. */
export const REVIEW_INVITATION_DELAY_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * A purchase the shop refuses: answered by the error handler as `{status: "ERROR", message, code}`
 * with 422, its message in the request's language. Any refusal but too little money (an empty
 * cart, a prompt gone or owned) is VALIDATION_FAILED.
 */
export function purchaseRefused(key: 'cart.empty' | 'purchase.unavailable' | 'purchase.owned'): AppError {
  return new AppError('VALIDATION_FAILED', key, undefined, undefined, undefined, { status: 'ERROR' });
}

/**
 * Too little money for a purchase or a paid generation: INSUFFICIENT_FUNDS with 422, saying and
 * carrying (`missing`, in the internal currency) the amount missing, given in minor units; the
 * message words it in the plural form `locale` needs.
 */
export function insufficientFunds(missing: number, currency: string, locale: string): AppError {
  return new AppError(
    'INSUFFICIENT_FUNDS',
    'purchase.insufficient',
    undefined,
    undefined,
    { amount: creditsText(missing, locale, currency) },
    { status: 'ERROR', missing: minorUnitsToNumber(missing) },
  );
}

/**
 * The price of a purchase changed since the buyer saw it: PRICE_CHANGED with 409, naming and
 * carrying (`total`, in the internal currency) the total now, given in minor units; the message
 * words it in the plural form `locale` needs.
 */
export function priceChanged(total: number, currency: string, locale: string): AppError {
  return new AppError(
    'PRICE_CHANGED',
    'purchase.price_changed',
    undefined,
    undefined,
    { amount: creditsText(total, locale, currency) },
    { status: 'ERROR', total: minorUnitsToNumber(total) },
  );
}

/** Cart fees: none today, kept in the totals the clients read. */
const FEE = 0;

async function money(db: Db, locale: string) {
  const settings = await getStoredSettings(db, locale);
  return {
    currency: settings.internal_currency_name,
    /** A price's charge, rounded up: the cart shows what the purchase takes. */
    internal: (eurCents: number) => chargeFromEurCents(eurCents, settings.internal_currency_rate_eur),
  };
}

/**
 * The user's cart in the order the prompts were added, with the totals. A prompt taken off sale
 * since is listed as not available, for the user to remove, and left out of the totals.
 */
export async function getCart(db: Db, userId: string, locale: string): Promise<Cart> {
  const [{ currency, internal }, cart] = await Promise.all([
    money(db, locale),
    db
      .select({ id: cartItems.id, productId: cartItems.productId })
      .from(cartItems)
      .where(eq(cartItems.userId, userId))
      .orderBy(cartItems.id),
  ]);
  const shown = await productsShown(
    db,
    cart.map((row) => row.productId),
    locale,
  );
  const rows = cart.flatMap((row) => {
    const product = shown.get(row.productId);
    return product ? [{ id: row.id, product }] : [];
  });
  const items = rows.map(({ id, product }) => ({
    id,
    product_id: product.id,
    slug: product.slug,
    title: product.title,
    price: minorUnitsToNumber(internal(product.priceCents)),
    currency,
    thumb_url: previewUrls(product.imageKey).webp['320'] ?? '',
    available: product.isActive,
  }));
  const subtotal = rows.reduce(
    (sum, { product }) => sum + (product.isActive ? internal(product.priceCents) : 0),
    0,
  );
  return {
    items,
    currency,
    totals: {
      subtotal: minorUnitsToNumber(subtotal),
      fee: minorUnitsToNumber(FEE),
      total: minorUnitsToNumber(subtotal + FEE),
    },
  };
}

async function owns(db: Db, userId: string, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.userId, userId), eq(orderItems.productId, productId)));
  return Boolean(row);
}

/** Adds a prompt once; a prompt the user owns is refused with a 422 on `product_id`. */
export async function addToCart(db: Db, userId: string, productId: number): Promise<void> {
  const [product] = await productsOnSale(db, [productId]);
  if (!product) throw AppError.notFound();
  if (await owns(db, userId, productId)) {
    throw AppError.validation({ product_id: ['purchase.owned'] });
  }
  await db.insert(cartItems).values({ userId, productId }).onConflictDoNothing();
}

/**
 * Whether anyone has bought the product. The catalogue asks before deleting one, under the
 * product's row lock: a purchase of it waits for that lock, so none is added meanwhile.
 */
export async function productSold(db: Db, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.productId, productId))
    .limit(1);
  return Boolean(row);
}

/** Which of these products the user bought: the catalogue marks them owned on its tiles. */
export async function ownedAmong(db: Db, userId: string, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .select({ productId: orderItems.productId })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.userId, userId),
        inArray(orderItems.productId, productIds),
        isNull(orderItems.refundedAt),
      ),
    );
  return new Set(rows.map((row) => row.productId));
}

/** Whether the product is in the user's cart (its page says so). */
export async function inCart(db: Db, userId: string, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
    .limit(1);
  return Boolean(row);
}

/** How many rows the user's cart holds (the profile shows it beside the cart icon). */
export async function cartCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return row?.count ?? 0;
}

/** Removes one of the user's own cart rows; anyone else's is 404. */
export async function removeFromCart(db: Db, userId: string, id: number): Promise<void> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw AppError.notFound();
}

export type PurchaseInput = {
  userId: string;
  productIds: number[];
  idempotencyKey: string | null;
  /** The fingerprint of the keyed request (`requestHash`), kept with the key. */
  requestHash: string | null;
  /** The total the buyer saw, in internal-currency minor units; null when not sent. */
  expectedTotal: number | null;
  locale: string;
  /** One prompt bought from its page (the default), or the cart at once. */
  kind?: 'purchase' | 'checkout';
  /**
   * Whether the buyer is mailed the receipt and later invited to review (the default); the demo
   * shop's own buyers, whose addresses nobody reads, are not.
   */
  mailsBuyer?: boolean;
};

async function orderByKey(db: Db, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row ?? null;
}

/**
 * Buys the prompts in one transaction and answers the order id. The same Idempotency-Key with the
 * same request answers the first order again; with another request it throws
 * IDEMPOTENCY_KEY_REUSED. A prompt already owned, an unavailable prompt or too little money
 * refuses the whole purchase and changes nothing (`purchaseRefused`, `insufficientFunds`), and so
 * does a total other than the one the buyer saw (`priceChanged`).
 */
export async function purchase(
  db: Db,
  input: PurchaseInput,
): Promise<{ orderId: number; replayed: boolean }> {
  const ids = [...new Set(input.productIds)];
  // Looked up first: a cart checkout retried after it was made finds its cart empty.
  if (input.idempotencyKey) {
    const earlier = await orderByKey(db, input.userId, input.idempotencyKey);
    if (earlier) {
      sameRequest(earlier.requestHash, input.requestHash);
      return { orderId: earlier.id, replayed: true };
    }
  }
  if (ids.length === 0) throw purchaseRefused('cart.empty');
  const { currency, internal } = await money(db, input.locale);
  let total = 0;
  try {
    const orderId = await db.transaction(async (tx) => {
      const rows = await productsOnSale(tx, ids);
      if (rows.length !== ids.length) throw purchaseRefused('purchase.unavailable');
      total = rows.reduce((sum, row) => sum + internal(row.priceCents), 0);
      if (input.expectedTotal !== null && input.expectedTotal !== total)
        throw priceChanged(total, currency, input.locale);
      const [created] = await tx
        .insert(orders)
        .values({
          userId: input.userId,
          total,
          kind: input.kind ?? 'purchase',
          idempotencyKey: input.idempotencyKey,
          requestHash: input.idempotencyKey ? input.requestHash : null,
        })
        .returning({ id: orders.id, createdAt: orders.createdAt });
      if (!created) throw new Error('order not created');
      await tx.insert(orderItems).values(
        rows.map((row) => ({
          orderId: created.id,
          userId: input.userId,
          productId: row.id,
          price: internal(row.priceCents),
        })),
      );
      if (total > 0) {
        await debitWallet(tx, {
          userId: input.userId,
          amount: total,
          key: `order:${created.id}`,
          kind: 'purchase',
          reference: `order:${created.id}`,
        });
      }
      await recordSales(tx, ids);
      await tx
        .delete(cartItems)
        .where(and(eq(cartItems.userId, input.userId), inArray(cartItems.productId, ids)));
      if (input.mailsBuyer !== false)
        await mailBuyer(tx, input.userId, { order: created, rows, total, internal });
      return created.id;
    });
    return { orderId, replayed: false };
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
      const missing = Math.max(1, total - (await walletBalance(db, input.userId)));
      throw insufficientFunds(missing, currency, input.locale);
    }
    if (isUniqueViolation(error)) {
      const earlier = input.idempotencyKey ? await orderByKey(db, input.userId, input.idempotencyKey) : null;
      if (earlier) {
        sameRequest(earlier.requestHash, input.requestHash);
        return { orderId: earlier.id, replayed: true };
      }
      throw purchaseRefused('purchase.owned');
    }
    throw error;
  }
}

/** A purchase just made, as its mails need it: the order, its lines, and the prices charged. */
type MadeOrder = {
  order: { id: number; createdAt: Date };
  rows: { id: number; priceCents: number }[];
  total: number;
  internal: (eurCents: number) => number;
};

/**
 * The receipt, in the buyer's language (a replayed purchase returns before this and mails nothing),
 * and one invitation to review a few days on, whether still due decided then.
 */
async function mailBuyer(tx: Db, userId: string, { order, rows, total, internal }: MadeOrder): Promise<void> {
  const ids = rows.map((row) => row.id);
  await mailAccount(tx, userId, 'purchase', 'dashboard/orders', async ({ locale, credits }) => {
    const shown = await productsShown(tx, ids, locale);
    return {
      number: String(order.id),
      receipt: receiptNumber('purchase', order.id, order.createdAt),
      receipt_path: `dashboard/receipts/purchase/${order.id}`,
      items: rows.map((row) => `${shown.get(row.id)?.title ?? ''}: ${credits(internal(row.priceCents))}`),
      total: credits(total),
    };
  });
  await enqueueJob(
    tx,
    REVIEW_INVITATION_QUEUE,
    { order_id: order.id, user_id: userId, product_ids: ids },
    {
      runAt: new Date(order.createdAt.getTime() + REVIEW_INVITATION_DELAY_MS),
      idempotencyKey: `${REVIEW_INVITATION_QUEUE}:order:${order.id}`,
    },
  );
}

/**
 * The cart's prompts still on sale, bought at once; those taken off sale stay in the cart, listed
 * as not available, until the user removes them (or they are on sale again). A cart with none on
 * sale is refused as unavailable, an empty one as empty.
 */
export async function purchaseCart(db: Db, input: Omit<PurchaseInput, 'productIds' | 'kind'>) {
  const rows = await db
    .select({ productId: cartItems.productId })
    .from(cartItems)
    .where(eq(cartItems.userId, input.userId));
  const inCart = rows.map((row) => row.productId);
  const onSale = new Set((await productsOnSale(db, inCart)).map((product) => product.id));
  const available = inCart.filter((productId) => onSale.has(productId));
  // With none on sale, the whole cart goes on: the purchase refuses it as unavailable.
  return purchase(db, {
    ...input,
    kind: 'checkout',
    productIds: available.length > 0 ? available : inCart,
  });
}

/** The prompts bought, newest first; `orderId` narrows to one order. */
export async function orderHistory(
  db: Db,
  userId: string,
  locale: string,
  orderId?: number,
): Promise<Order[]> {
  const [{ currency }, items] = await Promise.all([
    money(db, locale),
    db
      .select()
      .from(orderItems)
      .where(
        // A prompt refunded in full is no longer the buyer's, nor its prompt text (decision 0048).
        and(
          eq(orderItems.userId, userId),
          isNull(orderItems.refundedAt),
          orderId === undefined ? undefined : eq(orderItems.orderId, orderId),
        ),
      )
      .orderBy(desc(orderItems.id))
      .limit(500),
  ]);
  const shown = await productsShown(
    db,
    items.map((item) => item.productId),
    locale,
  );
  return items.flatMap((item) => {
    const product = shown.get(item.productId);
    if (!product) return [];
    return [
      {
        id: item.id,
        order_id: item.orderId,
        product_id: product.id,
        slug: product.slug,
        title: product.title,
        description: product.description || null,
        price: minorUnitsToNumber(item.price),
        currency,
        created_at: item.createdAt.toISOString(),
        date: item.createdAt.toISOString(),
        image: previewUrls(product.imageKey).webp['640'] ?? '',
        format: null,
        size: null,
        prompt: product.prompt,
      },
    ];
  });
}

/** The prompts the user owns, with the prompt text. */
export async function ownedPrompts(db: Db, userId: string, locale: string) {
  const items = await db
    .select({ productId: orderItems.productId, purchasedAt: orderItems.createdAt })
    .from(orderItems)
    .where(and(eq(orderItems.userId, userId), isNull(orderItems.refundedAt)))
    .orderBy(desc(orderItems.id))
    .limit(500);
  const shown = await productsShown(
    db,
    items.map((item) => item.productId),
    locale,
  );
  return items.flatMap((item) => {
    const product = shown.get(item.productId);
    if (!product) return [];
    return [
      {
        id: product.id,
        slug: product.slug,
        title: product.title,
        prompt: product.prompt,
        image: previewUrls(product.imageKey).webp['640'] ?? '',
        purchased_at: item.purchasedAt.toISOString(),
      },
    ];
  });
}
