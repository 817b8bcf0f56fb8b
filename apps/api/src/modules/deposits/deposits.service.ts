import { formatMinorUnits, minorUnitsToNumber } from '@promptmarket/contracts';
import { BASE_CURRENCY } from '@promptmarket/contracts/base-currency';
import type {
  Deposit,
  DepositFailureCode,
  DepositForm,
  DepositStatus,
  LastDepositDetails,
  PaymentMethod,
} from '@promptmarket/contracts/deposits';
import { chosenPaymentMethod, minimumDepositMinor } from '@promptmarket/contracts/deposits';
import { receiptNumber } from '@promptmarket/contracts/receipts';
import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { keyReused } from '../../lib/idempotency';
import { lockActiveAccount } from '../accounts/accounts.locks';
import { countryIsoOf } from '../content/content.service';
import { mailAccount } from '../mail/mail.notify';
import {
  PAYMENT_DECLINED_MESSAGE,
  PAYMENT_FAILED_MESSAGE,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentState,
} from '../payments/provider';
import { internalAmountOf } from '../site/site.rates';
import { findCurrency, getStoredSettings } from '../site/site.service';
import { creditDeposit, findMove, reinstateDeposit, reverseDeposit } from '../wallet/wallet.service';
import { type DepositRow, deposits, paymentEvents } from './deposits.tables';

/**
 * Deposits (decision 0015): the amount is checked against the minimum in the payer's currency,
 * the provider's checkout is created, and the wallet is credited only when the provider
 * confirms the payment: by a verified webhook, or by asking the provider (reconciliation).
 */

export const EXPIRED_MESSAGE = 'The payment was not completed in time.';
export const REVIEW_MESSAGE = 'The payment needs a review by our team. Please contact support.';
export const GATEWAY_MESSAGE =
  'Payment gateway error. Please try again later or use a different payment method.';

/** The base currency (EUR) is always accepted, even when the shop does not list it for display. */
const BASE = { code: BASE_CURRENCY.code, symbol: BASE_CURRENCY.symbol, rate: String(BASE_CURRENCY.value) };

export type Quote = {
  currency: string;
  rate: string;
  internalRateEur: string;
  amountMinor: number;
  minimumMinor: number;
  internalAmount: number;
};

/**
 * What an amount in a currency is worth, and the minimum there: the euro minimum times the
 * currency's units per euro, rounded up to the cent (decision 0015). Below it: 422 on `amount`,
 * naming the minimum (the error handler answers in the request's language).
 */
export async function quote(db: Db, amountMinor: number, currencyCode: string): Promise<Quote> {
  const currency = (await findCurrency(db, currencyCode)) ?? (currencyCode === BASE.code ? BASE : null);
  if (!currency) throw AppError.validation({ currency: ['currency.invalid'] });
  const settings = await getStoredSettings(db);
  const minimumMinor = minimumDepositMinor(settings.min_deposit_cents, currency.rate);
  if (amountMinor < minimumMinor) {
    throw AppError.validation({ amount: ['amount.min'] }, 'VALIDATION_FAILED', {
      min: `${formatMinorUnits(minimumMinor)} ${currency.code}`,
    });
  }
  return {
    currency: currency.code,
    rate: currency.rate,
    internalRateEur: settings.internal_currency_rate_eur,
    amountMinor,
    minimumMinor,
    internalAmount: internalAmountOf(amountMinor, currency.rate, settings.internal_currency_rate_eur),
  };
}

/** The methods to choose from, once the form holds. */
export async function validateDeposit(
  db: Db,
  provider: PaymentProvider,
  form: DepositForm,
): Promise<PaymentMethod[]> {
  await countryIsoOf(db, form.country);
  await quote(db, form.amount, form.currency);
  return provider.methods();
}

export type CheckoutInput = {
  userId: string;
  form: DepositForm;
  /** What the client chose: the method's id (or type) and/or its type. */
  choice: { payment_method_id?: string | undefined; paymentType?: string | undefined };
  locale: string;
  idempotencyKey: string | null;
};

