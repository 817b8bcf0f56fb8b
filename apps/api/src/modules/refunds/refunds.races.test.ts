import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, newAdmin, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { testDatabaseKind } from '../../test/database';
import { payOnSandbox } from '../../test/deposits';
import { recordingLog } from '../../test/log';
import { adminAudit } from '../audit/audit.tables';
import { runDueJobs } from '../jobs/jobs.service';
import { sandboxRefunds } from '../payments/sandbox.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { creditDeposit, walletBalance } from '../wallet/wallet.service';
import { refunds } from './refunds.tables';

/**
 * Double clicks and two admins at once (decision 0048), on PostgreSQL: PGlite has one connection,
 * so only a server shows requests really running side by side.
 */

const ROUNDS = 20;
let app: TestApp;
let admin: BrowserSession;
let productIds: number[];
let fundings = 8_000_000;

describe.runIf(testDatabaseKind() === 'postgres')('refunds at the same moment (PostgreSQL)', () => {
  beforeAll(async () => {
    app = await createTestApp({ SANDBOX_WEBHOOK_SECRET: 'sandbox-secret-for-the-refund-races-0123' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const created = await createCatalogue(
      app.db,
      Array.from({ length: 4 }, (_, index) => ({
        slug: `race-prompt-${index}`,
        category: 'portraits',
        priceCents: 1500,
        title: `Race prompt ${index}`,
      })),
    );
    productIds = Array.from({ length: 4 }, (_, index) => created.products[`race-prompt-${index}`] as number);
    admin = await newAdmin(app, 'racing-refunds-boss@example.test');
  });
  afterAll(() => app?.close());
  afterEach(async () => {
    expect(await ledgerProblems(app.db)).toEqual([]);
  });

  async function boughtOrder(index: number) {
    const { session, profile } = await registerVerifiedUser(app);
    fundings += 1;
    await creditDeposit(app.db, { userId: profile.id, provider: 'test', depositId: fundings, amount: 5000 });
    const bought = await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: productIds[index] });
    expect(bought.statusCode).toBe(200);
    return { userId: profile.id, orderId: bought.json().payload.order_id as number };
  }

  const refund = (body: Record<string, unknown>, key?: string) =>
    call(app, admin, 'POST', '/api/admin/refunds', body, key ? { 'idempotency-key': key } : {});

  it(`refunds once for ${ROUNDS} clicks with one Idempotency-Key`, async () => {
    const { userId, orderId } = await boughtOrder(0);
    const answers = await Promise.all(
      Array.from({ length: ROUNDS }, () =>
        refund({ order_id: orderId, reason: 'Double click' }, 'race-key-1'),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // The first runs; the others wait for its answer or are told it is still being answered.
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    const refunded = answers
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => answer.json().payload.id);
    expect(new Set(refunded).size).toBe(1);
    expect(await app.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    expect(await walletBalance(app.db, userId)).toBe(5000);
  });

  it(`refunds once when ${ROUNDS} requests without a shared key ask for the whole order`, async () => {
    const { userId, orderId } = await boughtOrder(1);
    const answers = await Promise.all(
      Array.from({ length: ROUNDS }, (_, round) =>
        refund({ order_id: orderId, reason: 'Two admins' }, `race-order-${orderId}-${round}`),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(ROUNDS - 1);
    expect(await walletBalance(app.db, userId)).toBe(5000);
    const audited = await app.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.subjectId, String(orderId)));
    expect(audited.filter((entry) => entry.action === 'refund.order')).toHaveLength(1);
  });

  it(`adds ${ROUNDS} partial refunds at once up to the price, never beyond`, async () => {
    const { userId, orderId } = await boughtOrder(2);
    // 20 refunds of 1.00 against 15.00 paid: 15 succeed.
    const answers = await Promise.all(
      Array.from({ length: ROUNDS }, (_, round) =>
        refund({ order_id: orderId, amount: '1', reason: 'Bit by bit' }, `race-part-${orderId}-${round}`),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(15);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(5);
    expect(await walletBalance(app.db, userId)).toBe(5000);
  });

  it(`refunds a deposit once at the provider for ${ROUNDS} requests at once`, async () => {
    const { session, profile } = await registerVerifiedUser(app);
    const order = (
      await call(app, session, 'POST', '/api/deposit/checkout', {
        amount: '25.00',
        currency: 'EUR',
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.test',
        phone: '+44 20 7946 0000',
        country: 'GB',
        city: 'London',
        address: '12 St James Square',
        post_code: 'SW1Y 4JH',
        terms: true,
        payment_method_id: 'card',
      })
    ).json();
    await payOnSandbox(app, order.redirect_url);
    await runDueJobs(app.db, app.paymentJobs, recordingLog());
    expect(await walletBalance(app.db, profile.id)).toBe(2500);
    const answers = await Promise.all(
      Array.from({ length: ROUNDS }, (_, round) =>
        refund({ deposit_id: order.order_id, reason: 'Two admins' }, `race-deposit-${round}`),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(ROUNDS - 1);
    expect(await walletBalance(app.db, profile.id)).toBe(0);
    const atSandbox = await app.db.select().from(sandboxRefunds);
    expect(atSandbox.map((one) => one.amountMinor)).toEqual([2500]);
  });
});
