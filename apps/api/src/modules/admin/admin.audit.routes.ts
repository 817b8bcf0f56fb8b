import { adminEndpoints } from '@promptmarket/contracts/admin.endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOf } from '../../plugins/schemas';
import { auditEntries } from '../audit/audit.service';
import { listAnswer } from './admin.lists';

/** The audit log: every back-office action, who did it, and the record before and after. */
export async function adminAuditRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(adminEndpoints.audit.list),
    handler: async (request) => {
      const { data, total } = await auditEntries(app.db, request.query);
      return listAnswer(data, total, request.query);
    },
  });
}