/** Where the provider sends the browser back: the page that waits for the outcome. */
export function returnPath(deposit: Pick<DepositRow, 'id' | 'locale'>): string {
  return `/${deposit.locale}/processing-payment?order_id=${deposit.id}`;
}

/**
 * Creates the deposit and the provider's checkout. Throws VALIDATION_FAILED on `payment_method_id`
 * ("Please choose a payment method.") when the choice names no method the provider offers. The same Idempotency-Key from the same user
 * answers with the deposit it created the first time (with another amount or other details:
 * IDEMPOTENCY_KEY_REUSED); when that request was cut off before the
 * provider's checkout was stored (its server stopped), the checkout is opened now.
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  input: CheckoutInput,
  log: { error(details: object, message: string): void },
): Promise<DepositRow> {
  if (!chosenPaymentMethod(provider.methods(), input.choice)) {
    throw AppError.validation({ payment_method_id: ['payment_method.invalid'] });
  }
  const countryIso = await countryIsoOf(db, input.form.country);
  const priced = await quote(db, input.form.amount, input.form.currency);
  const asked = {
    currency: priced.currency,
    amountMinor: priced.amountMinor,
    firstName: input.form.first_name,
    lastName: input.form.last_name,
    email: input.form.email,
    phone: input.form.phone,
    countryIso,
    city: input.form.city,
    address: input.form.address,
    zip: input.form.post_code,
  };
  const answerEarlier = (earlier: DepositRow) => {
    sameDeposit(earlier, asked);
    return openCheckout(db, provider, earlier, log);
  };
  if (input.idempotencyKey) {
    const earlier = await findByIdempotencyKey(db, input.userId, input.idempotencyKey);
    if (earlier) return answerEarlier(earlier);
  }
  let created: DepositRow | undefined;
  try {
    [created] = await db.transaction(async (tx) => {
      // A deletion under way is waited for; a deposit is never made for an account that is gone.
      await lockActiveAccount(tx, input.userId);
      return tx
        .insert(deposits)
        .values({
          ...asked,
          userId: input.userId,
          provider: provider.name,
          rate: priced.rate,
          internalRateEur: priced.internalRateEur,
          internalAmount: priced.internalAmount,
          locale: input.locale,
          idempotencyKey: input.idempotencyKey,
        })
        .returning();
    });
  } catch (error) {
    // The same key at the same moment: the other request created it.
    if (input.idempotencyKey && isUniqueViolation(error)) {
      const earlier = await findByIdempotencyKey(db, input.userId, input.idempotencyKey);
      if (earlier) return answerEarlier(earlier);
    }
    throw error;
  }
  if (!created) throw new Error('deposit not created');
  return openCheckout(db, provider, created, log);
}

/**
 * The deposit with the provider's checkout, opened and stored when it has none yet. Only one is
 * stored: when two requests open one at once, the second answers with the first's.
 */
async function openCheckout(
  db: Db,
  provider: PaymentProvider,
  created: DepositRow,
  log: { error(details: object, message: string): void },
): Promise<DepositRow> {
  if (created.providerRef || created.status !== 'processing') return created;
  try {
    const checkout = await provider.createCheckout({
      reference: String(created.id),
      amountMinor: created.amountMinor,
      currency: created.currency,
      description: `Deposit #${created.id}`,
      customerEmail: created.email,
      locale: created.locale,
      returnUrl: returnPath(created),
    });
    const [updated] = await db
      .update(deposits)
      .set({ providerRef: checkout.ref, redirectUrl: checkout.redirectUrl })
      .where(
        and(eq(deposits.id, created.id), isNull(deposits.providerRef), eq(deposits.status, 'processing')),
      )
      .returning();
    if (updated) return updated;
    const [current] = await db.select().from(deposits).where(eq(deposits.id, created.id));
    return current ?? created;
  } catch (error) {
    log.error({ err: error, depositId: created.id }, 'the payment provider refused the checkout');
    await db
      .update(deposits)
      .set({ status: 'error', errorMessage: GATEWAY_MESSAGE })
      .where(and(eq(deposits.id, created.id), isNull(deposits.providerRef)));
    throw new AppError('SERVICE_UNAVAILABLE', GATEWAY_MESSAGE);
  }
}

