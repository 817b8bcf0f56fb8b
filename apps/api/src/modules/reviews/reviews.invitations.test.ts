import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { recordingLog } from '../../test/log';
import { type ReceivedMail, startSmtpServer } from '../../test/smtp';
import { users } from '../accounts/accounts.tables';
import { runDueJobs } from '../jobs/jobs.service';
import { jobs } from '../jobs/jobs.tables';
import { MAIL_QUEUE, mailJob, smtpSender } from '../mail/mail.service';
import { REVIEW_INVITATION_DELAY_MS, REVIEW_INVITATION_QUEUE } from '../orders/orders.service';
import { orderItems } from '../orders/orders.tables';
import { creditDeposit } from '../wallet/wallet.service';
import { reviewInvitationJob } from './reviews.invitations';

/**
 * A few days after a purchase its buyer gets one mail inviting a review of the order's prompts,
 * through the real SMTP server of the tests: not when they turned the optional mails off, and
 * only for the prompts still owned and not yet reviewed.
 */

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let products: Record<string, number>;
let deposits = 7_400_000;
const log = recordingLog();

const slugs = ['fjord', 'orchid', 'comet', 'quarry', 'lagoon', 'beacon'] as const;
const id = (slug: (typeof slugs)[number]) => products[slug] as number;

beforeAll(async () => {
  app = await createTestApp();
  smtp = await startSmtpServer();
  const created = await createCatalogue(
    app.db,
    slugs.map((slug) => ({
      slug,
      category: 'portraits',
      priceCents: 150,
      title: `Prompt ${slug}`,
      titleDe: `Vorlage ${slug}`,
    })),
  );
  products = created.products;
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** A signed-in user, in `locale`, who bought the given prompts in one order. */
async function buyerOf(productIds: number[], locale = 'en') {
  const { session, profile, email } = await registerVerifiedUser(app);
  await app.db.update(users).set({ locale }).where(eq(users.id, profile.id));
  deposits += 1;
  await creditDeposit(app.db, {
    userId: profile.id,
    provider: 'sandbox',
    depositId: deposits,
    amount: 10_000,
  });
  for (const productId of productIds) {
    expect((await call(app, session, 'POST', '/api/cart', { product_id: productId })).statusCode).toBe(200);
  }
  const bought = await call(app, session, 'POST', '/api/purchase/cart', {});
  expect(bought.statusCode, bought.body).toBe(200);
  return { session, userId: profile.id, email };
}

/** The invitation jobs queued for a user's orders. */
function invitationsOf(userId: string) {
  return app.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, REVIEW_INVITATION_QUEUE), sql`${jobs.payload}->>'user_id' = ${userId}`));
}

/** The days pass: the user's invitations fall due, and the workers run what is due. */
async function daysLater(userId: string) {
  await app.db
    .update(jobs)
    .set({ runAt: new Date(0) })
    .where(and(eq(jobs.queue, REVIEW_INVITATION_QUEUE), sql`${jobs.payload}->>'user_id' = ${userId}`));
  const handlers = {
    [REVIEW_INVITATION_QUEUE]: reviewInvitationJob(app.db),
    [MAIL_QUEUE]: mailJob(app.db, smtpSender(smtp.url, 'shop@example.test')),
  };
  // The invitation's job puts the mail in the outbox; the mail's job sends it.
  while ((await runDueJobs(app.db, handlers, log)) > 0);
}

/** The invitations the SMTP server received for `email` (their subjects in English or German). */
const invitationsTo = (email: string): ReceivedMail[] =>
  smtp.received.filter(
    (mail) => mail.to.includes(email) && /^Subject: (How do you like|Wie gefallen dir)/m.test(mail.raw),
  );

const review = (session: BrowserSession, productId: number, stars: number) =>
  call(app, session, 'POST', `/api/products/${productId}/reviews`, { stars });

describe('the invitation to review a purchase', () => {
  it('is queued once per order for a few days later, and mailed then once, in the buyer’s language', async () => {
    const before = Date.now();
    const { userId, email } = await buyerOf([id('fjord'), id('orchid')], 'de');
    const [queued, ...more] = await invitationsOf(userId);
    expect(more).toEqual([]);
    expect(queued?.status).toBe('pending');
    expect(queued?.runAt.getTime()).toBeGreaterThanOrEqual(before + REVIEW_INVITATION_DELAY_MS - 1000);
    expect(queued?.runAt.getTime()).toBeLessThanOrEqual(Date.now() + REVIEW_INVITATION_DELAY_MS);
    // Not before its time.
    await runDueJobs(app.db, { [REVIEW_INVITATION_QUEUE]: reviewInvitationJob(app.db) }, log);
    expect(invitationsTo(email)).toEqual([]);

    await daysLater(userId);
    const [mail, ...again] = invitationsTo(email);
    expect(again).toEqual([]);
    const orderId = (queued?.payload as { order_id: number } | undefined)?.order_id;
    expect(mail?.raw).toContain(`Subject: Wie gefallen dir deine Prompts aus Bestellung Nr. ${orderId}?`);
    expect(mail?.raw).toContain('Vorlage fjord');
    expect(mail?.raw).toContain('Vorlage orchid');
    // Two prompts: the link leads to the orders, where each has its page.
    expect(mail?.raw).toMatch(/http:\/\/\S+\/de\/dashboard\/orders/);

    // The job is done: the workers running again send nothing more.
    await daysLater(userId);
    expect(invitationsTo(email)).toHaveLength(1);
  });

  it('names only the prompts not yet reviewed, linking to the one left', async () => {
    const { session, userId, email } = await buyerOf([id('comet'), id('quarry')]);
    expect((await review(session, id('comet'), 4)).statusCode).toBe(200);
    await daysLater(userId);
    const [mail] = invitationsTo(email);
    expect(mail?.raw).toContain('Prompt quarry');
    expect(mail?.raw).not.toContain('Prompt comet');
    expect(mail?.raw).toMatch(/http:\/\/\S+\/en\/products\/quarry#reviews/);
  });

  it('is not sent when every prompt is reviewed, refunded, or the buyer turned the optional mails off', async () => {
    const reviewed = await buyerOf([id('lagoon')]);
    expect((await review(reviewed.session, id('lagoon'), 5)).statusCode).toBe(200);

    const refunded = await buyerOf([id('beacon')]);
    await app.db
      .update(orderItems)
      .set({ refundedAt: new Date() })
      .where(and(eq(orderItems.userId, refunded.userId), eq(orderItems.productId, id('beacon'))));

    const quiet = await buyerOf([id('fjord')]);
    const off = await call(app, quiet.session, 'PUT', '/api/user/mail-preferences', {
      optional_mails: false,
    });
    expect(off.statusCode, off.body).toBe(200);

    for (const buyer of [reviewed, refunded, quiet]) {
      await daysLater(buyer.userId);
      expect(invitationsTo(buyer.email), buyer.email).toEqual([]);
      // Each was looked at and is done, not left to try again.
      expect((await invitationsOf(buyer.userId)).map((job) => job.status)).toEqual(['done']);
    }
  });
});
