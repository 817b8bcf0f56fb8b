import { adminEndpoints } from '@promptmarket/contracts/admin.endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOf } from '../../plugins/schemas';
import { depositsForReview } from '../deposits/deposits.admin';
import { listAnswer } from './admin.lists';

/** Deposits with the provider's references, to answer a customer who asks where their money is. */
export async function adminDepositsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(adminEndpoints.deposits.list),
    handler: async (request) => {
      const { data, total } = await depositsForReview(app.db, request.query);
      return listAnswer(data, total, request.query);
    },
  });
}
