import { errorMessages, errorResponses, healthResponse, pingResponse } from '@promptmarket/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';

export async function healthRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  /** Liveness only: the process answers. Also the baseline the benchmarks compare against. */
  app.get(
    '/ping',
    { schema: { summary: 'Liveness', response: { 200: pingResponse, ...errorResponses } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health',
    {
      schema: {
        summary: 'Readiness: the database answers',
        response: { 200: healthResponse, ...errorResponses },
      },
    },
    async (request) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('SERVICE_UNAVAILABLE', errorMessages.serviceUnavailable);
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
}