/**
 * A deposit keeps what it was asked for (amount, currency, the payer's details), so a key sent
 * again with another amount or other details is that key reused for another request. Throws
 * IDEMPOTENCY_KEY_REUSED then, rather than answering a deposit made for something else.
 */
function sameDeposit(earlier: DepositRow, asked: Partial<Record<keyof DepositRow, unknown>>): void {
  for (const [field, value] of Object.entries(asked)) {
    if ((earlier[field as keyof DepositRow] ?? null) !== (value ?? null)) throw keyReused();
  }
}

async function findByIdempotencyKey(db: Db, userId: string, key: string): Promise<DepositRow | null> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.idempotencyKey, key)));
  return row ?? null;
}

/** One of the user's own deposits; anyone else's is 404, as one that does not exist. */
export async function ownDeposit(db: Db, userId: string, id: number): Promise<DepositRow> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, id), eq(deposits.userId, userId)));
  if (!row) throw AppError.notFound();
  return row;
}

const failureCodes = new Map<string, DepositFailureCode>([
  [PAYMENT_DECLINED_MESSAGE, 'declined'],
  [PAYMENT_FAILED_MESSAGE, 'failed'],
  [EXPIRED_MESSAGE, 'expired'],
  [REVIEW_MESSAGE, 'review'],
  [GATEWAY_MESSAGE, 'gateway'],
]);

export function depositStatusOf(row: DepositRow) {
  const settledBadly = row.status === 'failed' || row.status === 'error';
  return {
    id: row.id,
    status: row.status as DepositStatus,
    error_message: settledBadly ? row.errorMessage : null,
    // Any other reason a provider gave is a plain failure.
    error_code: settledBadly ? (failureCodes.get(row.errorMessage ?? '') ?? 'failed') : null,
    decline_code: settledBadly ? row.declineCode : null,
    // While the payment is open, the page to pay on; a settled deposit sends nobody anywhere.
    redirect_url: null,
    internal_amount: minorUnitsToNumber(row.internalAmount),
    order_number: String(row.id),
  };
}

/** The Deposit entity of spec section 3. */
export function toDeposit(row: DepositRow, internalCurrencyName: string): Deposit {
  return {
    id: row.id,
    sum: minorUnitsToNumber(row.paidAmountMinor ?? row.amountMinor),
    currency: row.currency,
    internal_currency_name: internalCurrencyName,
    internal_amount: minorUnitsToNumber(row.internalAmount),
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    countryIso: row.countryIso,
    city: row.city,
    address: row.address,
    zip: row.zip,
    created_at: row.createdAt.toISOString(),
    status: row.status as DepositStatus,
    decline_code: row.status === 'failed' || row.status === 'error' ? row.declineCode : null,
    order_number: String(row.id),
    date: row.createdAt.toISOString(),
  };
}

/** The user's deposits, newest first (at most the last 200). */
export async function depositHistory(db: Db, userId: string, locale: string): Promise<Deposit[]> {
  const [rows, settings] = await Promise.all([
    db.select().from(deposits).where(eq(deposits.userId, userId)).orderBy(desc(deposits.id)).limit(200),
    getStoredSettings(db, locale),
  ]);
  return rows.map((row) => toDeposit(row, settings.internal_currency_name));
}

/** The address and phone of the user's newest deposit, whatever became of it; null before the first. */
export async function lastDepositDetails(db: Db, userId: string): Promise<LastDepositDetails | null> {
  const [row] = await db
    .select({
      phone: deposits.phone,
      country: deposits.countryIso,
      city: deposits.city,
      address: deposits.address,
      post_code: deposits.zip,
    })
    .from(deposits)
    .where(eq(deposits.userId, userId))
    .orderBy(desc(deposits.id))
    .limit(1);
  return row ?? null;
}

type Log = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/**
 * Settles a locked deposit as paid: credits what was actually paid, converted at the rates of
 * checkout. Paying after a failure still credits: the money has arrived.
 */
