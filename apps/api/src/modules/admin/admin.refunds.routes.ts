import { adminRefundEndpoints } from '@promptmarket/contracts/admin-refunds';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOf } from '../../plugins/schemas';
import { signedInUser } from '../accounts/accounts.plugin';
import { refundsForReview } from '../refunds/refunds.reads';
import { createRefund, refundableOfSubject } from '../refunds/refunds.service';
import { oncePerKey } from './admin.idempotency';
import { listAnswer } from './admin.lists';

/**
 * Refunds (decision 0048): an order, an item, a generation to the buyer's balance, a deposit to
 * its payment method. Each refund is audited by the refunds module in the transaction that makes
 * it, and runs once per Idempotency-Key (a double click, a retry after a lost answer).
 */
export async function adminRefundsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(adminRefundEndpoints.create),
    handler: async (request) =>
      oncePerKey(app.db, request, async () => {
        const key = request.headers['idempotency-key'];
        const refund = await createRefund(
          app.db,
          signedInUser(request),
          { ...request.body, idempotencyKey: typeof key === 'string' && key !== '' ? key : null },
          app.payments,
        );
        return { status: 'OK' as const, payload: refund };
      }),
  });

  app.route({
    ...routeOf(adminRefundEndpoints.list),
    handler: async (request) => {
      const { data, total } = await refundsForReview(app.db, request.query);
      return listAnswer(data, total, request.query);
    },
  });

  app.route({
    ...routeOf(adminRefundEndpoints.refundable),
    handler: async (request) => ({
      status: 'OK' as const,
      payload: await refundableOfSubject(app.db, request.query.subject, request.query.id),
    }),
  });
}
