import { minorUnitsToNumber } from '@promptmarket/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offers } from './offers.tables';

/** A customer's newest offers, for the back office's customer page. */
export async function offersOfCustomer(db: Db, input: { userId: string; limit: number }) {
  const rows = await db
    .select()
    .from(offers)
    .where(eq(offers.userId, input.userId))
    .orderBy(desc(offers.id))
    .limit(input.limit);
  return rows.map((offer) => ({
    id: offer.id,
    title: offer.title,
    status: offer.status,
    user_price: minorUnitsToNumber(offer.userPriceCents),
    service_price: offer.servicePriceCents === null ? null : minorUnitsToNumber(offer.servicePriceCents),
    created_at: offer.createdAt.toISOString(),
  }));
}
