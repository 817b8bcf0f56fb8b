import { errorMessages, healthResponse } from '@promptmarket/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { shape } from '../../lib/reply';

export async function healthRoutes(app: FastifyInstance) {
  /** Liveness only: the process answers. Also the baseline the benchmarks compare against. */
  app.get('/ping', async () => ({ status: 'ok' }));

  app.get('/health', async (request) => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError('SERVICE_UNAVAILABLE', errorMessages.serviceUnavailable);
    }
    return shape(healthResponse, { status: 'ok', database: 'ok' });
  });
}
