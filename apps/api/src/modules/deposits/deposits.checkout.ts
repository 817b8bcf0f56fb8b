import { formatMinorUnits } from '@promptmarket/contracts';
import { BASE_CURRENCY } from '@promptmarket/contracts/base-currency';
import type { DepositForm, PaymentMethod } from '@promptmarket/contracts/deposits';
import { chosenPaymentMethod, minimumDepositMinor } from '@promptmarket/contracts/deposits';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { keyReused } from '../../lib/idempotency';
import { lockActiveAccount } from '../accounts/accounts.locks';
import { countryIsoOf } from '../content/content.service';
import type { PaymentProvider } from '../payments/provider';
import { internalAmountOf } from '../site/site.rates';
import { findCurrency, getStoredSettings } from '../site/site.service';
import { GATEWAY } from './deposits.failures';
import { type DepositRow, deposits } from './deposits.tables';

/**
 * Starting a deposit (decision 0015): the amount is checked against the minimum in the payer's
 * currency and the provider's checkout is created. The wallet is credited later, only when the
 * provider confirms the payment (deposits.events.ts, deposits.reconcile.ts).
 */

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
      .set({ status: 'error', errorMessage: GATEWAY.message, failureCode: GATEWAY.code })
      .where(and(eq(deposits.id, created.id), isNull(deposits.providerRef)));
    throw new AppError('SERVICE_UNAVAILABLE', GATEWAY.message);
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
