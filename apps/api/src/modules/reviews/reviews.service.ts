import {
  REVIEWS_PAGE_SIZE,
  type Review,
  type ReviewCreateRequest,
  type ReviewListResponse,
  type ReviewUpdateRequest,
} from '@promptmarket/contracts/reviews';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { publicNamesByIds } from '../accounts/accounts.public-names';
import { productRating, productsOnSale, setProductRating } from '../catalogue/catalogue.service';
import { ownedAmong } from '../orders/orders.service';
import { productReviews, reviewReports } from './reviews.tables';

/*
 * Buyers' reviews of the prompts they bought. Who may write one is the orders' to say (a prompt
 * bought and not refunded); the product's rating, which its tiles, page and the rating sort show,
 * is the catalogue's, written here from the visible reviews in the review's own transaction.
 */

/** Who acts: the signed-in user, and the language the shop speaks to them in now. */
export type ReviewActor = { id: string; locale: string };

type ReviewRow = typeof productReviews.$inferSelect;

/** Any number will do: the lock's first key names the rating's counting, the second the product. */
const RATING_LOCK = 2050;

/**
 * Counts the product's rating again from its visible reviews and stores it with the product.
 * Under a lock per product for the rest of the transaction: two reviews of one product written at
 * once are counted one after the other, the second seeing the first.
 */
async function recountRating(tx: Db, productId: number): Promise<void> {
  const rows = await tx
    .select({ stars: productReviews.stars, count: count() })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), isNull(productReviews.hiddenAt)))
    .groupBy(productReviews.stars);
  const spread: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (const row of rows) spread[row.stars - 1] = Number(row.count);
  await setProductRating(tx, productId, { spread });
}

