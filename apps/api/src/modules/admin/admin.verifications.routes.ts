import { errorResponses } from '@promptmarket/contracts';
import { adminEndpoints } from '@promptmarket/contracts/admin.endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendUploadedFile } from '../../lib/private-file';
import { routeOf } from '../../plugins/schemas';
import { signedInUser } from '../accounts/accounts.plugin';
import { audited } from '../audit/audit.service';
import {
  verificationDocumentForReview,
  verificationSnapshot,
  verificationsForReview,
} from '../verification/verification.admin';
import { documentKinds } from '../verification/verification.files';
import { approveVerification, declineVerification } from '../verification/verification.service';
import { oncePerKey } from './admin.idempotency';
import { listAnswer } from './admin.lists';

/** The identity review queue: the details, the documents (to admins only), approve or decline. */
export async function adminVerificationsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(adminEndpoints.verifications.list),
    handler: async (request) => {
      const { data, total } = await verificationsForReview(app.db, request.query);
      return listAnswer(data, total, request.query);
    },
  });

  app.route({
    ...routeOf(adminEndpoints.verifications.document, {
      200: z.any().describe('the document'),
      ...errorResponses,
    }),
    handler: async (request, reply) => {
      const document = await verificationDocumentForReview(app.db, {
        verificationId: request.params.id,
        field: request.params.field,
      });
      return sendUploadedFile(reply, app.storage, document.key, {
        kinds: documentKinds,
        name: `verification-${request.params.id}-${request.params.field}`,
      });
    },
  });

  /*
   * The same document shown in the review page rather than downloaded: a picture or a PDF inline,
   * typed from its bytes, kept by no cache, and framed by the shop's own pages only (this answer
   * alone allows that; decisions 0011 and 0051).
   */
  app.route({
    ...routeOf(adminEndpoints.verifications.documentView, {
      200: z.any().describe('the document, inline'),
      ...errorResponses,
    }),
    handler: async (request, reply) => {
      const document = await verificationDocumentForReview(app.db, {
        verificationId: request.params.id,
        field: request.params.field,
      });
      return sendUploadedFile(reply, app.storage, document.key, {
        kinds: documentKinds,
        name: `verification-${request.params.id}-${request.params.field}`,
        inline: true,
        documentsInline: true,
      });
    },
  });

  for (const action of ['approve', 'decline'] as const) {
    app.route({
      ...routeOf(adminEndpoints.verifications[action]),
      handler: async (request) => {
        return oncePerKey(app.db, request, async () => {
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
                  : await declineVerification(
                      tx,
                      verificationId,
                      (request.body as { reason: string }).reason,
                    );
              return { result: null, before, after: { status: after.status, reason: after.reason } };
            },
          );
          return {
            status: 'OK' as const,
            message: action === 'approve' ? 'Verification approved' : 'Verification declined',
          };
        });
      },
    });
  }
}
