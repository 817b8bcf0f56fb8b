import { errorMessages, healthEndpoints } from '@promptmarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { routeOf } from '../../plugins/schemas';
import { pingDatabase } from './health.service';

export async function healthRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  /** Liveness only: the process answers. Also the baseline the benchmarks compare against. */
  app.route({ ...routeOf(healthEndpoints.ping), handler: async () => ({ status: 'ok' as const }) });

  app.route({
    ...routeOf(healthEndpoints.health),
    handler: async (request) => {
      try {
        await pingDatabase(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('SERVICE_UNAVAILABLE', errorMessages.serviceUnavailable);
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  });
}
