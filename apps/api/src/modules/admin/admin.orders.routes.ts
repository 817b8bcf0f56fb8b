import { adminOrderEndpoints } from '@promptmarket/contracts/admin-orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOf } from '../../plugins/schemas';
import { listAnswer } from './admin.lists';
import { orderDetailForReview, ordersForReview } from './admin.orders';

/** Orders: every purchase, cart checkout and paid generation, to answer "where is my purchase?". */
export async function adminOrdersRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(adminOrderEndpoints.list),
    handler: async (request) => {
      const { data, total } = await ordersForReview(app.db, request.query);
      return listAnswer(data, total, request.query);
    },
  });

  app.route({
    ...routeOf(adminOrderEndpoints.get),
    handler: async (request) => ({
      status: 'OK' as const,
      payload: await orderDetailForReview(app.db, request.params.id, await request.locale()),
    }),
  });
}
