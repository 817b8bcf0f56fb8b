import { minorUnitsToNumber } from '@promptmarket/contracts';
import { adminEndpoints } from '@promptmarket/contracts/admin.endpoints';
import { adminSepaEndpoints } from '@promptmarket/contracts/admin-sepa';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { sendPrivate } from '../../lib/private-file';
import { routeOf } from '../../plugins/schemas';
import { signedInUser } from '../accounts/accounts.plugin';
import { audited } from '../audit/audit.service';
import { openPayout, payoutSnapshot, payoutsForReview } from '../payouts/payouts.admin';
import { payoutBatchesPage } from '../payouts/payouts.exports';
import {
  cancelAtProvider,
  createSepaBatch,
  markPayoutPaid,
  sendCardPayout,
  sepaBatchFile,
  settlePayout,
} from '../payouts/payouts.service';
import { oncePerKey } from './admin.idempotency';
import { bulkFailure, listAnswer } from './admin.lists';

/**
 * The payouts queue: what is owed for accepted offers, opened (audited), a card payout sent
 * through its provider, the bank payouts exported as one SEPA file (marked sent) and then marked
 * paid, any payout failed.
 */
export async function adminPayoutsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  /** A failed payout's mail links to the seller's dashboard on this shop. */
  const settling = { appUrl: app.config.appUrl };
  const appKey = () => {
    if (!app.config.appKey) throw new Error('payout details need APP_KEY to be opened');
    return app.config.appKey;
  };
  /** The shop's own account, the debtor of the SEPA files. */
  const sepaDebtor = () => {
    if (!app.config.sepaDebtor) {
      throw AppError.conflict('payout.sepa_debtor_missing');
    }
    return app.config.sepaDebtor;
  };

  app.route({
    ...routeOf(adminEndpoints.payouts.list),
    handler: async (request) => {
      const { data, total } = await payoutsForReview(app.db, request.query);
      return listAnswer(data, total, request.query);
    },
  });

  app.route({
    ...routeOf(adminEndpoints.payouts.get),
    handler: async (request) => {
      const payoutId = request.params.id;
      const key = appKey();
      const payout = await audited(
        app.db,
        {
          adminId: signedInUser(request).id,
          action: 'payout.view',
          subject: { type: 'payout', id: payoutId },
        },
        async (tx) => ({
          result: await openPayout(tx, { payoutId, appKey: key }),
          before: null,
          after: null,
        }),
      );
      return { status: 'OK' as const, payload: payout };
    },
  });

  app.route({
    ...routeOf(adminEndpoints.payouts.send),
    handler: async (request) => {
      return oncePerKey(app.db, request, async () => {
        const payoutId = request.params.id;
        const before = await payoutSnapshot(app.db, payoutId);
        // The provider is another system: it is asked outside the transaction that keeps the audit.
        await sendCardPayout(app.db, app.payoutProvider, payoutId, settling);
        await audited(
          app.db,
          {
            adminId: signedInUser(request).id,
            action: 'payout.send',
            subject: { type: 'payout', id: payoutId },
          },
          async (tx) => ({ result: null, before, after: await payoutSnapshot(tx, payoutId) }),
        );
        return { status: 'OK' as const, message: 'Payout sent' };
      });
    },
  });

  /** Marks one payout paid, audited. */
  const markPaidAudited = (adminId: string, payoutId: number) =>
    audited(
      app.db,
      { adminId, action: 'payout.paid', subject: { type: 'payout', id: payoutId } },
      async (tx) => {
        const before = await payoutSnapshot(tx, payoutId);
        await markPayoutPaid(tx, payoutId, settling);
        return { result: null, before, after: await payoutSnapshot(tx, payoutId) };
      },
    );

  app.route({
    ...routeOf(adminEndpoints.payouts.paid),
    handler: async (request) => {
      return oncePerKey(app.db, request, async () => {
        await markPaidAudited(signedInUser(request).id, request.params.id);
        return { status: 'OK' as const, message: 'Payout marked as paid' };
      });
    },
  });

  app.route({
    ...routeOf(adminEndpoints.payouts.paidMany),
    handler: async (request) => {
      return oncePerKey(app.db, request, async () => {
        const adminId = signedInUser(request).id;
        const locale = await request.locale();
        const done: number[] = [];
        const failed: { id: number; code: string; message: string }[] = [];
        // One after another, each in its own transaction: one that cannot be paid stops no other.
        for (const payoutId of [...new Set(request.body.ids)]) {
          try {
            await markPaidAudited(adminId, payoutId);
            done.push(payoutId);
          } catch (error) {
            failed.push(bulkFailure(payoutId, error, locale));
          }
        }
        const message =
          failed.length === 0
            ? 'Payouts marked as paid'
            : `${failed.length} of ${done.length + failed.length} failed`;
        return { status: 'OK' as const, message, payload: { done, failed } };
      });
    },
  });

  app.route({
    ...routeOf(adminEndpoints.payouts.failed),
    handler: async (request) => {
      return oncePerKey(app.db, request, async () => {
        const payoutId = request.params.id;
        await cancelAtProvider(app.db, app.payoutProvider, payoutId, settling);
        await audited(
          app.db,
          {
            adminId: signedInUser(request).id,
            action: 'payout.failed',
            subject: { type: 'payout', id: payoutId },
          },
          async (tx) => {
            const before = await payoutSnapshot(tx, payoutId);
            await settlePayout(tx, payoutId, { paid: false, reason: request.body.reason }, settling);
            return { result: null, before, after: await payoutSnapshot(tx, payoutId) };
          },
        );
        return { status: 'OK' as const, message: 'Payout marked as failed' };
      });
    },
  });

  app.route({
    ...routeOf(adminEndpoints.payouts.exportSepa),
    handler: async (request) => {
      return oncePerKey(app.db, request, async () => {
        sepaDebtor();
        const adminId = signedInUser(request).id;
        const batch = await audited(
          app.db,
          { adminId, action: 'payout.export', subject: { type: 'payout_batch', id: 'new' } },
          async (tx) => {
            const created = await createSepaBatch(tx, { adminId });
            return {
              result: created,
              before: null,
              after: {
                message_id: created.messageId,
                transfers: created.transfers,
                total_cents: created.totalCents,
              },
              subjectId: created.id,
            };
          },
        );
        return {
          status: 'OK' as const,
          payload: {
            id: batch.id,
            message_id: batch.messageId,
            transfers: batch.transfers,
            total: minorUnitsToNumber(batch.totalCents),
            currency: 'EUR' as const,
            created_at: batch.createdAt.toISOString(),
            file_url: `/api/admin/payout-batches/${batch.id}/file`,
          },
        };
      });
    },
  });

  app.route({
    ...routeOf(adminSepaEndpoints.batches),
    handler: async (request) => {
      const { page, per_page: perPage } = request.query;
      const { data, total } = await payoutBatchesPage(app.db, { page, perPage });
      const debtor = app.config.sepaDebtor;
      const answer = listAnswer(
        data.map((batch) => ({
          id: batch.id,
          message_id: batch.messageId,
          transfers: batch.transfers,
          total: minorUnitsToNumber(batch.totalCents),
          currency: 'EUR' as const,
          created_at: batch.createdAt.toISOString(),
          file_url: `/api/admin/payout-batches/${batch.id}/file`,
        })),
        total,
        request.query,
      );
      return {
        ...answer,
        payload: {
          ...answer.payload,
          // Only the last four of the shop's IBAN: the list is no place for the whole number.
          sepa_debtor: debtor && { name: debtor.name, iban_masked: `•••• ${debtor.iban.slice(-4)}` },
        },
      };
    },
  });

  app.route({
    ...routeOf(adminEndpoints.payouts.sepaFile),
    handler: async (request, reply) => {
      const batchId = request.params.id;
      const debtor = sepaDebtor();
      const key = appKey();
      // The file shows full IBANs: every download is in the audit log.
      const { batch, xml } = await audited(
        app.db,
        {
          adminId: signedInUser(request).id,
          action: 'payout.export.download',
          subject: { type: 'payout_batch', id: batchId },
        },
        async (tx) => ({
          result: await sepaBatchFile(tx, { batchId, appKey: key, debtor }),
          before: null,
          after: null,
        }),
      );
      return sendPrivate(reply, {
        body: xml,
        contentType: 'application/xml; charset=utf-8',
        filename: `${batch.messageId}.xml`,
      });
    },
  });
}