async function settlePaid(
  tx: Db,
  deposit: DepositRow,
  paid: { amountMinor: number; currency: string; paymentRef?: string | null | undefined },
  log: Log,
): Promise<void> {
  if (paid.paymentRef && !deposit.paymentRef) {
    // Refunds and disputes name the payment, not the checkout.
    await tx.update(deposits).set({ paymentRef: paid.paymentRef }).where(eq(deposits.id, deposit.id));
  }
  if (deposit.status === 'success') return;
  if (paid.currency !== deposit.currency || paid.amountMinor <= 0) {
    log.error(
      {
        depositId: deposit.id,
        paid,
        expected: { amountMinor: deposit.amountMinor, currency: deposit.currency },
      },
      'a payment arrived in another currency; it needs a review',
    );
    await tx
      .update(deposits)
      .set({ status: 'error', errorMessage: REVIEW_MESSAGE, paidAmountMinor: paid.amountMinor })
      .where(eq(deposits.id, deposit.id));
    return;
  }
  const internalAmount = internalAmountOf(paid.amountMinor, deposit.rate, deposit.internalRateEur);
  if (paid.amountMinor !== deposit.amountMinor) {
    log.warn(
      { depositId: deposit.id, paid: paid.amountMinor, expected: deposit.amountMinor },
      'paid amount differs',
    );
  }
  if (internalAmount > 0) {
    await creditDeposit(tx, {
      userId: deposit.userId,
      provider: deposit.provider,
      depositId: deposit.id,
      amount: internalAmount,
    });
  }
  await tx
    .update(deposits)
    .set({
      status: 'success',
      errorMessage: null,
      declineCode: null,
      paidAmountMinor: paid.amountMinor,
      internalAmount,
      settledAt: sql`now()`,
    })
    .where(eq(deposits.id, deposit.id));
  await mailAccount(tx, deposit.userId, 'deposit-credited', 'dashboard/deposits', ({ credits }) => ({
    number: String(deposit.id),
    amount: credits(internalAmount),
    receipt: receiptNumber('deposit', deposit.id, deposit.createdAt),
    receipt_path: `dashboard/receipts/deposit/${deposit.id}`,
  }));
}

/**
 * Marks a locked deposit as failed, unless it has already succeeded (a late failure changes
 * nothing), with the provider's decline code when it gave one. A checkout that expires after an
 * attempt was refused (the reason kept from it) fails as that refusal.
 */
async function settleFailed(
  tx: Db,
  deposit: DepositRow,
  reason: string,
  code: string | null = null,
): Promise<void> {
  if (deposit.status !== 'processing') return;
  const refusedBefore = reason === EXPIRED_MESSAGE && deposit.declineCode !== null;
  const message = refusedBefore ? PAYMENT_DECLINED_MESSAGE : reason;
  const declineCode = refusedBefore ? deposit.declineCode : code;
  await tx
    .update(deposits)
    .set({ status: 'failed', errorMessage: message, declineCode, settledAt: sql`now()` })
    .where(eq(deposits.id, deposit.id));
  // A checkout left to expire was the user's own choice; a payment the provider refused is news.
  if (message === EXPIRED_MESSAGE) return;
  await mailAccount(tx, deposit.userId, 'deposit-failed', 'dashboard/deposits/create', ({ credits }) => ({
    number: String(deposit.id),
    amount: credits(deposit.internalAmount),
  }));
}

/**
 * A refused attempt on a checkout that stays open (decision 0030): a deposit still processing keeps
 * the newest reason and waits, since another card may still pay; the status check or the
 * reconciliation ends the checkout and fails the deposit with it. A settled deposit is not changed.
 */
async function keepRefusal(tx: Db, deposit: DepositRow, declineCode: string | null): Promise<void> {
  if (deposit.status !== 'processing' || deposit.declineCode === declineCode) return;
  await tx.update(deposits).set({ declineCode }).where(eq(deposits.id, deposit.id));
}

/**
 * What to settle from what the provider said: a refused payment whose checkout could still be
 * paid is ended at the provider first, so nothing is paid into a deposit after it failed. A
 * payment made in the meantime answers as paid; a checkout the provider would not end stays open.
 */
