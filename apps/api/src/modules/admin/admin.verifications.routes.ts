import { errorResponses } from '@promptmarket/contracts';
import {
  adminActionResponse,
  adminIdParams,
  adminReasonRequest,
  adminVerificationDocumentParams,
  adminVerificationsRequest,
  adminVerificationsResponse,
} from '@promptmarket/contracts/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendPrivateFile } from '../../lib/private-file';
import { signedInUser } from '../accounts/accounts.plugin';
import {
  verificationDocumentForReview,
  verificationSnapshot,
  verificationsForReview,
} from '../verification/verification.admin';
import { approveVerification, declineVerification } from '../verification/verification.service';
import { audited } from './admin.audit';
import { listAnswer } from './admin.lists';

/** The identity review queue: the details, the documents (to admins only), approve or decline. */
export async function adminVerificationsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const answers = { 200: adminActionResponse, ...errorResponses };

  app.get(
    '/admin/verifications',
    {
      schema: {
        summary: 'Identity verifications, oldest pending first',
        querystring: adminVerificationsRequest,
        response: { 200: adminVerificationsResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { data, total } = await verificationsForReview(app.db, request.query);
      return listAnswer(data, total, request.query);
    },
  );

  app.get(
    '/admin/verifications/:id/documents/:field',
    { schema: { summary: 'One identity document, to admins only', params: adminVerificationDocumentParams } },
    async (request, reply) => {
      const document = await verificationDocumentForReview(app.db, {
        verificationId: request.params.id,
        field: request.params.field,
      });
      return sendPrivateFile(reply, app.storage, document.key, { filename: document.filename });
    },
  );

  for (const action of ['approve', 'decline'] as const) {
    app.post(
      `/admin/verifications/:id/${action}`,
      {
        schema: {
          summary: action === 'approve' ? 'Approve a pending verification' : 'Decline a pending verification',
          params: adminIdParams,
          ...(action === 'decline' ? { body: adminReasonRequest } : {}),
          response: answers,
        },
      },
      async (request) => {
        const verificationId = request.params.id;
        await audited(
          app.db,
          {
            adminId: signedInUser(request).id,
            action: `verification.${action}`,
            subject: { type: 'verification', id: verificationId },
          },
          async (tx) => {
            const before = await verificationSnapshot(tx, verificationId);
            const after =
              action === 'approve'
                ? await approveVerification(tx, verificationId)
                : await declineVerification(tx, verificationId, (request.body as { reason: string }).reason);
            return { result: null, before, after: { status: after.status, reason: after.reason } };
          },
        );
        return {
          status: 'OK' as const,
          message: action === 'approve' ? 'Verification approved' : 'Verification declined',
        };
      },
    );
  }
}
