import { adminReviewEndpoints } from '@promptmarket/contracts/reviews';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOf } from '../../plugins/schemas';
import { signedInUser } from '../accounts/accounts.plugin';
import { hideReview, reportedReviews } from '../reviews/reviews.admin';
import { listAnswer } from './admin.lists';

/** Reported reviews: the queue, newest report first, and hiding or restoring one (audited). */
export async function adminReviewsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(adminReviewEndpoints.list),
    handler: async (request) => {
      const { data, total } = await reportedReviews(app.db, request.query, await request.locale());
      return listAnswer(data, total, request.query);
    },
  });

  for (const [endpoint, hidden] of [
    [adminReviewEndpoints.hide, true],
    [adminReviewEndpoints.restore, false],
  ] as const) {
    app.route({
      ...routeOf(endpoint),
      handler: async (request) => ({
        status: 'OK' as const,
        payload: await hideReview(
          app.db,
          signedInUser(request).id,
          request.params.id,
          hidden,
          await request.locale(),
        ),
      }),
    });
  }
}