async function settleable(
  provider: PaymentProvider,
  ref: string,
  state: PaymentState,
): Promise<PaymentState> {
  if (state.state !== 'failed' || !state.open) return state;
  const ended = await provider.expire(ref);
  return ended.state === 'expired' ? { ...state, open: false } : ended;
}

/**
 * The internal units a part of a payment is worth: its share of what the deposit credited,
 * rounded up (the shop never gives a reversed unit away), never more than the credit.
 */
export function creditShare(deposit: DepositRow, amountMinor: number): number {
  const paid = deposit.paidAmountMinor ?? deposit.amountMinor;
  if (deposit.status !== 'success' || amountMinor <= 0 || paid <= 0) return 0;
  if (amountMinor >= paid) return deposit.internalAmount;
  const credited = BigInt(deposit.internalAmount);
  return Number((credited * BigInt(amountMinor) + BigInt(paid) - 1n) / BigInt(paid));
}

/** What of a deposit's credit has not been taken back yet. */
function unreversed(deposit: DepositRow): number {
  return deposit.status === 'success'
    ? deposit.internalAmount - deposit.refundedAmount - deposit.disputedAmount
    : 0;
}

function sameCurrency(deposit: DepositRow, event: PaymentEvent, log: Log): boolean {
  if (!event.currency || event.currency === deposit.currency) return true;
  log.error(
    { depositId: deposit.id, eventId: event.id, currency: event.currency },
    'a refund or dispute in another currency than the deposit; it needs a review',
  );
  return false;
}

/** Keeps the payment's id of a deposit found through its checkout, so the next event finds it directly. */
async function rememberPayment(
  tx: Db,
  deposit: DepositRow,
  { paymentRef }: { paymentRef?: string | null | undefined },
): Promise<void> {
  if (deposit.paymentRef || !paymentRef) return;
  await tx.update(deposits).set({ paymentRef }).where(eq(deposits.id, deposit.id));
}

/**
 * A refund at the provider (decision 0027): the event carries everything refunded so far, so
 * the wallet gives back that share of the credit less what earlier refunds took, under the
 * refund's own key. A late copy of an earlier refund finds less refunded and takes nothing.
 */
async function settleRefund(tx: Db, deposit: DepositRow, event: PaymentEvent, log: Log): Promise<void> {
  if (!sameCurrency(deposit, event, log)) return;
  // A refund counted before (or whose failure came first) takes nothing again.
  if (await findMove(tx, refundKey(deposit, event))) return;
  const refundedMinor = Math.max(deposit.refundedMinor, event.amountMinor ?? 0);
  const amount = Math.min(unreversed(deposit), creditShare(deposit, refundedMinor) - deposit.refundedAmount);
  if (amount > 0) {
    await reverseDeposit(tx, {
      userId: deposit.userId,
      provider: deposit.provider,
      depositId: deposit.id,
      amount,
      key: refundKey(deposit, event),
    });
  }
  await tx
    .update(deposits)
    .set({ refundedMinor, refundedAmount: deposit.refundedAmount + Math.max(0, amount) })
    .where(eq(deposits.id, deposit.id));
}

/** The ledger key of what one refund took back. */
const refundKey = (deposit: DepositRow, event: PaymentEvent) =>
  `deposit:${deposit.id}:refund:${event.reversalId ?? event.id}`;

/**
 * A refund that failed or was cancelled after it was made (decision 0027): the money is the
 * shop's again, so what the refund took is credited back, once, and no longer counts as refunded.
 * A failure that arrives before its refund takes the refund's key and gives it back at once, so
 * the late refund finds it counted and takes nothing.
 */
