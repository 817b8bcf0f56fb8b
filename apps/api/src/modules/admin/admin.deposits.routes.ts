import { errorResponses } from '@promptmarket/contracts';
import { adminDepositsRequest, adminDepositsResponse } from '@promptmarket/contracts/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { depositsForReview } from '../deposits/deposits.admin';
import { listAnswer } from './admin.lists';

/** Deposits with the provider's references, to answer a customer who asks where their money is. */
export async function adminDepositsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/deposits',
    {
      schema: {
        summary: 'Deposits, newest first, with the provider’s references; search by e-mail or reference',
        querystring: adminDepositsRequest,
        response: { 200: adminDepositsResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { data, total } = await depositsForReview(app.db, request.query);
      return listAnswer(data, total, request.query);
    },
  );
}
