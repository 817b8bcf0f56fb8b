import { minorUnitsToNumber } from '@promptmarket/contracts';
import type {
  AdminOffer,
  AdminOpenedPayout,
  AdminPayout,
  AdminPayoutDetails,
  adminOffersRequest,
  adminPayoutsRequest,
} from '@promptmarket/contracts/admin';
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { unseal } from '../../lib/sealed';
import { accountEmails } from '../accounts/accounts.admin';
import { SEALED_PURPOSE } from './offers.service';
import { type OfferRow, offers, payouts } from './offers.tables';

/**
 * What the back office reads of offers and payouts: the two queues, an offer's file, a payout's
 * sealed details, and the records as the audit log keeps them. The changes themselves (counter,
 * decline, publish, settle) are the service's.
 */

/** The queues waiting on the service: offers to price and payouts to send. */
export async function offerQueues(db: Db): Promise<{ offers: number; payouts: number }> {
  const [[pending], [requested]] = await Promise.all([
    db.select({ count: sql<number>`count(*)::int` }).from(offers).where(eq(offers.status, 'pending')),
    db.select({ count: sql<number>`count(*)::int` }).from(payouts).where(eq(payouts.status, 'requested')),
  ]);
  return { offers: pending?.count ?? 0, payouts: requested?.count ?? 0 };
}

/** Offers newest first, by status, each with its seller's address. */
export async function offersForReview(
  db: Db,
  query: z.output<typeof adminOffersRequest>,
): Promise<{ data: AdminOffer[]; total: number }> {
  const where = query.status ? eq(offers.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(offers)
      .where(where)
      .orderBy(desc(offers.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ count: sql<number>`count(*)::int` }).from(offers).where(where),
  ]);
  const emails = await accountEmails(
    db,
    rows.map((offer) => offer.userId),
  );
  const data = rows.map((offer) => ({
    id: offer.id,
    title: offer.title,
    description: offer.description,
    user_id: offer.userId,
    email: emails.get(offer.userId) ?? '',
    category_id: offer.categoryId,
    user_price: minorUnitsToNumber(offer.userPriceCents),
    service_price: offer.servicePriceCents === null ? null : minorUnitsToNumber(offer.servicePriceCents),
    status: offer.status,
    media_kind: offer.mediaKind,
    media_url: `/api/admin/offers/${offer.id}/media`,
    product_id: offer.productId,
    created_at: offer.createdAt.toISOString(),
  }));
  return { data, total: total?.count ?? 0 };
}

/** Any offer, for the back office to open its file. Throws NOT_FOUND. */
export async function offerForReview(db: Db, offerId: number): Promise<OfferRow> {
  const [offer] = await db.select().from(offers).where(eq(offers.id, offerId));
  if (!offer) throw AppError.notFound();
  return offer;
}

/** What the audit log keeps of an offer before and after an action. Throws NOT_FOUND. */
export async function offerSnapshot(db: Db, offerId: number) {
  const offer = await offerForReview(db, offerId);
  return { status: offer.status, service_price_cents: offer.servicePriceCents };
}

/** Payouts with masked destinations: the requested ones oldest first, any other status newest first. */
export async function payoutsForReview(
  db: Db,
  query: z.output<typeof adminPayoutsRequest>,
): Promise<{ data: AdminPayout[]; total: number }> {
  const where = query.status ? eq(payouts.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(payouts)
      .where(where)
      .orderBy(query.status === 'requested' ? payouts.id : desc(payouts.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ count: sql<number>`count(*)::int` }).from(payouts).where(where),
  ]);
  const emails = await accountEmails(
    db,
    rows.map((payout) => payout.userId),
  );
  const data = rows.map((payout) => ({
    id: payout.id,
    offer_id: payout.offerId,
    user_id: payout.userId,
    email: emails.get(payout.userId) ?? '',
    method: payout.method,
    amount: minorUnitsToNumber(payout.amountCents),
    currency: 'EUR',
    destination: payout.destinationMasked,
    status: payout.status,
    failure_reason: payout.failureReason,
    created_at: payout.createdAt.toISOString(),
  }));
  return { data, total: total?.count ?? 0 };
}

/**
 * One payout with its card or bank details unsealed, for the admin who sends it. The caller audits
 * the view. Throws NOT_FOUND.
 */
export async function openPayout(
  db: Db,
  input: { payoutId: number; appKey: string },
): Promise<AdminOpenedPayout> {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, input.payoutId));
  if (!payout) throw AppError.notFound();
  return {
    id: payout.id,
    offer_id: payout.offerId,
    method: payout.method,
    amount: minorUnitsToNumber(payout.amountCents),
    currency: 'EUR',
    status: payout.status,
    details: unseal<AdminPayoutDetails>(input.appKey, SEALED_PURPOSE, payout.detailsSealed),
  };
}

/** What the audit log keeps of a payout before and after it is settled. Throws NOT_FOUND. */
export async function payoutSnapshot(db: Db, payoutId: number) {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!payout) throw AppError.notFound();
  return { status: payout.status, failure_reason: payout.failureReason };
}