async function settleRefundFailed(tx: Db, deposit: DepositRow, event: PaymentEvent, log: Log): Promise<void> {
  if (!sameCurrency(deposit, event, log)) return;
  const key = refundKey(deposit, event);
  const move = { userId: deposit.userId, provider: deposit.provider, depositId: deposit.id };
  const counted = await findMove(tx, key);
  // A refund the back office asked for (decision 0048) is the refunds module's to give back.
  if (!counted && event.reversalId && (await shopRefundFailed?.(tx, deposit, event.reversalId))) return;
  const taken =
    counted ??
    (await (async () => {
      const amount = Math.min(unreversed(deposit), creditShare(deposit, event.amountMinor ?? 0));
      return amount > 0 ? (await reverseDeposit(tx, { ...move, amount, key })).transaction : null;
    })());
  if (!taken) return;
  const { replayed } = await reinstateDeposit(tx, {
    ...move,
    amount: taken.amount,
    key: `${key}:reinstated`,
  });
  if (replayed || !counted) return;
  await tx
    .update(deposits)
    .set({
      refundedAmount: Math.max(0, deposit.refundedAmount - taken.amount),
      refundedMinor: Math.max(0, deposit.refundedMinor - (event.amountMinor ?? 0)),
    })
    .where(eq(deposits.id, deposit.id));
}

/**
 * Gives back a refund the back office asked the provider for when the provider reports it failed
 * (decision 0048); answers false when the refund id is not one of the shop's. Set by the refunds
 * module, which owns those refunds: the deposits module does not read its tables.
 */
let shopRefundFailed:
  | ((tx: Db, deposit: DepositRow, providerRefundId: string) => Promise<boolean>)
  | undefined;

export function onShopRefundFailed(
  handler: (tx: Db, deposit: DepositRow, providerRefundId: string) => Promise<boolean>,
): void {
  shopRefundFailed = handler;
}

/** Dispute outcomes after which the provider gives the held money back to the shop. */
const DISPUTE_GIVEN_BACK = new Set(['won', 'warning_closed']);

/**
 * A dispute (decision 0027): opened, the provider holds the disputed amount, so the wallet gives
 * back its share of the credit; closed as won, that share is credited again; lost, it stays
 * taken. A close that arrives before its opening takes (lost) or leaves (won) the money itself,
 * and the late opening then changes nothing.
 */
async function settleDispute(tx: Db, deposit: DepositRow, event: PaymentEvent, log: Log): Promise<void> {
  if (!sameCurrency(deposit, event, log)) return;
  const key = `deposit:${deposit.id}:dispute:${event.reversalId ?? event.id}`;
  const givenBack = event.type === 'dispute_closed' && DISPUTE_GIVEN_BACK.has(event.outcome ?? '');
  const closed = deposit.disputeStatus === 'won' || deposit.disputeStatus === 'lost';
  let disputedAmount = deposit.disputedAmount;
  let reversal = await findMove(tx, key);
  if (!reversal && !closed && !givenBack) {
    const amount = Math.min(unreversed(deposit), creditShare(deposit, event.amountMinor ?? 0));
    if (amount > 0) {
      reversal = (
        await reverseDeposit(tx, {
          userId: deposit.userId,
          provider: deposit.provider,
          depositId: deposit.id,
          amount,
          key,
        })
      ).transaction;
      disputedAmount += amount;
    }
  }
  let disputeStatus = deposit.disputeStatus ?? 'open';
  if (event.type === 'dispute_closed' && !closed) {
    disputeStatus = givenBack ? 'won' : 'lost';
    if (givenBack && reversal) {
      const { replayed } = await reinstateDeposit(tx, {
        userId: deposit.userId,
        provider: deposit.provider,
        depositId: deposit.id,
        amount: reversal.amount,
        key: `${key}:reinstated`,
      });
      if (!replayed) disputedAmount -= reversal.amount;
    }
  }
  await tx.update(deposits).set({ disputeStatus, disputedAmount }).where(eq(deposits.id, deposit.id));
}

/**
 * How an event names its deposit: by the checkout, else by the shop's reference the payment
 * carries (a deposit id), else by the payment; null when it names none.
 */
function depositOfEvent(event: PaymentEvent) {
  if (event.ref) return eq(deposits.providerRef, event.ref);
  if (event.reference) {
    return /^\d{1,15}$/.test(event.reference) ? eq(deposits.id, Number(event.reference)) : null;
  }
  if (event.paymentRef) return eq(deposits.paymentRef, event.paymentRef);
  return null;
}

