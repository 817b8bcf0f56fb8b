import { errorResponses } from '@promptmarket/contracts';
import { verificationEndpoints } from '@promptmarket/contracts/offers.endpoints';
import {
  VERIFICATION_MAX_BYTES,
  verificationDocuments,
  verificationFields,
} from '@promptmarket/contracts/verification';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { sendUploadedFile } from '../../lib/private-file';
import { type FileRule, receiveUpload } from '../../lib/uploads';
import { fieldErrorsOf } from '../../lib/validate';
import { routeOf } from '../../plugins/schemas';
import { requireUser, signedInUser } from '../accounts/accounts.plugin';
import { documentKinds } from './verification.files';
import { currentVerification, ownDocument, submitVerification } from './verification.service';

/** Each document: a picture or a PDF decided by its content, at most 5 MB, required. */
const documentRule: FileRule = {
  kinds: documentKinds,
  maxBytes: VERIFICATION_MAX_BYTES,
  required: true,
};

export async function verificationRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', requireUser({ verified: true }));

  app.route({
    ...routeOf(verificationEndpoints.current),
    handler: async (request) => ({
      status: 'OK' as const,
      payload: await currentVerification(app.db, signedInUser(request).id),
    }),
  });

  app.route({
    ...routeOf(verificationEndpoints.submit),
    handler: async (request) => {
      const user = signedInUser(request);
      const upload = await receiveUpload(request, app.storage, {
        bucket: 'private',
        prefix: 'verifications',
        files: Object.fromEntries(verificationDocuments.map((field) => [field, documentRule])),
        typeErrorKey: 'verification.file_type',
        sizeErrorKey: 'verification.file_size',
        tooLargeKey: 'verification.file_size',
      });
      const parsed = verificationFields.safeParse(upload.fields);
      const discard = () =>
        Promise.all(
          upload.files.map((file) => app.storage.delete(file.bucket, file.key).catch(() => undefined)),
        );
      if (!parsed.success) {
        await discard();
        throw AppError.validation(fieldErrorsOf(parsed.error));
      }
      try {
        const payload = await submitVerification(app.db, {
          userId: user.id,
          locale: await request.locale(),
          fields: parsed.data,
          files: upload.files,
        });
        return { status: 'OK' as const, message: 'Verification submitted', payload };
      } catch (error) {
        await discard();
        throw error;
      }
    },
  });

  app.route({
    ...routeOf(verificationEndpoints.document, { 200: z.any().describe('the document'), ...errorResponses }),
    handler: async (request, reply) => {
      const { field } = request.params;
      const document = await ownDocument(app.db, signedInUser(request).id, field);
      return sendUploadedFile(reply, app.storage, document.key, {
        kinds: documentKinds,
        name: `verification-${document.verificationId}-${field}`,
      });
    },
  });
}
