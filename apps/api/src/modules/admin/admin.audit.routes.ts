import { errorResponses } from '@promptmarket/contracts';
import { adminAuditRequest, adminAuditResponse } from '@promptmarket/contracts/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEntries } from './admin.audit';
import { listAnswer } from './admin.lists';

/** The audit log: every back-office action, who did it, and the record before and after. */
export async function adminAuditRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/audit',
    {
      schema: {
        summary: 'The audit log, newest first',
        querystring: adminAuditRequest,
        response: { 200: adminAuditResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { data, total } = await auditEntries(app.db, request.query);
      return listAnswer(data, total, request.query);
    },
  );
}
