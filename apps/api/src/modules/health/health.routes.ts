import { errorMessages, healthEndpoints } from '@promptmarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { routeOf } from '../../plugins/schemas';
import { pingDatabase, schemaState } from './health.service';

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
        throw new AppError('DATABASE_UNAVAILABLE', errorMessages.serviceUnavailable);
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  });

  // A balancer sends visitors only to nodes that answer 200 here. A node meets a schema other
  // than its own while another node migrates, or while an older node outlives a newer one's
  // migration: it is then taken out until it is replaced.
  app.route({
    ...routeOf(healthEndpoints.ready),
    handler: async (request) => {
      let state: Awaited<ReturnType<typeof schemaState>>;
      try {
        state = await schemaState(app.db);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: database unreachable');
        throw new AppError('DATABASE_UNAVAILABLE', errorMessages.serviceUnavailable);
      }
      if (state !== 'current') {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          `The database's schema is ${state === 'behind' ? 'older' : 'newer'} than this node's.`,
        );
      }
      return { status: 'ready' as const };
    },
  });
}
