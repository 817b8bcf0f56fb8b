import { randomBytes } from 'node:crypto';
import { formatMinorUnits } from '@promptmarket/contracts';
import type { ContactDetails } from '@promptmarket/contracts/offers';
import { and, asc, eq, inArray, isNotNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { seal, unseal } from '../../lib/sealed';
import { accountForReview } from '../accounts/accounts.admin';
import { mailAccount } from '../mail/mail.notify';
import { enqueueMail } from '../mail/mail.service';
import { renderMail } from '../mail/mail.templates';
import { offerTitle } from '../offers/offers.titles';
import {
  completePayout,
  oweOfferPayoutAgain,
  recordOfferPayout,
  reverseOfferPayout,
} from '../wallet/wallet.service';
import { type PayoutBatchRow, type PayoutRow, payoutBatches, payouts } from './payouts.tables';
import type { PayoutProvider, PayoutState, SavedCard } from './provider';
import { pain001, type SepaDebtor } from './sepa';

export type { PayoutRow };

/**
 * Payouts (decision 0026): what the shop owes a seller for an accepted offer and where it goes.
 * Offers ask for one when the seller accepts; the back office sends it (a card through the payout
 * provider, a bank account in a SEPA file) and settles it. Every money move is the ledger's.
 */

export const SEALED_PURPOSE = 'payout-details';

/** Where a payout goes, as the seller gave it: a bank account, or a card the provider keeps. */
export type PayoutDestination =
  | { method: 'sepa'; fullName: string; iban: string }
  | { method: 'card'; provider: string; card: SavedCard };

/** What the shop keeps sealed for a payout: the bank account (SEPA) and the contact details. */
export type SealedPayoutDetails = { full_name?: string; iban?: string; contact?: ContactDetails };

export const maskIban = (iban: string) => `IBAN ${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
export const maskCard = (last4: string) => `Card •••• ${last4}`;

/** The reference a payout's transfer carries: the SEPA file's end-to-end id, shown to the back office too. */
export const payoutReference = (payoutId: number) => `PAYOUT-${payoutId}`;

/**
 * Records the payout of an accepted offer and owes its amount through the ledger
 * (`offer:<offer id>`), in the caller's transaction (the offer's acceptance).
 */
export async function requestPayout(
  tx: Db,
  input: {
    userId: string;
    offerId: number;
    amountCents: number;
    ledgerAmount: number;
    appKey: string;
    contact: ContactDetails;
    destination: PayoutDestination;
  },
): Promise<PayoutRow> {
  const { destination } = input;
  const details: SealedPayoutDetails =
    destination.method === 'sepa'
      ? { full_name: destination.fullName, iban: destination.iban, contact: input.contact }
      : { contact: input.contact };
  const [payout] = await tx
    .insert(payouts)
    .values({
      userId: input.userId,
      offerId: input.offerId,
      method: destination.method,
      amountCents: input.amountCents,
      ledgerAmount: input.ledgerAmount,
      destinationMasked:
        destination.method === 'sepa' ? maskIban(destination.iban) : maskCard(destination.card.last4),
      detailsSealed: seal(input.appKey, SEALED_PURPOSE, details),
      ...(destination.method === 'card'
        ? {
            provider: destination.provider,
            cardToken: destination.card.token,
            cardBrand: destination.card.brand,
            cardLast4: destination.card.last4,
          }
        : {}),
    })
    .returning();
  if (!payout) throw new Error('payout insert returned no row');
  if (input.ledgerAmount > 0) {
    await recordOfferPayout(tx, { offerId: input.offerId, payoutId: payout.id, amount: input.ledgerAmount });
  }
  return payout;
}

/** The payouts of the user's own offers, by offer id. */
export async function payoutsOfOffers(db: Db, userId: string, offerIds: number[]) {
  if (offerIds.length === 0) return new Map<number, PayoutRow>();
  const rows = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.userId, userId), inArray(payouts.offerId, offerIds)));
  return new Map(rows.map((row) => [row.offerId, row]));
}

async function lockPayout(tx: Db, payoutId: number): Promise<PayoutRow> {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
  if (!payout) throw AppError.notFound();
  return payout;
}

/** What settling needs beyond the payout: the shop's address, for the links in the seller's mail. */
export type SettleContext = { appUrl: string };

/**
 * The seller is told, in their language, that a payout failed and where to give new details; the
 * mail is queued in the transaction that fails the payout (the outbox), so it goes if and only if
 * the failure is kept.
 */
async function tellSellerPayoutFailed(tx: Db, payout: PayoutRow, appUrl: string) {
  const seller = await accountForReview(tx, payout.userId).catch(() => null);
  if (!seller) return;
  await enqueueMail(tx, {
    to: seller.email,
    ...renderMail('payout-failed', seller.locale, {
      name: seller.firstName,
      ...(await soldWork(tx, payout.offerId)),
      url: `${appUrl}/${seller.locale}/dashboard/offers`,
    }),
  });
}

/** The work a payout pays for, named in its mails by the title its seller gave it. */
async function soldWork(tx: Db, offerId: number): Promise<{ title?: string }> {
  const title = await offerTitle(tx, offerId);
  return title === null ? {} : { title };
}

/**
 * The seller is told, in the change's transaction, that a payout for their work left or arrived
 * (in euros, as it is paid).
 */
async function tellSellerPayout(
  tx: Db,
  kind: 'payout-sent' | 'payout-paid',
  payout: { userId: string; offerId: number; amountCents: number },
) {
  await mailAccount(tx, payout.userId, kind, 'dashboard/offers', async () => ({
    amount: `${formatMinorUnits(payout.amountCents)} EUR`,
    ...(await soldWork(tx, payout.offerId)),
  }));
}

/**
 * Settles a payout that is requested or sent: paid (the money left) or failed (what was owed is
 * reversed). Throws CONFLICT when it is settled already.
 */
export async function settlePayout(
  db: Db,
  payoutId: number,
  outcome: { paid: true } | { paid: false; reason: string },
  context: SettleContext,
) {
  await db.transaction(async (tx) => {
    const payout = await lockPayout(tx as unknown as Db, payoutId);
    if (payout.status !== 'requested' && payout.status !== 'sent') {
      throw AppError.conflict('payout.settled', { id: String(payoutId), status: payout.status });
    }
    if (payout.ledgerAmount > 0) {
      if (outcome.paid) await completePayout(tx as unknown as Db, { payoutId, amount: payout.ledgerAmount });
      else {
        await reverseOfferPayout(tx as unknown as Db, {
          payoutId,
          amount: payout.ledgerAmount,
          attempt: payout.attempt,
        });
      }
    }
    if (!outcome.paid) await tellSellerPayoutFailed(tx as unknown as Db, payout, context.appUrl);
    else await tellSellerPayout(tx as unknown as Db, 'payout-paid', payout);
    // Once paid, the shop no longer needs where the money went: the bank details and the
    // contact details are removed (the masked destination stays for the records).
    await tx
      .update(payouts)
      .set({
        status: outcome.paid ? 'paid' : 'failed',
        failureReason: outcome.paid ? null : outcome.reason.slice(0, 500),
        settledAt: new Date(),
        ...(outcome.paid ? { detailsSealed: null } : {}),
      })
      .where(eq(payouts.id, payoutId));
  });
}

/**
 * After a card payout is paid, its provider forgets the card and the shop its token (brand and
 * last four stay for the records). A release that fails leaves the token on the row; the next
 * look at the payout (`refreshCardPayout`) releases it again.
 */
async function releasePaidCard(db: Db, provider: PayoutProvider, payoutId: number) {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (payout?.status !== 'paid' || !payout.cardToken || payout.provider !== provider.name) return;
  try {
    await provider.releaseCard(payout.cardToken);
  } catch {
    return;
  }
  await db
    .update(payouts)
    .set({ cardToken: null })
    .where(and(eq(payouts.id, payoutId), eq(payouts.cardToken, payout.cardToken)));
}

/**
 * Settles a card payout as its provider reports. The send and the reconciliation (of this process
 * or another) can learn the same outcome at the same moment: the one that comes second finds the
 * payout settled already as the provider says, which is done, not a CONFLICT (that made the
 * reconciliation log an error, or the send answer 409, for a payout paid once and correctly).
 */
async function settleAsProviderSays(
  db: Db,
  payoutId: number,
  outcome: { paid: true } | { paid: false; reason: string },
  context: SettleContext,
) {
  try {
    await settlePayout(db, payoutId, outcome, context);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    const [row] = await db.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, payoutId));
    if (row?.status !== (outcome.paid ? 'paid' : 'failed')) throw error;
  }
}

/** Applies what the provider says about a sent card payout; a pending one stays sent. */
async function applyProviderState(
  db: Db,
  provider: PayoutProvider,
  payoutId: number,
  state: PayoutState,
  context: SettleContext,
) {
  if (state.state === 'paid') {
    await settleAsProviderSays(db, payoutId, { paid: true }, context);
    await releasePaidCard(db, provider, payoutId);
  } else if (state.state === 'failed')
    await settleAsProviderSays(db, payoutId, { paid: false, reason: state.message }, context);
  else if (state.state === 'cancelled') {
    await settleAsProviderSays(db, payoutId, { paid: false, reason: 'The payout was cancelled.' }, context);
  }
}

/**
 * Sends a requested card payout to the provider that keeps the card and applies the outcome it
 * reports. The row is claimed first (requested → sent, one conditional update), so two clicks
 * send once; if the provider cannot be reached the claim is undone and nothing was sent.
 * Throws CONFLICT when the payout is not a requested card payout of this provider.
 */
export async function sendCardPayout(
  db: Db,
  provider: PayoutProvider,
  payoutId: number,
  context: SettleContext,
): Promise<void> {
  const [claimed] = await db
    .update(payouts)
    .set({ status: 'sent', sentAt: new Date() })
    .where(
      and(
        eq(payouts.id, payoutId),
        eq(payouts.status, 'requested'),
        eq(payouts.method, 'card'),
        eq(payouts.provider, provider.name),
      ),
    )
    .returning();
  if (!claimed) {
    const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
    if (!row) throw AppError.notFound();
    throw AppError.conflict('payout.not_requested_card', { id: String(payoutId) });
  }
  let created: Awaited<ReturnType<PayoutProvider['createPayout']>>;
  try {
    created = await provider.createPayout({
      reference: `payout:${claimed.id}`,
      cardToken: claimed.cardToken ?? '',
      amountMinor: claimed.amountCents,
      currency: 'EUR',
      attempt: claimed.attempt,
    });
  } catch (error) {
    await db
      .update(payouts)
      .set({ status: 'requested', sentAt: null })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'sent')));
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx.update(payouts).set({ providerRef: created.ref }).where(eq(payouts.id, payoutId));
    await tellSellerPayout(tx as unknown as Db, 'payout-sent', claimed);
  });
  await applyProviderState(db, provider, payoutId, await provider.fetchState(created.ref), context);
}

/** Asks the provider for the outcome of a sent card payout and applies it. Throws CONFLICT otherwise. */
export async function refreshCardPayout(
  db: Db,
  provider: PayoutProvider,
  payoutId: number,
  context: SettleContext,
): Promise<void> {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!payout) throw AppError.notFound();
  if (payout.status === 'paid' && payout.cardToken) return releasePaidCard(db, provider, payoutId);
  if (payout.status !== 'sent' || !payout.providerRef || payout.provider !== provider.name) {
    throw AppError.conflict('payout.not_at_provider', { id: String(payoutId) });
  }
  await applyProviderState(db, provider, payoutId, await provider.fetchState(payout.providerRef), context);
}

/**
 * Before the back office fails a card payout that is at its provider, the provider cancels it.
 * If the provider paid it meanwhile, it is settled as paid and CONFLICT is thrown. Call it
 * outside the transaction that then fails the payout (the provider is another system).
 */
export async function cancelAtProvider(
  db: Db,
  provider: PayoutProvider,
  payoutId: number,
  context: SettleContext,
) {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!payout) throw AppError.notFound();
  if (payout.method !== 'card' || payout.status !== 'sent' || !payout.providerRef) return;
  const state = await provider.cancel(payout.providerRef);
  if (state.state === 'paid') {
    await settlePayout(db, payoutId, { paid: true }, context);
    await releasePaidCard(db, provider, payoutId);
    throw AppError.conflict('payout.paid_by_provider', { id: String(payoutId) });
  }
}

/**
 * The back office marks a payout paid. A card payout is paid on its provider's word only
 * (CONFLICT here); a bank transfer when the bank has sent it.
 */
export async function markPayoutPaid(db: Db, payoutId: number, context: SettleContext) {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!payout) throw AppError.notFound();
  if (payout.method === 'card' && payout.provider !== null) {
    throw AppError.conflict('payout.provider_pays', { id: String(payoutId) });
  }
  await settlePayout(db, payoutId, { paid: true }, context);
}

/** How many transfers one SEPA file carries at most; the rest wait for the next file. */
const SEPA_BATCH_LIMIT = 1000;

/**
 * Puts every requested bank payout into one new SEPA batch and marks them sent, in the caller's
 * transaction. The rows are locked and skipped when another export holds them, so two exports at
 * once never carry a payout twice. Throws CONFLICT when no bank payout is waiting.
 */
export async function createSepaBatch(
  tx: Db,
  input: { adminId: string; now?: Date },
): Promise<PayoutBatchRow> {
  const now = input.now ?? new Date();
  const waiting = await tx
    .select({ id: payouts.id, amountCents: payouts.amountCents })
    .from(payouts)
    .where(and(eq(payouts.status, 'requested'), eq(payouts.method, 'sepa'), isNotNull(payouts.detailsSealed)))
    .orderBy(asc(payouts.id))
    .limit(SEPA_BATCH_LIMIT)
    .for('update', { skipLocked: true });
  if (waiting.length === 0) throw AppError.conflict('payout.none_waiting');
  const [batch] = await tx
    .insert(payoutBatches)
    .values({
      messageId: `PM-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(6).toString('hex').toUpperCase()}`,
      createdBy: input.adminId,
      transfers: waiting.length,
      totalCents: waiting.reduce((sum, payout) => sum + payout.amountCents, 0),
      createdAt: now,
    })
    .returning();
  if (!batch) throw new Error('payout batch insert returned no row');
  const sent = await tx
    .update(payouts)
    .set({ status: 'sent', sentAt: now, batchId: batch.id })
    .where(
      and(
        inArray(
          payouts.id,
          waiting.map((payout) => payout.id),
        ),
        eq(payouts.status, 'requested'),
      ),
    )
    .returning({ userId: payouts.userId, offerId: payouts.offerId, amountCents: payouts.amountCents });
  for (const payout of sent) await tellSellerPayout(tx, 'payout-sent', payout);
  return batch;
}

/**
 * The SEPA file of a batch, built again from its payouts exactly as first exported (the same
 * message id, date and order). Throws NOT_FOUND, or CONFLICT once a payout of it was paid and its
 * bank details are gone.
 */
export async function sepaBatchFile(
  db: Db,
  input: { batchId: number; appKey: string; debtor: SepaDebtor },
): Promise<{ batch: PayoutBatchRow; xml: string }> {
  const [batch] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, input.batchId));
  if (!batch) throw AppError.notFound();
  const rows = await db.select().from(payouts).where(eq(payouts.batchId, batch.id)).orderBy(asc(payouts.id));
  const transfers = rows.map((payout) => {
    const details = payout.detailsSealed
      ? unseal<SealedPayoutDetails>(input.appKey, SEALED_PURPOSE, payout.detailsSealed)
      : null;
    if (!details?.iban) {
      throw AppError.conflict('payout.batch_settled', { id: String(payout.id) });
    }
    return {
      endToEndId: payoutReference(payout.id),
      creditorName: details.full_name ?? '',
      creditorIban: details.iban,
      amountCents: payout.amountCents,
      remittance: `Payout for offer ${payout.offerId}`,
    };
  });
  const xml = pain001({
    messageId: batch.messageId,
    createdAt: batch.createdAt,
    executionDate: batch.createdAt.toISOString().slice(0, 10),
    debtor: input.debtor,
    transfers,
  });
  return { batch, xml };
}

/**
 * A seller gives new details for their payout that failed, and it is tried again: the same
 * payout, its attempt counted up, owed again through the ledger under that attempt's key, back in
 * the queue as requested. The contact details given with the offer stay. The caller releases the
 * card token this answers (the old card, if any) at its provider after the commit. Throws
 * NOT_FOUND for another user's offer and CONFLICT unless the payout failed.
 */
export async function retryPayout(
  db: Db,
  input: { userId: string; offerId: number; appKey: string; destination: PayoutDestination },
): Promise<{ releaseToken: string | null }> {
  return db.transaction(async (tx) => {
    const [payout] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.offerId, input.offerId), eq(payouts.userId, input.userId)))
      .for('update');
    if (!payout) throw AppError.notFound();
    if (payout.status !== 'failed') {
      throw AppError.conflict('payout.not_failed', { id: String(payout.id), status: payout.status });
    }
    const previous = payout.detailsSealed
      ? unseal<SealedPayoutDetails>(input.appKey, SEALED_PURPOSE, payout.detailsSealed)
      : {};
    const { destination } = input;
    const details: SealedPayoutDetails =
      destination.method === 'sepa'
        ? { full_name: destination.fullName, iban: destination.iban, contact: previous.contact }
        : { contact: previous.contact };
    const attempt = payout.attempt + 1;
    await tx
      .update(payouts)
      .set({
        method: destination.method,
        status: 'requested',
        attempt,
        destinationMasked:
          destination.method === 'sepa' ? maskIban(destination.iban) : maskCard(destination.card.last4),
        detailsSealed: seal(input.appKey, SEALED_PURPOSE, details),
        provider: destination.method === 'card' ? destination.provider : null,
        cardToken: destination.method === 'card' ? destination.card.token : null,
        cardBrand: destination.method === 'card' ? destination.card.brand : null,
        cardLast4: destination.method === 'card' ? destination.card.last4 : null,
        providerRef: null,
        batchId: null,
        failureReason: null,
        sentAt: null,
        settledAt: null,
      })
      .where(eq(payouts.id, payout.id));
    if (payout.ledgerAmount > 0) {
      await oweOfferPayoutAgain(tx as unknown as Db, {
        payoutId: payout.id,
        attempt,
        amount: payout.ledgerAmount,
      });
    }
    return { releaseToken: payout.cardToken };
  });
}

/** The payout of an offer, for the offer's own rules (publishing needs it paid); null when none. */
export async function payoutOfOffer(db: Db, offerId: number): Promise<PayoutRow | null> {
  const [payout] = await db.select().from(payouts).where(eq(payouts.offerId, offerId));
  return payout ?? null;
}

/**
 * Whether a CONFLICT met by the reconciliation only says the payout moved on after it was chosen:
 * the send, or another process's reconciliation, settled it (and released its card) meanwhile.
 */
async function settledSinceChosen(db: Db, payoutId: number, error: unknown): Promise<boolean> {
  if (!(error instanceof AppError && error.code === 'CONFLICT')) return false;
  const [row] = await db
    .select({ status: payouts.status, cardToken: payouts.cardToken })
    .from(payouts)
    .where(eq(payouts.id, payoutId));
  return row !== undefined && row.status !== 'sent' && !(row.status === 'paid' && row.cardToken !== null);
}

/**
 * Asks the provider about card payouts sent a while ago and still without an outcome, and applies
 * what it says; releases the cards of paid payouts whose release failed before. The least recently
 * sent go first. A payout claimed but never handed to the provider (no provider id: the process
 * stopped in between) is left for a person: sending it again could pay twice. Returns how many
 * were looked at.
 */
export async function reconcileCardPayouts(
  db: Db,
  provider: PayoutProvider,
  context: SettleContext & { log: { error(details: object, message: string): void } },
  { batchSize = 20, afterMinutes = 15, now = new Date() } = {},
): Promise<number> {
  const due = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(
        eq(payouts.method, 'card'),
        eq(payouts.provider, provider.name),
        or(
          and(
            eq(payouts.status, 'sent'),
            isNotNull(payouts.providerRef),
            lte(payouts.sentAt, new Date(now.getTime() - afterMinutes * 60_000)),
          ),
          and(eq(payouts.status, 'paid'), isNotNull(payouts.cardToken)),
        ),
      ),
    )
    .orderBy(asc(payouts.sentAt))
    .limit(batchSize);
  for (const payout of due) {
    try {
      await refreshCardPayout(db, provider, payout.id, context);
    } catch (error) {
      if (await settledSinceChosen(db, payout.id, error)) continue;
      context.log.error({ err: error, payoutId: payout.id }, 'payout reconciliation failed');
    }
  }
  return due.length;
}

/** The user's payouts not paid yet (requested, sent, or failed and waiting for new details), oldest first. */
export async function unpaidPayoutsOf(db: Db, userId: string): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.userId, userId), ne(payouts.status, 'paid')))
    .orderBy(asc(payouts.id));
}

/**
 * Erases where the user's payouts went when their account is deleted (decision 0046): the sealed
 * bank account, holder and contact details. An account is deleted only once every payout is paid,
 * which removes them already; this is the rule written down rather than left to that order. The
 * masked destination and the card's brand and last four digits stay as the payment's record.
 */
export async function erasePayoutsOf(tx: Db, userId: string): Promise<void> {
  await tx.update(payouts).set({ detailsSealed: null }).where(eq(payouts.userId, userId));
}
