import { adminEndpoints } from '@promptmarket/contracts/admin.endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOf } from '../../plugins/schemas';
import { signedInUser } from '../accounts/accounts.plugin';
import { openPayout, payoutSnapshot, payoutsForReview } from '../payouts/payouts.admin';
import { cancelAtProvider, markPayoutPaid, sendCardPayout, settlePayout } from '../payouts/payouts.service';
import { audited } from './admin.audit';
import { listAnswer } from './admin.lists';

/**
 * The payouts queue: what is owed for accepted offers, opened (audited), a card payout sent
 * through its provider, a bank transfer marked paid, any payout failed.
 */
export async function adminPayoutsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

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
  });

  app.route({
    ...routeOf(adminEndpoints.payouts.send),
    handler: async (request) => {
      const payoutId = request.params.id;
      const before = await payoutSnapshot(app.db, payoutId);
      // The provider is another system: it is asked outside the transaction that keeps the audit.
      await sendCardPayout(app.db, app.payoutProvider, payoutId);
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
    },
  });

  app.route({
    ...routeOf(adminEndpoints.payouts.paid),
    handler: async (request) => {
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
          await markPayoutPaid(tx, payoutId);
          return { result: null, before, after: await payoutSnapshot(tx, payoutId) };
        },
      );
      return { status: 'OK' as const, message: 'Payout marked as paid' };
    },
  });

  app.route({
    ...routeOf(adminEndpoints.payouts.failed),
    handler: async (request) => {
      const payoutId = request.params.id;
      await cancelAtProvider(app.db, app.payoutProvider, payoutId);
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
  });
}
