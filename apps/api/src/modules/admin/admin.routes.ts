import { randomUUID } from 'node:crypto';
import { errorResponses, minorUnitsToNumber, parseMinorUnits } from '@promptmarket/contracts';
import { adminDepositsResponse, adminStatsResponse } from '@promptmarket/contracts/admin';
import { verificationDocuments } from '@promptmarket/contracts/verification';
import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { attachmentDisposition, sendPrivateFile } from '../../lib/private-file';
import { unseal } from '../../lib/sealed';
import { requireRole, signedInUser } from '../../plugins/auth';
import { profileOf } from '../accounts/accounts.service';
import { users } from '../accounts/accounts.tables';
import { forgetCatalogueCounts, forgetCatalogueMenus } from '../catalogue/catalogue.service';
import { deposits } from '../deposits/deposits.tables';
import { declineByService, makeCounterOffer, publishOffer, settlePayout } from '../offers/offers.service';
import { offers, payouts } from '../offers/offers.tables';
import { generations, orders } from '../orders/orders.tables';
import { endUserSessions } from '../session/session.service';
import { approveVerification, declineVerification } from '../verification/verification.service';
import { type VerificationRow, verifications } from '../verification/verification.tables';
import { lastLedgerCheck } from '../wallet/wallet.check';
import { adjustBalance, walletBalance } from '../wallet/wallet.service';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../wallet/wallet.tables';
import { audited } from './admin.audit';
import { adminCatalogueRoutes } from './admin.catalogue.routes';
import { adminContentRoutes } from './admin.content.routes';
import { escapeLike, listAnswer } from './admin.lists';
import { adminAudit } from './admin.tables';
import { adminTwoFactorRoutes } from './admin.two-factor.routes';

/**
 * The back office's queues (issue: the back office): offers waiting for a price, identity
 * documents waiting for review, payouts waiting to be paid, and the audit log. Admins only; every
 * action is audited in its own transaction.
 */

const id = z.coerce.number('field.invalid').int('field.invalid').positive('field.invalid').max(2_147_483_647);
const idParams = z.object({ id });
const page = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
const reasonBody = z.object({
  reason: z.string('field.invalid').trim().min(3, 'field.invalid').max(500, 'field.too_long'),
});

async function countOf(
  db: Db,
  table: typeof offers | typeof payouts | typeof verifications | typeof adminAudit,
  where?: SQL,
) {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table).where(where);
  return row?.count ?? 0;
}

const okAnswer = z.object({ status: z.literal('OK'), message: z.string() });
const anyList = z.object({
  status: z.literal('OK'),
  payload: z.object({ data: z.array(z.any()), meta: z.any() }),
});

/** Every admin route as declared (method and path), for the access test that covers them all. */
export const adminRouteTable = new Map<string, { method: string; url: string }>();

