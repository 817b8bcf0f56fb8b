import { errorResponses } from '@promptmarket/contracts';
import { cartItemParams, generateImageRequest, generationsResponse } from '@promptmarket/contracts/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { statusOf } from '../../errors';
import { attachmentDisposition } from '../../lib/private-file';
import { requireUser, signedInUser } from '../accounts/accounts.plugin';
import { downloadChoice } from '../orders/orders.downloads';
import { purchaseAnswers } from '../orders/orders.routes';
import { PurchaseRefused, refusalBody } from '../orders/orders.service';
import { enforceLimit } from '../throttle/throttle.service';
import { localEngine, openAiEngine } from './engine';
import {
  GenerationFailed,
  generateImage,
  generationDownload,
  generationHistory,
  generationImage,
} from './generation.service';

/** Images drawn from a user's own prompt, paid from the balance, and the ones drawn before. */
export async function generationRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', requireUser({ verified: true }));

  const engine =
    app.config.images.engine === 'openai' && app.config.images.url
      ? openAiEngine({
          url: app.config.images.url,
          apiKey: app.config.images.apiKey ?? '',
          model: app.config.images.model,
        })
      : localEngine();

  app.post(
    '/purchase/generate-image',
    {
      schema: {
        summary: 'Draw an image from a prompt, paid from the balance; answers a zip',
        body: generateImageRequest,
        response: { ...purchaseAnswers, 200: z.any().describe('application/zip') },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      await enforceLimit(app.db, `generate:user:${user.id}`, { max: 10, windowSeconds: 60 });
      const choice = await downloadChoice(app.db, request.body);
      try {
        const { filename, zip, generationId } = await generateImage(
          app.db,
          app.storage,
          engine,
          {
            userId: user.id,
            title: request.body.title,
            prompt: request.body.prompt,
            choice,
            locale: await request.locale(),
            timeoutMs: app.config.images.timeoutMs,
          },
          request.log,
        );
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', attachmentDisposition(filename))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .header('x-generation-id', String(generationId))
          .send(zip);
      } catch (error) {
        if (error instanceof PurchaseRefused) {
          return reply.code(statusOf(error.code)).send(refusalBody(error));
        }
        if (error instanceof GenerationFailed) {
          // Unlike other 5xx answers this message is shown: it tells the user the cost was refunded.
          return reply.code(statusOf('INTERNAL')).send({ message: error.message, code: 'INTERNAL' as const });
        }
        throw error;
      }
    },
  );

  app.get(
    '/purchase/generations',
    {
      schema: {
        summary: 'The images the user had drawn, newest first',
        response: { 200: generationsResponse, ...errorResponses },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      payload: await generationHistory(app.db, signedInUser(request).id, await request.locale()),
    }),
  );

  const generationParams = z.object({ id: cartItemParams.shape.id });

  app.get(
    '/purchase/generations/:id/image',
    {
      schema: {
        summary: "The picture of one of the user's generations",
        params: generationParams,
        response: { 200: z.any().describe('image/jpeg, image/png or image/webp'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { image, contentType } = await generationImage(
        app.db,
        app.storage,
        signedInUser(request).id,
        request.params.id,
      );
      return reply
        .header('content-type', contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(image);
    },
  );

  app.get(
    '/purchase/generations/:id/download',
    {
      schema: {
        summary: "One of the user's generations again as a zip",
        params: generationParams,
        response: { 200: z.any().describe('application/zip'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { filename, zip } = await generationDownload(
        app.db,
        app.storage,
        signedInUser(request).id,
        request.params.id,
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentDisposition(filename))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(zip);
    },
  );
}