export type EventOutcome = 'applied' | 'duplicate' | 'unknown' | 'ignored';

/**
 * Applies a verified provider event exactly once. The deposit row is locked first, so copies of
 * an event (or events of one payment) are applied one after the other; the event id is then
 * recorded, and a copy finds it and stops. Events may come in any order.
 */
export async function applyPaymentEvent(
  db: Db,
  provider: string,
  event: PaymentEvent,
  log: Log,
): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const found = depositOfEvent(event);
    const [deposit] = found
      ? await tx
          .select()
          .from(deposits)
          .where(and(eq(deposits.provider, provider), found))
          .for('update')
      : [];
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ provider, eventId: event.id, type: event.type, depositId: deposit?.id ?? null })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!recorded) return 'duplicate';
    if (event.type === 'ignored') return 'ignored';
    if (!deposit) {
      log.warn({ provider, eventId: event.id, ref: event.ref }, 'a payment event for an unknown deposit');
      return 'unknown';
    }
    if (event.type === 'paid') {
      await settlePaid(
        tx,
        deposit,
        {
          amountMinor: event.amountMinor ?? deposit.amountMinor,
          currency: event.currency ?? deposit.currency,
          paymentRef: event.paymentRef,
        },
        log,
      );
    } else if (event.type === 'refunded') {
      await rememberPayment(tx, deposit, event);
      await settleRefund(tx, deposit, event, log);
    } else if (event.type === 'refund_failed') {
      await rememberPayment(tx, deposit, event);
      await settleRefundFailed(tx, deposit, event, log);
    } else if (event.type === 'dispute_opened' || event.type === 'dispute_closed') {
      await rememberPayment(tx, deposit, event);
      await settleDispute(tx, deposit, event, log);
    } else if (event.type === 'refused') {
      await rememberPayment(tx, deposit, event);
      await keepRefusal(tx, deposit, event.declineCode ?? null);
    } else if (event.type === 'failed') {
      await rememberPayment(tx, deposit, event);
      await settleFailed(tx, deposit, event.message ?? 'Payment failed', event.declineCode ?? null);
    } else {
      await settleFailed(tx, deposit, EXPIRED_MESSAGE);
    }
    log.info({ depositId: deposit.id, event: event.type, eventId: event.id }, 'payment event applied');
    return 'applied';
  });
}

/**
 * A refund or dispute names the payment, not the checkout. A deposit paid before the shop kept
 * the payment's id is found by asking the provider which checkout the payment belongs to.
 */
export async function withCheckoutRef(
  db: Db,
  provider: PaymentProvider,
  event: PaymentEvent,
): Promise<PaymentEvent> {
  if (event.ref || event.reference || !event.paymentRef || !provider.checkoutOf) return event;
  const [known] = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.provider, provider.name), eq(deposits.paymentRef, event.paymentRef)));
  if (known) return event;
  return { ...event, ref: await provider.checkoutOf(event.paymentRef) };
}

/** Applies what the provider says about a deposit, under the deposit's row lock. */
async function applyState(db: Db, depositId: number, state: PaymentState, log: Log): Promise<void> {
  await db.transaction(async (tx) => {
    const [deposit] = await tx.select().from(deposits).where(eq(deposits.id, depositId)).for('update');
    if (deposit?.status !== 'processing') return;
    if (state.state === 'paid') await settlePaid(tx, deposit, state, log);
    else if (state.state === 'failed') {
      await rememberPayment(tx, deposit, state);
      await settleFailed(tx, deposit, state.message, state.declineCode ?? null);
    } else if (state.state === 'expired') await settleFailed(tx, deposit, EXPIRED_MESSAGE);
    else await tx.update(deposits).set({ updatedAt: sql`now()` }).where(eq(deposits.id, deposit.id));
  });
}

/** A processing deposit is asked about at its provider at most this often by its status checks. */
export const STATUS_REFRESH_MS = 1000;
/** When each deposit was last asked about by a status check; bounded, the oldest forgotten first. */
const askedAt = new Map<number, number>();
const ASKED_AT_LIMIT = 10_000;

