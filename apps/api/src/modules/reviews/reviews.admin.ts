import type { AdminReview } from '@promptmarket/contracts/reviews';
import { and, desc, gt, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { buyersByIds } from '../accounts/accounts.back-office';
import { audited } from '../audit/audit.service';
import { productsShown } from '../catalogue/catalogue.service';
import { setReviewHidden } from './reviews.service';
import { productReviews } from './reviews.tables';

/* The back office's reads and writes of the reviews: the queue of reported ones, hide and restore. */

type ReviewRow = typeof productReviews.$inferSelect;

async function adminReviewsOf(db: Db, rows: ReviewRow[], locale: string): Promise<AdminReview[]> {
  const [products, authors] = await Promise.all([
    productsShown(
      db,
      rows.map((row) => row.productId),
      locale,
    ),
    buyersByIds(
      db,
      rows.map((row) => row.userId),
    ),
  ]);
  return rows.map((row) => {
    const product = products.get(row.productId);
    const author = authors.get(row.userId);
    return {
      id: row.id,
      product: { id: row.productId, slug: product?.slug ?? '', title: product?.title ?? '' },
      author: { id: row.userId, name: author?.name ?? '', email: author?.email ?? '' },
      stars: row.stars,
      text: row.text,
      language: row.locale,
      reports_count: row.reportsCount,
      last_reported_at: row.lastReportedAt?.toISOString() ?? null,
      hidden: row.hiddenAt !== null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

/** The reported reviews, the newest report first, hidden ones too unless `hidden` says which. */
export async function reportedReviews(
  db: Db,
  query: { page: number; per_page: number; hidden?: boolean | undefined },
  locale: string,
): Promise<{ data: AdminReview[]; total: number }> {
  const conditions: SQL[] = [gt(productReviews.reportsCount, 0)];
  if (query.hidden === true) conditions.push(isNotNull(productReviews.hiddenAt));
  if (query.hidden === false) conditions.push(isNull(productReviews.hiddenAt));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(productReviews)
      .where(where)
      .orderBy(desc(productReviews.lastReportedAt), desc(productReviews.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ count: sql<number>`count(*)::int` }).from(productReviews).where(where),
  ]);
  return { data: await adminReviewsOf(db, rows, locale), total: total?.count ?? 0 };
}

/** What the audit log keeps of a review before and after: its state, not the author's text. */
function auditedState(row: ReviewRow) {
  return { product_id: row.productId, stars: row.stars, hidden: row.hiddenAt !== null };
}

/**
 * Hides a review from the shop (`hidden`) or shows it again, with the admin in the audit log; the
 * product's rating is counted again. Throws NOT_FOUND for no such review.
 */
export async function hideReview(
  db: Db,
  adminId: string,
  reviewId: number,
  hidden: boolean,
  locale: string,
): Promise<AdminReview> {
  const row = await audited(
    db,
    { adminId, action: hidden ? 'review.hide' : 'review.restore', subject: { type: 'review', id: reviewId } },
    async (tx) => {
      const { before, after } = await setReviewHidden(tx, reviewId, hidden);
      return { result: after, before: auditedState(before), after: auditedState(after) };
    },
  );
  const [review] = await adminReviewsOf(db, [row], locale);
  return review as AdminReview;
}
