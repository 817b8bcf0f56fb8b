import { reviewEndpoints } from '@promptmarket/contracts/reviews';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicAnswer } from '../../lib/public-answers';
import { routeOf } from '../../plugins/schemas';
import { requireUser, signedInUser } from '../accounts/accounts.plugin';
import { enforceLimit, type Limit } from '../throttle/throttle.service';
import {
  createReview,
  deleteReview,
  listReviews,
  type ReviewActor,
  reportReview,
  updateReview,
} from './reviews.service';

/** Writing, changing, deleting and reporting reviews: at most this many a minute per user, together. */
export const REVIEW_WRITES_PER_USER: Limit = { max: 10, windowSeconds: 60 };

/** Buyers' reviews: the public list under a product, and the signed-in user's writes. */
export async function reviewRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(reviewEndpoints.list),
    handler: async (request, reply) =>
      publicAnswer(app.db, request, reply, async () => {
        const user = await request.user();
        return listReviews(app.db, user?.id ?? null, request.params.id, request.query.page);
      }),
  });

  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('preValidation', requireUser());

    /** The signed-in writer, counted against the limit of review writes. */
    async function writer(request: FastifyRequest): Promise<ReviewActor> {
      const user = signedInUser(request);
      await enforceLimit(app.db, `review-write:user:${user.id}`, REVIEW_WRITES_PER_USER);
      return { id: user.id, locale: await request.locale() };
    }

    signedIn.route({
      ...routeOf(reviewEndpoints.create),
      handler: async (request) => ({
        status: 'OK' as const,
        payload: await createReview(app.db, await writer(request), request.params.id, request.body),
      }),
    });

    signedIn.route({
      ...routeOf(reviewEndpoints.update),
      handler: async (request) => ({
        status: 'OK' as const,
        payload: await updateReview(app.db, await writer(request), request.params.id, request.body),
      }),
    });

    signedIn.route({
      ...routeOf(reviewEndpoints.remove),
      handler: async (request) => {
        await deleteReview(app.db, await writer(request), request.params.id);
        return { status: 'OK' as const, payload: { deleted: true as const } };
      },
    });

    signedIn.route({
      ...routeOf(reviewEndpoints.report),
      handler: async (request) => {
        await reportReview(app.db, await writer(request), request.params.id);
        return { status: 'OK' as const, payload: { reported: true as const } };
      },
    });
  });
}