async function lockRating(tx: Db, productId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${RATING_LOCK}::int, ${productId}::int)`);
}

function reviewOf(row: ReviewRow, names: Map<string, string>, viewerId: string | null): Review {
  return {
    id: row.id,
    product_id: row.productId,
    stars: row.stars,
    text: row.text,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    author_name: names.get(row.userId) ?? '',
    verified_purchase: true,
    language: row.locale,
    mine: viewerId !== null && row.userId === viewerId,
    hidden: row.hiddenAt !== null,
  };
}

async function reviewsOf(db: Db, rows: ReviewRow[], viewerId: string | null): Promise<Review[]> {
  const names = await publicNamesByIds(
    db,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => reviewOf(row, names, viewerId));
}

/** Throws NOT_FOUND unless the product is on sale. */
async function assertOnSale(db: Db, productId: number): Promise<void> {
  const [product] = await productsOnSale(db, [productId]);
  if (!product) throw AppError.notFound();
}

/** Throws NOT_A_BUYER (403) unless the user bought the product and was not refunded it. */
async function assertBuyer(db: Db, userId: string, productId: number): Promise<void> {
  const owned = await ownedAmong(db, userId, [productId]);
  if (!owned.has(productId)) throw new AppError('NOT_A_BUYER', 'review.not_a_buyer');
}

/**
 * A product's visible reviews, newest first, a page of `REVIEWS_PAGE_SIZE`, with its rating; for
 * a signed-in viewer also their own review and whether they may write one. Throws NOT_FOUND for a
 * product not on sale.
 */
export async function listReviews(
  db: Db,
  viewerId: string | null,
  productId: number,
  page: number,
): Promise<ReviewListResponse> {
  await assertOnSale(db, productId);
  const visible = and(eq(productReviews.productId, productId), isNull(productReviews.hiddenAt));
  const [rows, [total], rating, own, owned] = await Promise.all([
    db
      .select()
      .from(productReviews)
      .where(visible)
      .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
      .limit(REVIEWS_PAGE_SIZE)
      .offset((page - 1) * REVIEWS_PAGE_SIZE),
    db.select({ count: count() }).from(productReviews).where(visible),
    productRating(db, productId),
    viewerId
      ? db
          .select()
          .from(productReviews)
          .where(and(eq(productReviews.productId, productId), eq(productReviews.userId, viewerId)))
      : [],
    viewerId ? ownedAmong(db, viewerId, [productId]) : new Set<number>(),
  ]);
  if (!rating) throw AppError.notFound();
  const [data, ownReviews] = await Promise.all([reviewsOf(db, rows, viewerId), reviewsOf(db, own, viewerId)]);
  const totalCount = Number(total?.count ?? 0);
  return {
    data,
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(totalCount / REVIEWS_PAGE_SIZE)),
      per_page: REVIEWS_PAGE_SIZE,
      total: totalCount,
    },
    summary: rating,
    own: ownReviews[0] ?? null,
    can_review: own.length === 0 && owned.has(productId),
  };
}

/**
 * Writes the actor's review of a product they bought. Throws NOT_FOUND for a product not on
 * sale, NOT_A_BUYER (403) when they have not bought it (or were refunded it), REVIEW_EXISTS (409)
 * when they reviewed it already.
 */
export async function createReview(
  db: Db,
  actor: ReviewActor,
  productId: number,
  input: ReviewCreateRequest,
): Promise<Review> {
  return db.transaction(async (tx) => {
    await assertOnSale(tx, productId);
    await assertBuyer(tx, actor.id, productId);
    await lockRating(tx, productId);
    const [row] = await tx
      .insert(productReviews)
      .values({ productId, userId: actor.id, stars: input.stars, text: input.text, locale: actor.locale })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('REVIEW_EXISTS', 'review.exists');
    await recountRating(tx, productId);
    const [review] = await reviewsOf(tx, [row], actor.id);
    return review as Review;
  });
}

/** The actor's own review, locked for a change; another user's, or none, is NOT_FOUND. */
async function ownReview(tx: Db, actor: ReviewActor, reviewId: number): Promise<ReviewRow> {
  const [row] = await tx
    .select()
    .from(productReviews)
    .where(and(eq(productReviews.id, reviewId), eq(productReviews.userId, actor.id)))
    .for('update');
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * Changes the actor's own review: its stars, its text, or both (a text of null removes it); a new
 * text takes the language it is written in now. Throws NOT_FOUND for another user's review and
 * NOT_A_BUYER (403) once the prompt was refunded.
 */
export async function updateReview(
  db: Db,
  actor: ReviewActor,
  reviewId: number,
  input: ReviewUpdateRequest,
): Promise<Review> {
  return db.transaction(async (tx) => {
    const found = await ownReview(tx, actor, reviewId);
    await assertBuyer(tx, actor.id, found.productId);
    await lockRating(tx, found.productId);
    const [row] = await tx
      .update(productReviews)
      .set({
        ...(input.stars === undefined ? {} : { stars: input.stars }),
        // The language is the text's: it moves with a new text, not with new stars.
        ...(input.text === undefined ? {} : { text: input.text, locale: actor.locale }),
      })
      .where(eq(productReviews.id, found.id))
      .returning();
    if (!row) throw AppError.notFound();
    if (row.stars !== found.stars && row.hiddenAt === null) await recountRating(tx, row.productId);
    const [review] = await reviewsOf(tx, [row], actor.id);
    return review as Review;
  });
}

/** Deletes the actor's own review. Throws NOT_FOUND for another user's review. */
export async function deleteReview(db: Db, actor: ReviewActor, reviewId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await ownReview(tx, actor, reviewId);
    await lockRating(tx, found.productId);
    await tx.delete(productReviews).where(eq(productReviews.id, found.id));
    if (found.hiddenAt === null) await recountRating(tx, found.productId);
  });
}

/**
 * Reports a visible review to the back office, once per user: a second report by the same user
 * changes nothing. Throws NOT_FOUND for a review not shown (hidden, or gone) and FORBIDDEN (403)
 * for the actor's own review.
 */
export async function reportReview(db: Db, actor: ReviewActor, reviewId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [review] = await tx
      .select({ id: productReviews.id, userId: productReviews.userId })
      .from(productReviews)
      .where(and(eq(productReviews.id, reviewId), isNull(productReviews.hiddenAt)));
    if (!review) throw AppError.notFound();
    if (review.userId === actor.id) throw new AppError('FORBIDDEN', 'review.report_own');
    const [reported] = await tx
      .insert(reviewReports)
      .values({ reviewId, userId: actor.id })
      .onConflictDoNothing()
      .returning({ createdAt: reviewReports.createdAt });
    if (!reported) return;
    await tx
      .update(productReviews)
      .set({
        reportsCount: sql`${productReviews.reportsCount} + 1`,
        lastReportedAt: reported.createdAt,
        // A report is no edit of the review.
        updatedAt: sql`${productReviews.updatedAt}`,
      })
      .where(eq(productReviews.id, reviewId));
  });
}

/** Shows or hides a review, counting its product's rating again. Used by the back office (`reviews.admin.ts`). */
export async function setReviewHidden(
  tx: Db,
  reviewId: number,
  hidden: boolean,
): Promise<{ before: ReviewRow; after: ReviewRow }> {
  const [before] = await tx
    .select()
    .from(productReviews)
    .where(eq(productReviews.id, reviewId))
    .for('update');
  if (!before) throw AppError.notFound();
  await lockRating(tx, before.productId);
  const [after] = await tx
    .update(productReviews)
    .set({
      hiddenAt: hidden ? (before.hiddenAt ?? new Date()) : null,
      updatedAt: sql`${productReviews.updatedAt}`,
    })
    .where(eq(productReviews.id, reviewId))
    .returning();
  if (!after) throw AppError.notFound();
  if ((before.hiddenAt === null) !== (after.hiddenAt === null)) await recountRating(tx, before.productId);
  return { before, after };
}

/** Whether the shop has any review (the demo seed writes none then). */
export async function hasReviews(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: productReviews.id }).from(productReviews).limit(1);
  return Boolean(row);
}

/**
 * Erases what a deleted account wrote here (decision 0046): its reviews, which its products'
 * ratings leave, and its reports, which the reported reviews no longer count. In the deletion's
 * transaction.
 */
export async function eraseReviewsOf(tx: Db, userId: string): Promise<void> {
  const reports = await tx
    .delete(reviewReports)
    .where(eq(reviewReports.userId, userId))
    .returning({ reviewId: reviewReports.reviewId });
  // A user reports a review once: each review they reported counts one report less, in one statement.
  if (reports.length > 0) {
    await tx
      .update(productReviews)
      .set({
        reportsCount: sql`greatest(${productReviews.reportsCount} - 1, 0)`,
        updatedAt: sql`${productReviews.updatedAt}`,
      })
      .where(
        inArray(
          productReviews.id,
          reports.map((report) => report.reviewId),
        ),
      );
  }
  const reviews = await tx
    .select({ id: productReviews.id, productId: productReviews.productId })
    .from(productReviews)
    .where(eq(productReviews.userId, userId));
  for (const review of reviews) {
    await lockRating(tx, review.productId);
    await tx.delete(productReviews).where(eq(productReviews.id, review.id));
    await recountRating(tx, review.productId);
  }
}
