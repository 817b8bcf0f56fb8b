import { errorResponses } from '@promptmarket/contracts';
import {
  adminActionResponse,
  adminIdParams,
  adminPayoutResponse,
  adminPayoutsRequest,
  adminPayoutsResponse,
  adminReasonRequest,
} from '@promptmarket/contracts/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '../accounts/accounts.plugin';
import { openPayout, payoutSnapshot, payoutsForReview } from '../offers/offers.admin';
import { settlePayout } from '../offers/offers.service';
import { audited } from './admin.audit';
import { listAnswer } from './admin.lists';

/** The payouts queue: what is owed for accepted offers, opened (audited), marked paid or failed. */
export async function adminPayoutsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const answers = { 200: adminActionResponse, ...errorResponses };

  app.get(
    '/admin/payouts',
    {
      schema: {
        summary: 'Payouts of accepted offers, with masked destinations',
        querystring: adminPayoutsRequest,
        response: { 200: adminPayoutsResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { data, total } = await payoutsForReview(app.db, request.query);
      return listAnswer(data, total, request.query);
    },
  );

  app.get(
    '/admin/payouts/:id',
    {
      schema: {
        summary: 'One payout with its full card or bank details (the view is audited)',
        params: adminIdParams,
        response: { 200: adminPayoutResponse, ...errorResponses },
      },
    },
    async (request) => {
      const payoutId = request.params.id;
      const appKey = app.config.appKey;
      if (!appKey) throw new Error('payout details need APP_KEY to be opened');
      const payout = await audited(
        app.db,
        {
          adminId: signedInUser(request).id,
          action: 'payout.view',
          subject: { type: 'payout', id: payoutId },
        },
        async (tx) => ({ result: await openPayout(tx, { payoutId, appKey }), before: null, after: null }),
      );
      return { status: 'OK' as const, payload: payout };
    },
  );

  app.post(
    '/admin/payouts/:id/paid',
    { schema: { summary: 'The payout has been sent', params: adminIdParams, response: answers } },
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
        params: adminIdParams,
        body: adminReasonRequest,
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
}