export async function adminRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      adminRouteTable.set(`${method} ${route.url}`, { method, url: route.url });
    }
  });
  app.addHook('preValidation', requireRole('admin'));
  await app.register(adminTwoFactorRoutes);
  await app.register(adminCatalogueRoutes);
  await app.register(adminContentRoutes);
  const answers = { 200: okAnswer, ...errorResponses };

  /* Dashboard */

  app.get(
    '/admin/stats',
    {
      schema: {
        summary: 'Today’s and this month’s figures, the queues waiting, and the last ledger check',
        response: { 200: adminStatsResponse, ...errorResponses },
      },
    },
    async () => {
      const since = (period: 'day' | 'month') => sql`date_trunc(${period}, now())`;
      const figures = async (period: 'day' | 'month') => {
        const [sales, depositRow, generationRow, userRow] = await Promise.all([
          app.db
            .select({
              count: sql<number>`count(*)::int`,
              total: sql<string>`coalesce(sum(${orders.total}), 0)`,
            })
            .from(orders)
            .where(sql`${orders.createdAt} >= ${since(period)}`),
          app.db
            .select({
              count: sql<number>`count(*)::int`,
              total: sql<string>`coalesce(sum(${deposits.internalAmount}), 0)`,
            })
            .from(deposits)
            .where(and(eq(deposits.status, 'success'), sql`${deposits.createdAt} >= ${since(period)}`)),
          app.db
            .select({ count: sql<number>`count(*)::int` })
            .from(generations)
            .where(and(eq(generations.status, 'done'), sql`${generations.createdAt} >= ${since(period)}`)),
          app.db
            .select({ count: sql<number>`count(*)::int` })
            .from(users)
            .where(sql`${users.createdAt} >= ${since(period)}`),
        ]);
        return {
          sales: { count: sales[0]?.count ?? 0, total: minorUnitsToNumber(Number(sales[0]?.total ?? 0)) },
          deposits: {
            count: depositRow[0]?.count ?? 0,
            total: minorUnitsToNumber(Number(depositRow[0]?.total ?? 0)),
          },
          generations: generationRow[0]?.count ?? 0,
          new_users: userRow[0]?.count ?? 0,
        };
      };
      const [today, month, pendingOffers, pendingVerifications, requestedPayouts, ledgerCheck] =
        await Promise.all([
          figures('day'),
          figures('month'),
          countOf(app.db, offers, eq(offers.status, 'pending')),
          countOf(app.db, verifications, eq(verifications.status, 'pending')),
          countOf(app.db, payouts, eq(payouts.status, 'requested')),
          lastLedgerCheck(app.db),
        ]);
      return {
        status: 'OK' as const,
        payload: {
          today,
          month,
          queues: { offers: pendingOffers, verifications: pendingVerifications, payouts: requestedPayouts },
          ledger_check: ledgerCheck && {
            checked_at: ledgerCheck.checkedAt.toISOString(),
            problems: ledgerCheck.problems,
          },
        },
      };
    },
  );

  /* Offers */

  app.get(
    '/admin/offers',
    {
      schema: {
        summary: 'Offers, newest first, by status',
        querystring: page.extend({ status: z.enum(offers.status.enumValues).optional() }),
        response: { 200: anyList, ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query;
      const where = query.status ? eq(offers.status, query.status) : undefined;
      const rows = await app.db
        .select({ offer: offers, email: users.email })
        .from(offers)
        .innerJoin(users, eq(users.id, offers.userId))
        .where(where)
        .orderBy(desc(offers.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      const data = rows.map(({ offer, email }) => ({
        id: offer.id,
        title: offer.title,
        description: offer.description,
        user_id: offer.userId,
        email,
        category_id: offer.categoryId,
        user_price: minorUnitsToNumber(offer.userPriceCents),
        service_price: offer.servicePriceCents === null ? null : minorUnitsToNumber(offer.servicePriceCents),
        status: offer.status,
        media_kind: offer.mediaKind,
        media_url: `/api/admin/offers/${offer.id}/media`,
        product_id: offer.productId,
        created_at: offer.createdAt.toISOString(),
      }));
      return listAnswer(data, await countOf(app.db, offers, where), query);
    },
  );

  app.get(
    '/admin/offers/:id/media',
    { schema: { summary: 'The file of an offer, to look at', params: idParams } },
    async (request, reply) => {
      const [offer] = await app.db.select().from(offers).where(eq(offers.id, request.params.id));
      if (!offer) throw AppError.notFound();
      const file = await app.storage.createReadStream('private', offer.mediaKey);
      if (!file) throw AppError.notFound();
      const inline = ['jpeg', 'png', 'gif', 'webp'].includes(offer.mediaKind);
      return reply
        .header('content-type', offer.mediaContentType)
        .header('content-disposition', inline ? 'inline' : attachmentDisposition(offer.mediaFilename))
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  const offerSnapshot = async (db: Db, offerId: number) => {
    const [row] = await db.select().from(offers).where(eq(offers.id, offerId));
    if (!row) throw AppError.notFound();
    return { status: row.status, service_price_cents: row.servicePriceCents };
  };

  app.post(
    '/admin/offers/:id/counter',
    {
      schema: {
        summary: 'Answer a pending offer with the service’s price (EUR)',
        params: idParams,
        body: z.object({
          service_price: z.coerce
            .number('price.invalid')
            .positive('price.invalid')
            .max(1_000_000, 'price.invalid'),
        }),
        response: answers,
      },
    },
    async (request) => {
      const offerId = request.params.id;
      const cents = Math.round(request.body.service_price * 100);
      await audited(
        app.db,
        {
          adminId: signedInUser(request).id,
          action: 'offer.counter',
          subject: { type: 'offer', id: offerId },
        },
        async (tx) => {
          const before = await offerSnapshot(tx, offerId);
          await makeCounterOffer(tx, offerId, cents);
          return { result: null, before, after: await offerSnapshot(tx, offerId) };
        },
      );
      return { status: 'OK' as const, message: 'Counter-offer sent' };
    },
  );

  app.post(
    '/admin/offers/:id/decline',
    {
      schema: {
        summary: 'Decline an offer for the service',
        params: idParams,
        body: reasonBody,
        response: answers,
      },
    },
    async (request) => {
      const offerId = request.params.id;
      await audited(
        app.db,
        {
          adminId: signedInUser(request).id,
          action: 'offer.decline',
          subject: { type: 'offer', id: offerId },
        },
        async (tx) => {
          const before = await offerSnapshot(tx, offerId);
          await declineByService(tx, offerId);
          return {
            result: null,
            before,
            after: { ...(await offerSnapshot(tx, offerId)), reason: request.body.reason },
          };
        },
      );
      return { status: 'OK' as const, message: 'Offer declined' };
    },
  );

  app.post(
    '/admin/offers/:id/publish',
    {
      schema: {
        summary: 'Make an accepted offer’s picture a product of the shop',
        params: idParams,
        body: z.object({
          price: z.coerce.number('price.invalid').positive('price.invalid').max(1_000_000, 'price.invalid'),
          prompt: z.string('prompt.required').trim().min(3, 'prompt.required').max(4000, 'field.too_long'),
        }),
        response: {
          200: z.object({
            status: z.literal('OK'),
            message: z.string(),
            payload: z.object({ product_id: z.number() }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const offerId = request.params.id;
      const productId = await audited(
        app.db,
        {
          adminId: signedInUser(request).id,
          action: 'offer.publish',
          subject: { type: 'offer', id: offerId },
        },
        async (tx) => {
          const id = await publishOffer(tx, app.storage, {
            offerId,
            priceCents: Math.round(request.body.price * 100),
            prompt: request.body.prompt,
          });
          return { result: id, before: { product_id: null }, after: { product_id: id } };
        },
      );
      forgetCatalogueCounts(app.db);
      forgetCatalogueMenus(app.db);
      return { status: 'OK' as const, message: 'Offer published', payload: { product_id: productId } };
    },
  );

  /* Identity verifications */

  app.get(
    '/admin/verifications',
    {
      schema: {
        summary: 'Identity verifications, oldest pending first',
        querystring: page.extend({ status: z.enum(verifications.status.enumValues).optional() }),
        response: { 200: anyList, ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query;
      const where = query.status ? eq(verifications.status, query.status) : undefined;
      const rows = await app.db
        .select({ verification: verifications, email: users.email })
        .from(verifications)
        .innerJoin(users, eq(users.id, verifications.userId))
        .where(where)
        .orderBy(query.status === 'pending' ? verifications.id : desc(verifications.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      const data = rows.map(({ verification, email }) => ({
        id: verification.id,
        user_id: verification.userId,
        email,
        status: verification.status,
        reason: verification.reason,
        full_name: verification.fullName,
        phone: verification.phone,
        date_of_birth: verification.dateOfBirth,
        nationality: verification.nationality,
        country: verification.country,
        city: verification.city,
        document_type: verification.documentType,
        documents: verificationDocuments.map((field) => ({
          field,
          url: `/api/admin/verifications/${verification.id}/documents/${field}`,
        })),
        created_at: verification.createdAt.toISOString(),
      }));
      return listAnswer(data, await countOf(app.db, verifications, where), query);
    },
  );

  app.get(
    '/admin/verifications/:id/documents/:field',
    {
      schema: {
        summary: 'One identity document, to admins only',
        params: idParams.extend({ field: z.enum(verificationDocuments, 'field.invalid') }),
      },
    },
    async (request, reply) => {
      const [row] = await app.db.select().from(verifications).where(eq(verifications.id, request.params.id));
      const document = row
        ? (JSON.parse(row.documents) as Record<string, { key: string; filename: string }>)[
            request.params.field
          ]
        : undefined;
      if (!document) throw AppError.notFound();
      return sendPrivateFile(reply, app.storage, document.key, { filename: document.filename });
    },
  );

  const verificationSnapshot = (row: VerificationRow | undefined) =>
    row ? { status: row.status, reason: row.reason } : null;

  for (const action of ['approve', 'decline'] as const) {
    app.post(
      `/admin/verifications/:id/${action}`,
      {
        schema: {
          summary: action === 'approve' ? 'Approve a pending verification' : 'Decline a pending verification',
          params: idParams,
          ...(action === 'decline' ? { body: reasonBody } : {}),
          response: answers,
        },
      },
      async (request) => {
        const verificationId = request.params.id;
        await audited(
          app.db,
          {
            adminId: signedInUser(request).id,
            action: `verification.${action}`,
            subject: { type: 'verification', id: verificationId },
          },
          async (tx) => {
            const [before] = await tx
              .select()
              .from(verifications)
              .where(eq(verifications.id, verificationId));
            const after =
              action === 'approve'
                ? await approveVerification(tx, verificationId)
                : await declineVerification(tx, verificationId, (request.body as { reason: string }).reason);
            return {
              result: null,
              before: verificationSnapshot(before),
              after: { status: after.status, reason: after.reason },
            };
          },
        );
        return {
          status: 'OK' as const,
          message: action === 'approve' ? 'Verification approved' : 'Verification declined',
        };
      },
    );
  }

  /* Payouts */

  app.get(
    '/admin/payouts',
    {
      schema: {
        summary: 'Payouts of accepted offers, with masked destinations',
        querystring: page.extend({ status: z.enum(payouts.status.enumValues).optional() }),
        response: { 200: anyList, ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query;
      const where = query.status ? eq(payouts.status, query.status) : undefined;
      const rows = await app.db
        .select({ payout: payouts, email: users.email })
        .from(payouts)
        .innerJoin(users, eq(users.id, payouts.userId))
        .where(where)
        .orderBy(query.status === 'requested' ? payouts.id : desc(payouts.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      const data = rows.map(({ payout, email }) => ({
        id: payout.id,
        offer_id: payout.offerId,
        user_id: payout.userId,
        email,
        method: payout.method,
        amount: minorUnitsToNumber(payout.amountCents),
        currency: 'EUR',
        destination: payout.destinationMasked,
        status: payout.status,
        failure_reason: payout.failureReason,
        created_at: payout.createdAt.toISOString(),
      }));
      return listAnswer(data, await countOf(app.db, payouts, where), query);
    },
  );

  app.get(
    '/admin/payouts/:id',
    {
      schema: {
        summary: 'One payout with its full card or bank details (the view is audited)',
        params: idParams,
      },
    },
    async (request) => {
      const payoutId = request.params.id;
      const appKey = app.config.appKey;
      if (!appKey) throw new Error('payout details need APP_KEY to be opened');
      return audited(
        app.db,
        {
          adminId: signedInUser(request).id,
          action: 'payout.view',
          subject: { type: 'payout', id: payoutId },
        },
        async (tx) => {
          const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId));
          if (!payout) throw AppError.notFound();
          return {
            result: {
              status: 'OK' as const,
              payload: {
                id: payout.id,
                offer_id: payout.offerId,
                method: payout.method,
                amount: minorUnitsToNumber(payout.amountCents),
                currency: 'EUR',
                status: payout.status,
                details: unseal(appKey, 'payout-details', payout.detailsSealed),
              },
            },
            before: null,
            after: null,
          };
        },
      );
    },
  );

  const payoutSnapshot = async (db: Db, payoutId: number) => {
    const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
    if (!row) throw AppError.notFound();
    return { status: row.status, failure_reason: row.failureReason };
  };

  app.post(
    '/admin/payouts/:id/paid',
    { schema: { summary: 'The payout has been sent', params: idParams, response: answers } },
    async (request) => {
      const payoutId = request.params.id;
      await audited(
        app.db,
        {
          adminId: signedInUser(request).id,
          action: 'payout.paid',
          subject: { type: 'payout', id: payoutId },
        },
        async (tx) => {
          const before = await payoutSnapshot(tx, payoutId);
          await settlePayout(tx, payoutId, { paid: true });
          return { result: null, before, after: await payoutSnapshot(tx, payoutId) };
        },
      );
      return { status: 'OK' as const, message: 'Payout marked as paid' };
    },
  );

  app.post(
    '/admin/payouts/:id/failed',
    {
      schema: {
        summary: 'The payout failed: what was owed is reversed',
        params: idParams,
        body: reasonBody,
        response: answers,
      },
    },
    async (request) => {
      const payoutId = request.params.id;
      await audited(
        app.db,
        {
          adminId: signedInUser(request).id,
          action: 'payout.failed',
          subject: { type: 'payout', id: payoutId },
        },
        async (tx) => {
          const before = await payoutSnapshot(tx, payoutId);
          await settlePayout(tx, payoutId, { paid: false, reason: request.body.reason });
          return { result: null, before, after: await payoutSnapshot(tx, payoutId) };
        },
      );
      return { status: 'OK' as const, message: 'Payout marked as failed' };
    },
  );

  /* Users */

  app.get(
    '/admin/users',
    {
      schema: {
        summary: 'Accounts, newest first, found by e-mail or name',
        querystring: page.extend({ search: z.string().trim().max(120).optional() }),
        response: { 200: anyList, ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query;
      const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
      const where = and(
        isNull(users.deletedAt),
        pattern
          ? or(
              ilike(users.email, pattern),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
            )
          : undefined,
      );
      const rows = await app.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      const [total] = await app.db.select({ count: sql<number>`count(*)::int` }).from(users).where(where);
      const data = await Promise.all(
        rows.map(async (user) => ({
          id: user.id,
          email: user.email,
          first_name: user.firstName,
          last_name: user.lastName,
          role: user.role,
          blocked: user.blockedAt !== null,
          is_email_verified: user.emailVerifiedAt !== null,
          balance: minorUnitsToNumber(await walletBalance(app.db, user.id)),
          created_at: user.createdAt.toISOString(),
        })),
      );
      return listAnswer(data, total?.count ?? 0, query);
    },
  );

  const findUser = async (db: Db, userId: string) => {
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    if (!user) throw AppError.notFound();
    return user;
  };
  const userParams = z.object({ id: z.uuid('field.invalid') });

  app.get(
    '/admin/users/:id',
    {
      schema: {
        summary: 'One account: profile, orders, deposits and ledger entries',
        params: userParams,
      },
    },
    async (request) => {
      const user = await findUser(app.db, request.params.id);
      const [profile, orderRows, depositRows, entries] = await Promise.all([
        profileOf(app.db, user),
        app.db.select().from(orders).where(eq(orders.userId, user.id)).orderBy(desc(orders.id)).limit(50),
        app.db
          .select()
          .from(deposits)
          .where(eq(deposits.userId, user.id))
          .orderBy(desc(deposits.id))
          .limit(50),
        app.db
          .select({
            id: ledgerEntries.id,
            amount: ledgerEntries.amount,
            kind: ledgerTransactions.kind,
            reference: ledgerTransactions.reference,
            metadata: ledgerTransactions.metadata,
            created_at: ledgerEntries.createdAt,
          })
          .from(ledgerEntries)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
          .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
          .where(eq(ledgerAccounts.userId, user.id))
          .orderBy(desc(ledgerEntries.id))
          .limit(100),
      ]);
      return {
        status: 'OK' as const,
        payload: {
          profile: { ...profile, blocked: user.blockedAt !== null },
          orders: orderRows.map((order) => ({
            id: order.id,
            total: minorUnitsToNumber(order.total),
            created_at: order.createdAt.toISOString(),
          })),
          deposits: depositRows.map((deposit) => ({
            id: deposit.id,
            status: deposit.status,
            amount: minorUnitsToNumber(deposit.amountMinor),
            currency: deposit.currency,
            internal_amount: minorUnitsToNumber(deposit.internalAmount),
            provider: deposit.provider,
            provider_ref: deposit.providerRef,
            created_at: deposit.createdAt.toISOString(),
          })),
          ledger: entries.map((entry) => ({
            ...entry,
            amount: minorUnitsToNumber(entry.amount),
            created_at: entry.created_at.toISOString(),
          })),
        },
      };
    },
  );

  for (const action of ['block', 'unblock'] as const) {
    app.post(
      `/admin/users/:id/${action}`,
      {
        schema: {
          summary:
            action === 'block'
              ? 'Block an account: it cannot sign in, its sessions end'
              : 'Unblock an account',
          params: userParams,
          response: answers,
        },
      },
      async (request) => {
        const adminId = signedInUser(request).id;
        if (action === 'block' && request.params.id === adminId) {
          throw new AppError('CONFLICT', 'You cannot block your own account.');
        }
        await audited(
          app.db,
          { adminId, action: `user.${action}`, subject: { type: 'user', id: request.params.id } },
          async (tx) => {
            const user = await findUser(tx, request.params.id);
            await tx
              .update(users)
              .set({ blockedAt: action === 'block' ? new Date() : null })
              .where(eq(users.id, user.id));
            if (action === 'block') await endUserSessions(tx, user.id);
            return {
              result: null,
              before: { blocked: user.blockedAt !== null },
              after: { blocked: action === 'block' },
            };
          },
        );
        return {
          status: 'OK' as const,
          message: action === 'block' ? 'Account blocked' : 'Account unblocked',
        };
      },
    );
  }

  app.post(
    '/admin/users/:id/adjust',
    {
      schema: {
        summary: 'Correct a balance through the ledger (a reason is required)',
        params: userParams,
        headers: z.object({
          'idempotency-key': z
            .string()
            .regex(/^[\w-]{8,100}$/, 'field.invalid')
            .optional(),
        }),
        body: reasonBody.extend({
          amount: z.union([z.string(), z.number()], 'amount.required').transform((value, context) => {
            const text = String(value).trim();
            const negative = text.startsWith('-');
            const minor = parseMinorUnits(negative ? text.slice(1) : text);
            if (minor === null || minor === 0 || minor > 100_000_000) {
              context.addIssue({ code: 'custom', message: 'amount.invalid' });
              return z.NEVER;
            }
            return negative ? -minor : minor;
          }),
        }),
        response: answers,
      },
    },
    async (request) => {
      const admin = signedInUser(request);
      const key = `adjustment:${request.headers['idempotency-key'] ?? randomUUID()}`;
      await audited(
        app.db,
        { adminId: admin.id, action: 'user.adjust', subject: { type: 'user', id: request.params.id } },
        async (tx) => {
          const user = await findUser(tx, request.params.id);
          const before = await walletBalance(tx, user.id);
          await adjustBalance(tx, {
            userId: user.id,
            amount: request.body.amount,
            key,
            reason: request.body.reason,
            adminId: admin.id,
          });
          const after = await walletBalance(tx, user.id);
          return {
            result: null,
            before: { balance: before },
            after: { balance: after, reason: request.body.reason },
          };
        },
      );
      return { status: 'OK' as const, message: 'Balance adjusted' };
    },
  );

  /* Deposits */

  app.get(
    '/admin/deposits',
    {
      schema: {
        summary: 'Deposits, newest first, with the provider’s references; search by e-mail or reference',
        querystring: page.extend({
          status: z.enum(deposits.status.enumValues).optional(),
          search: z.string().trim().max(120).optional(),
        }),
        response: { 200: adminDepositsResponse, ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query;
      const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
      const conditions = [
        query.status ? eq(deposits.status, query.status) : undefined,
        pattern && query.search
          ? or(ilike(users.email, pattern), eq(deposits.providerRef, query.search))
          : undefined,
      ].filter((condition): condition is SQL => condition !== undefined);
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const rows = await app.db
        .select({ deposit: deposits, email: users.email })
        .from(deposits)
        .innerJoin(users, eq(users.id, deposits.userId))
        .where(where)
        .orderBy(desc(deposits.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      const [total] = await app.db
        .select({ count: sql<number>`count(*)::int` })
        .from(deposits)
        .innerJoin(users, eq(users.id, deposits.userId))
        .where(where);
      const data = rows.map(({ deposit, email }) => ({
        id: deposit.id,
        user_id: deposit.userId,
        email,
        status: deposit.status,
        amount: minorUnitsToNumber(deposit.amountMinor),
        currency: deposit.currency,
        internal_amount: minorUnitsToNumber(deposit.internalAmount),
        provider: deposit.provider,
        provider_ref: deposit.providerRef,
        error_message: deposit.errorMessage,
        created_at: deposit.createdAt.toISOString(),
      }));
      return listAnswer(data, total?.count ?? 0, query);
    },
  );

  /* The audit log */

  app.get(
    '/admin/audit',
    {
      schema: {
        summary: 'The audit log, newest first',
        querystring: page.extend({
          action: z.string().max(60).optional(),
          subject_type: z.string().max(40).optional(),
          subject_id: z.string().max(60).optional(),
        }),
        response: { 200: anyList, ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query;
      const conditions = [
        query.action ? eq(adminAudit.action, query.action) : undefined,
        query.subject_type ? eq(adminAudit.subjectType, query.subject_type) : undefined,
        query.subject_id ? eq(adminAudit.subjectId, query.subject_id) : undefined,
      ].filter((condition): condition is SQL => condition !== undefined);
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const rows = await app.db
        .select({ entry: adminAudit, email: users.email })
        .from(adminAudit)
        .innerJoin(users, eq(users.id, adminAudit.adminId))
        .where(where)
        .orderBy(desc(adminAudit.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      const data = rows.map(({ entry, email }) => ({
        id: entry.id,
        admin_id: entry.adminId,
        admin_email: email,
        action: entry.action,
        subject_type: entry.subjectType,
        subject_id: entry.subjectId,
        before: entry.before,
        after: entry.after,
        created_at: entry.createdAt.toISOString(),
      }));
      return listAnswer(data, await countOf(app.db, adminAudit, where), query);
    },
  );
}
