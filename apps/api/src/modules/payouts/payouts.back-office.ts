import { minorUnitsToNumber } from '@promptmarket/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payouts } from './payouts.tables';

/** A customer's newest payouts with masked destinations, for the back office's customer page. */
export async function payoutsOfCustomer(db: Db, input: { userId: string; limit: number }) {
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.userId, input.userId))
    .orderBy(desc(payouts.id))
    .limit(input.limit);
  return rows.map((payout) => ({
    id: payout.id,
    offer_id: payout.offerId,
    method: payout.method,
    amount: minorUnitsToNumber(payout.amountCents),
    currency: 'EUR',
    status: payout.status,
    destination: payout.destinationMasked,
    created_at: payout.createdAt.toISOString(),
  }));
}
