import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productsOnSale, productsShown } from '../catalogue/catalogue.service';
import type { JobHandler } from '../jobs/jobs.service';
import { mailAccount } from '../mail/mail.notify';
import { ownedAmong } from '../orders/orders.service';
import { productReviews } from './reviews.tables';

/**
 * The mail that invites a buyer to review what they bought, a few days after the purchase: queued
 * once per order by the purchase (`REVIEW_INVITATION_QUEUE`), and sent then only for the order's
 * prompts the buyer still owns (not refunded), has not reviewed and can still find on sale. An
 * optional mail: an account that turned those off gets none (mail.notify.ts).
 */

export type ReviewInvitation = { order_id: number; user_id: string; product_ids: number[] };

/** The order's prompts its buyer may review now: owned, on sale and not yet reviewed, in the order's order. */
export async function promptsToReview(db: Db, invitation: ReviewInvitation): Promise<number[]> {
  const ids = invitation.product_ids;
  const [owned, onSale, reviewed] = await Promise.all([
    ownedAmong(db, invitation.user_id, ids),
    productsOnSale(db, ids),
    db
      .select({ productId: productReviews.productId })
      .from(productReviews)
      .where(and(eq(productReviews.userId, invitation.user_id), inArray(productReviews.productId, ids))),
  ]);
  const selling = new Set(onSale.map((row) => row.id));
  const done = new Set(reviewed.map((row) => row.productId));
  return ids.filter((id) => owned.has(id) && selling.has(id) && !done.has(id));
}

/**
 * Mails the invitation for one order when any of its prompts is left to review: a link to that
 * prompt's reviews, or to the orders of the dashboard when there are several.
 */
export async function inviteToReview(db: Db, invitation: ReviewInvitation): Promise<void> {
  const left = await promptsToReview(db, invitation);
  if (left.length === 0) return;
  const english = await productsShown(db, left, 'en');
  const path =
    left.length === 1
      ? `products/${encodeURIComponent(english.get(left[0] as number)?.slug ?? '')}#reviews`
      : 'dashboard/orders';
  await db.transaction((tx) =>
    mailAccount(tx, invitation.user_id, 'review-invitation', path, async ({ locale }) => {
      const shown = await productsShown(tx, left, locale);
      return {
        number: String(invitation.order_id),
        items: left.map((id) => shown.get(id)?.title ?? ''),
      };
    }),
  );
}

/** The job that sends an order's invitation when it falls due. */
export function reviewInvitationJob(db: Db): JobHandler<ReviewInvitation> {
  return { run: (invitation) => inviteToReview(db, invitation) };
}
