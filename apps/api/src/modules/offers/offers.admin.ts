import { minorUnitsToNumber } from '@promptmarket/contracts';
import type { AdminOffer, AdminOfferDetail, adminOffersRequest } from '@promptmarket/contracts/admin';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { foldedContains, searchedNumber } from '../../lib/folded-search';
import { accountEmails } from '../accounts/accounts.admin';
import { accountIdsMatching } from '../accounts/accounts.back-office';
import { categoryTitles, styleTitles } from '../catalogue/catalogue.service';
import { requestedPayoutCount } from '../payouts/payouts.admin';
import { similarPictures } from './offers.similarity';
import { type OfferRow, offerStyles, offers } from './offers.tables';

/**
 * What the back office reads of offers: the queues, an offer's file, and the records as the audit
 * log keeps them. The changes themselves (counter, decline, publish) are the service's; payouts
 * are the payouts module's.
 */

/** The queues waiting on the service: offers to price and payouts to send. */
export async function offerQueues(db: Db): Promise<{ offers: number; payouts: number }> {
  const [[pending], requested] = await Promise.all([
    db.select({ count: sql<number>`count(*)::int` }).from(offers).where(eq(offers.status, 'pending')),
    requestedPayoutCount(db),
  ]);
  return { offers: pending?.count ?? 0, payouts: requested };
}

/** Offers newest first, by status or a search, each with its seller's address. */
export async function offersForReview(
  db: Db,
  query: z.output<typeof adminOffersRequest>,
): Promise<{ data: AdminOffer[]; total: number }> {
  const term = query.search;
  const number = searchedNumber(term);
  const where = and(
    query.status ? eq(offers.status, query.status) : undefined,
    number !== null
      ? eq(offers.id, number)
      : term
        ? or(foldedContains(term, offers.title), inArray(offers.userId, accountIdsMatching(db, term)))
        : undefined,
  );
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
  const data = rows.map((offer) => adminOfferOf(offer, emails.get(offer.userId) ?? ''));
  return { data, total: total?.count ?? 0 };
}

function adminOfferOf(offer: OfferRow, email: string): AdminOffer {
  return {
    id: offer.id,
    title: offer.title,
    description: offer.description,
    user_id: offer.userId,
    email,
    category_id: offer.categoryId,
    user_price: minorUnitsToNumber(offer.userPriceCents),
    service_price: offer.servicePriceCents === null ? null : minorUnitsToNumber(offer.servicePriceCents),
    status: offer.status,
    media_kind: offer.mediaKind,
    media_url: `/api/admin/offers/${offer.id}/media`,
    product_id: offer.productId,
    prompt: offer.prompt,
    created_at: offer.createdAt.toISOString(),
  };
}

/**
 * One offer as the back office reviews it: with the products and earlier offers whose pictures
 * are like its picture (decision 0028), product titles in `locale`. Throws NOT_FOUND.
 */
export async function offerDetailForReview(
  db: Db,
  offerId: number,
  locale: string,
): Promise<AdminOfferDetail> {
  const offer = await offerForReview(db, offerId);
  const [emails, similar, categories, styles] = await Promise.all([
    accountEmails(db, [offer.userId]),
    similarPictures(db, offer, locale),
    categoryTitles(db, [offer.categoryId], locale),
    offerStyleTitles(db, offer.id, locale),
  ]);
  return {
    ...adminOfferOf(offer, emails.get(offer.userId) ?? ''),
    add_text: offer.addText,
    category_title: categories.get(offer.categoryId) ?? '',
    styles,
    decline_reason: offer.declineReason,
    similar,
  };
}

/** The offer's styles titled in the language, English behind it, by title. */
async function offerStyleTitles(db: Db, offerId: number, locale: string) {
  const rows = await db.select().from(offerStyles).where(eq(offerStyles.offerId, offerId));
  return styleTitles(
    db,
    rows.map((row) => row.styleId),
    locale,
  );
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
