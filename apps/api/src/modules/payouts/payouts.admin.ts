import { minorUnitsToNumber } from '@promptmarket/contracts';
import type { AdminOpenedPayout, AdminPayout, adminPayoutsRequest } from '@promptmarket/contracts/admin';
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { unseal } from '../../lib/sealed';
import { accountEmails } from '../accounts/accounts.admin';
import { payoutReference, SEALED_PURPOSE, type SealedPayoutDetails } from './payouts.service';
import { payouts } from './payouts.tables';

/** What the back office reads of payouts; the changes are the service's. */

/** How many payouts wait to be sent. */
export async function requestedPayoutCount(db: Db): Promise<number> {
  const [requested] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payouts)
    .where(eq(payouts.status, 'requested'));
  return requested?.count ?? 0;
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
 * One payout for the admin who sends it: a bank account's holder and full IBAN (until it is
 * paid), a card's token, brand and last four digits only (the number is the provider's), and the
 * contact details; who is paid, the transfer's reference and the statuses it went through. The
 * caller audits the view. Throws NOT_FOUND.
 */
export async function openPayout(
  db: Db,
  input: { payoutId: number; appKey: string },
): Promise<AdminOpenedPayout> {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, input.payoutId));
  if (!payout) throw AppError.notFound();
  const sealed = payout.detailsSealed
    ? unseal<SealedPayoutDetails>(input.appKey, SEALED_PURPOSE, payout.detailsSealed)
    : null;
  return {
    id: payout.id,
    offer_id: payout.offerId,
    method: payout.method,
    amount: minorUnitsToNumber(payout.amountCents),
    currency: 'EUR',
    status: payout.status,
    destination: payout.destinationMasked,
    failure_reason: payout.failureReason,
    created_at: payout.createdAt.toISOString(),
    sent_at: payout.sentAt?.toISOString() ?? null,
    settled_at: payout.settledAt?.toISOString() ?? null,
    bank:
      payout.method === 'sepa' && sealed?.iban
        ? { full_name: sealed.full_name ?? '', iban: sealed.iban }
        : null,
    card:
      payout.method === 'card' && payout.cardLast4
        ? {
            provider: payout.provider,
            token: payout.cardToken,
            brand: payout.cardBrand ?? 'card',
            last4: payout.cardLast4,
          }
        : null,
    contact: sealed?.contact ?? null,
    payee:
      payout.method === 'sepa'
        ? sealed?.full_name || null
        : sealed?.contact
          ? `${sealed.contact.name} ${sealed.contact.surname}`.trim()
          : null,
    reference: payoutReference(payout.id),
    provider_ref: payout.providerRef,
    attempt: payout.attempt,
    history: payoutHistory(payout),
  };
}

/** The statuses of a payout's current attempt, from its dates: requested, then sent, then paid or failed. */
function payoutHistory(payout: typeof payouts.$inferSelect): AdminOpenedPayout['history'] {
  const history: AdminOpenedPayout['history'] = [
    { status: 'requested', at: payout.createdAt.toISOString(), reason: null },
  ];
  if (payout.sentAt) history.push({ status: 'sent', at: payout.sentAt.toISOString(), reason: null });
  if (payout.settledAt && (payout.status === 'paid' || payout.status === 'failed')) {
    history.push({
      status: payout.status,
      at: payout.settledAt.toISOString(),
      reason: payout.status === 'failed' ? payout.failureReason : null,
    });
  }
  return history;
}

/** What the audit log keeps of a payout before and after an action. Throws NOT_FOUND. */
export async function payoutSnapshot(db: Db, payoutId: number) {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!payout) throw AppError.notFound();
  return { status: payout.status, failure_reason: payout.failureReason };
}