/**
 * A deposit's status as its owner's processing screen asks for it: while it is still processing,
 * the provider is asked too (at most every STATUS_REFRESH_MS per deposit), so a payment made is
 * shown as soon as the browser is back from the provider, not when its webhook arrives. A
 * provider that does not answer leaves the deposit as it was: the webhook and the reconciliation
 * settle it.
 */
export async function currentDeposit(
  db: Db,
  provider: PaymentProvider,
  deposit: DepositRow,
  log: Log,
  now = Date.now(),
): Promise<DepositRow> {
  if (deposit.status !== 'processing' || !deposit.providerRef || deposit.provider !== provider.name) {
    return deposit;
  }
  const last = askedAt.get(deposit.id);
  if (last !== undefined && now - last < STATUS_REFRESH_MS) return deposit;
  askedAt.delete(deposit.id);
  askedAt.set(deposit.id, now);
  if (askedAt.size > ASKED_AT_LIMIT) askedAt.delete(askedAt.keys().next().value as number);
  try {
    const state = await provider.fetchState(deposit.providerRef);
    await applyState(db, deposit.id, await settleable(provider, deposit.providerRef, state), log);
  } catch (error) {
    log.warn({ err: error, depositId: deposit.id }, 'could not ask the provider about a deposit');
    return deposit;
  }
  const [fresh] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
  return fresh ?? deposit;
}

/**
 * The user's deposits still processing at their provider, oldest first: money that may yet arrive
 * (deleting the account waits for them).
 */
export async function processingDepositsOf(db: Db, userId: string): Promise<DepositRow[]> {
  return db
    .select()
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.status, 'processing')))
    .orderBy(asc(deposits.id));
}

/** Deposits processing longer than this are asked about at the provider. */
export const RECONCILE_AFTER_MINUTES = 15;
/** An unpaid checkout older than this is ended at the provider and the deposit fails. */
export const EXPIRE_AFTER_HOURS = 24;

/**
 * Asks the provider about deposits still processing after a while and settles them; a checkout
 * left open past its lifetime is expired at the provider, so no deposit stays processing for
 * ever. The least recently checked go first. Returns how many were looked at.
 */
export async function reconcileDeposits(
  db: Db,
  provider: PaymentProvider,
  log: Log,
  { batchSize = 20, now = new Date() }: { batchSize?: number; now?: Date } = {},
): Promise<number> {
  const stale = await db
    .select({ id: deposits.id, providerRef: deposits.providerRef, createdAt: deposits.createdAt })
    .from(deposits)
    .where(
      and(
        eq(deposits.status, 'processing'),
        eq(deposits.provider, provider.name),
        lte(deposits.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000)),
        lte(deposits.updatedAt, new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000)),
      ),
    )
    .orderBy(asc(deposits.updatedAt))
    .limit(batchSize);
  for (const deposit of stale) {
    try {
      if (!deposit.providerRef) {
        // The checkout was never created (the process stopped in between): nothing can be paid.
        await applyState(db, deposit.id, { state: 'expired' }, log);
        continue;
      }
      let state = await provider.fetchState(deposit.providerRef);
      const tooOld = now.getTime() - deposit.createdAt.getTime() > EXPIRE_AFTER_HOURS * 3_600_000;
      if (state.state === 'open' && tooOld) state = await provider.expire(deposit.providerRef);
      await applyState(db, deposit.id, await settleable(provider, deposit.providerRef, state), log);
    } catch (error) {
      log.error({ err: error, depositId: deposit.id }, 'could not reconcile a deposit');
    }
  }
  return stale.length;
}

/**
 * Erases the payer's details of the user's deposits when their account is deleted (decision
 * 0046). The amounts, currencies, rates, provider references and the payer's country stay: they
 * are the bookkeeping's and the tax's records (the country is the place of supply of the sale).
 */
export async function eraseDepositsOf(tx: Db, userId: string): Promise<void> {
  await tx
    .update(deposits)
    .set({ firstName: '', lastName: '', email: '', phone: '', city: '', address: '', zip: '' })
    .where(eq(deposits.userId, userId));
}
