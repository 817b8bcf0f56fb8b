import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offers } from './offers.tables';

/**
 * The title an offer's seller gave their work, for the mails about its payout; null once the offer
 * is gone (its seller's account was erased).
 */
export async function offerTitle(db: Db, offerId: number): Promise<string | null> {
  const [offer] = await db.select({ title: offers.title }).from(offers).where(eq(offers.id, offerId));
  return offer?.title ?? null;
}
