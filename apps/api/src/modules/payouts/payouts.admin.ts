import { minorUnitsToNumber } from '@promptmarket/contracts';
import type { AdminOpenedPayout, AdminPayout, adminPayoutsRequest } from '@promptmarket/contracts/admin';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { searchedNumber } from '../../lib/folded-search';
import { unseal } from '../../lib/sealed';
import { accountEmails } from '../accounts/accounts.admin';
import { accountIdsMatching } from '../accounts/accounts.back-office';
import { findMove } from '../wallet/wallet.service';
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
  const term = query.search;
  const number = searchedNumber(term);
  const where = and(
    query.status ? eq(payouts.status, query.status) : undefined,
    number !== null
      ? or(eq(payouts.id, number), eq(payouts.offerId, number))
      : term
        ? inArray(payouts.userId, accountIdsMatching(db, term))
        : undefined,
  );
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
    history: await payoutHistory(db, payout),
  };
}

/**
 * The statuses a payout went through over its attempts. The row holds the current attempt's dates
 * only (a retry clears them); an earlier attempt's failure and the next attempt's request are
 * the ledger's moves of those attempts (`reverseOfferPayout`, `oweOfferPayoutAgain`), so each
 * attempt shows its own request date. When a moment was not kept (no ledger move), its date is null.
 */
async function payoutHistory(
  db: Db,
  payout: typeof payouts.$inferSelect,
): Promise<AdminOpenedPayout['history']> {
  const movedAt = async (key: string) => (await findMove(db, key))?.createdAt.toISOString() ?? null;
  const history: AdminOpenedPayout['history'] = [
    { status: 'requested', attempt: 1, at: payout.createdAt.toISOString(), reason: null },
  ];
  for (let attempt = 2; attempt <= payout.attempt; attempt++) {
    const failed = attempt - 1;
    history.push(
      {
        status: 'failed',
        attempt: failed,
        at: await movedAt(
          failed === 1 ? `payout:${payout.id}:reversed` : `payout:${payout.id}:reversed:${failed}`,
        ),
        reason: null,
      },
      {
        status: 'requested',
        attempt,
        at: await movedAt(`payout:${payout.id}:attempt:${attempt}`),
        reason: null,
      },
    );
  }
  const attempt = payout.attempt;
  if (payout.sentAt) history.push({ status: 'sent', attempt, at: payout.sentAt.toISOString(), reason: null });
  if (payout.settledAt && (payout.status === 'paid' || payout.status === 'failed')) {
    history.push({
      status: payout.status,
      attempt,
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
