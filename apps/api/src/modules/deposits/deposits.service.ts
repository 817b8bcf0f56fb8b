import { minorUnitsToNumber } from '@promptmarket/contracts';
import type { Deposit, DepositStatus, LastDepositDetails } from '@promptmarket/contracts/deposits';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { getStoredSettings } from '../site/site.service';
import { type DepositRow, deposits } from './deposits.tables';

/**
 * Deposits (decision 0015): the amount is checked against the minimum in the payer's currency,
 * the provider's checkout is created (deposits.checkout.ts), and the wallet is credited only when
 * the provider confirms the payment: by a verified webhook (deposits.events.ts), or by asking the
 * provider (deposits.reconcile.ts). This file reads a user's deposits and erases them with the account.
 */

/** One of the user's own deposits; anyone else's is 404, as one that does not exist. */
export async function ownDeposit(db: Db, userId: string, id: number): Promise<DepositRow> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, id), eq(deposits.userId, userId)));
  if (!row) throw AppError.notFound();
  return row;
}

export function depositStatusOf(row: DepositRow) {
  const settledBadly = row.status === 'failed' || row.status === 'error';
  return {
    id: row.id,
    status: row.status as DepositStatus,
    error_message: settledBadly ? row.errorMessage : null,
    // Stored with the failure (a deposit failed before the code was stored got it from its message).
    error_code: settledBadly ? (row.failureCode ?? 'failed') : null,
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
