import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../db/paths';
import { type BrowserSession, call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { cardDepositForm } from '../../test/deposits';
import { recordingLog } from '../../test/log';
import type { PaymentEvent } from '../payments/provider';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { applyPaymentEvent } from './deposits.events';
import { type DepositRow, deposits } from './deposits.tables';

/**
 * A deposit's failure is stored as a code beside its message, when it fails: the status answers
 * the code from the column (`error_code`), and the message as it was stored (`error_message`).
 */

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

async function started(): Promise<{ session: BrowserSession; orderId: number; ref: string }> {
  const { session } = await registerVerifiedUser(app);
  const response = await call(app, session, 'POST', '/api/deposit/checkout', cardDepositForm);
  expect(response.statusCode).toBe(200);
  const orderId: number = response.json().order_id;
  return { session, orderId, ref: (await row(orderId)).providerRef ?? '' };
}

async function row(id: number): Promise<DepositRow> {
  const [found] = await app.db.select().from(deposits).where(eq(deposits.id, id));
  if (!found) throw new Error(`no deposit ${id}`);
  return found;
}

async function status(session: BrowserSession, orderId: number) {
  return (await call(app, session, 'GET', `/api/deposit/status?order_id=${orderId}`)).json().order;
}

let events = 0;
function apply(ref: string, event: Omit<PaymentEvent, 'id' | 'ref'>) {
  events += 1;
  return applyPaymentEvent(
    app.db,
    app.payments.name,
    { id: `evt_failure_code_${events}`, ref, ...event },
    recordingLog(),
  );
}

describe("a deposit's failure code", () => {
  it('is stored when the provider declines the card, and the status answers it from there, not from the message', async () => {
    const { session, orderId, ref } = await started();
    await apply(ref, {
      type: 'failed',
      failure: 'declined',
      message: 'Your card was declined.',
      declineCode: 'expired_card',
    });
    expect(await row(orderId)).toMatchObject({
      status: 'failed',
      failureCode: 'declined',
      errorMessage: 'Your card was declined.',
    });
    // The words may change (or be another provider's); the code stays what was stored.
    await app.db.update(deposits).set({ errorMessage: 'Card refused.' }).where(eq(deposits.id, orderId));
    expect(await status(session, orderId)).toMatchObject({
      status: 'failed',
      error_message: 'Card refused.',
      error_code: 'declined',
      decline_code: 'expired_card',
    });
  });

  it("is a plain failure for a reason in the provider's own words, which the status answers as they came", async () => {
    const { session, orderId, ref } = await started();
    await apply(ref, { type: 'failed', message: 'Declined' });
    expect((await row(orderId)).failureCode).toBe('failed');
    expect(await status(session, orderId)).toMatchObject({
      status: 'failed',
      error_message: 'Declined',
      error_code: 'failed',
      decline_code: null,
    });
  });

  it("is the kind the provider reported, whatever its words: a decline in other words is a decline, the decline's words with another kind are not", async () => {
    const declined = await started();
    await apply(declined.ref, { type: 'failed', failure: 'declined', message: 'Karte abgelehnt.' });
    expect(await row(declined.orderId)).toMatchObject({
      status: 'failed',
      failureCode: 'declined',
      errorMessage: 'Karte abgelehnt.',
    });
    expect(await status(declined.session, declined.orderId)).toMatchObject({
      error_code: 'declined',
      error_message: 'Karte abgelehnt.',
    });

    const failed = await started();
    await apply(failed.ref, { type: 'failed', failure: 'failed', message: 'Your card was declined.' });
    expect(await row(failed.orderId)).toMatchObject({ status: 'failed', failureCode: 'failed' });

    const wordless = await started();
    await apply(wordless.ref, { type: 'failed', failure: 'declined' });
    expect(await row(wordless.orderId)).toMatchObject({
      failureCode: 'declined',
      errorMessage: 'Your card was declined.',
    });
  });

  it('is a decline for a checkout that expires after an attempt was refused, and is gone once the payment arrives after all', async () => {
    const { session, orderId, ref } = await started();
    await apply(ref, { type: 'refused', declineCode: 'insufficient_funds' });
    await apply(ref, { type: 'expired' });
    expect(await status(session, orderId)).toMatchObject({
      status: 'failed',
      error_message: 'Your card was declined.',
      error_code: 'declined',
      decline_code: 'insufficient_funds',
    });
    await apply(ref, { type: 'paid', amountMinor: 2500, currency: 'EUR' });
    expect(await row(orderId)).toMatchObject({ status: 'success', failureCode: null, errorMessage: null });
    expect(await status(session, orderId)).toMatchObject({ status: 'success', error_code: null });
  });

  it('is a review for a payment in another currency', async () => {
    const { session, orderId, ref } = await started();
    await apply(ref, { type: 'paid', amountMinor: 2500, currency: 'USD' });
    expect((await row(orderId)).failureCode).toBe('review');
    expect(await status(session, orderId)).toMatchObject({
      status: 'error',
      error_message: 'The payment needs a review by our team. Please contact support.',
      error_code: 'review',
    });
  });

  it('is a gateway error when the provider refuses to open the checkout', async () => {
    const { session } = await registerVerifiedUser(app);
    const createCheckout = app.payments.createCheckout;
    app.payments.createCheckout = async () => {
      throw new Error('the provider is down');
    };
    try {
      const response = await call(app, session, 'POST', '/api/deposit/checkout', cardDepositForm);
      expect(response.statusCode).toBe(503);
    } finally {
      app.payments.createCheckout = createCheckout;
    }
    const [deposit] = (await call(app, session, 'GET', '/api/deposit/history')).json().payload;
    expect((await row(deposit.id)).failureCode).toBe('gateway');
    expect(await status(session, deposit.id)).toMatchObject({
      status: 'error',
      error_message: 'Payment gateway error. Please try again later or use a different payment method.',
      error_code: 'gateway',
    });
  });
});

describe('the migration that adds the failure code', () => {
  const file = readdirSync(migrationsDir).find((name) => name.endsWith('_deposit_failure_code.sql'));
  const backfill = (file ? readFileSync(path.join(migrationsDir, file), 'utf8') : '')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .find((statement) => statement.includes('UPDATE'));

  it('gives each deposit that failed before it the code its message named, and a plain failure for any other', async () => {
    expect(backfill).toBeDefined();
    const stored: [DepositRow['status'], string | null, string | null][] = [
      ['failed', 'Your card was declined.', 'declined'],
      ['failed', 'The payment failed.', 'failed'],
      ['failed', 'The payment was not completed in time.', 'expired'],
      ['error', 'The payment needs a review by our team. Please contact support.', 'review'],
      [
        'error',
        'Payment gateway error. Please try again later or use a different payment method.',
        'gateway',
      ],
      ['failed', 'Declined', 'failed'],
      ['failed', null, 'failed'],
      ['success', null, null],
      ['processing', null, null],
    ];
    const ids: number[] = [];
    for (const [depositStatus, errorMessage] of stored) {
      const { orderId } = await started();
      await app.db
        .update(deposits)
        .set({ status: depositStatus, errorMessage, failureCode: null })
        .where(eq(deposits.id, orderId));
      ids.push(orderId);
    }
    await app.db.execute(sql.raw(backfill ?? ''));
    const codes = await Promise.all(ids.map(async (id) => (await row(id)).failureCode));
    expect(codes).toEqual(stored.map(([, , code]) => code));
  });
});
