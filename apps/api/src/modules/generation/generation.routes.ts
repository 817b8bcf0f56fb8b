import { errorResponses, LANGUAGE_HEADER } from '@promptmarket/contracts';
import { generationEndpoints } from '@promptmarket/contracts/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPrivate } from '../../lib/private-file';
import { routeOf } from '../../plugins/schemas';
import { requireUser, signedInUser } from '../accounts/accounts.plugin';
import { downloadChoice } from '../orders/orders.downloads';
import { keyedRequest, purchaseAnswers, zipAnswers } from '../orders/orders.routes';
import { enforceLimit } from '../throttle/throttle.service';
import { engineFromConfig } from './engine';
import { generateImage, generationDownload, generationHistory, generationImage } from './generation.service';

/** Images drawn from a user's own prompt, paid from the balance, and the ones drawn before. */
export async function generationRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', requireUser({ verified: true }));

  const engine = engineFromConfig(app.config.images);

  app.route({
    ...routeOf(generationEndpoints.generate, { ...purchaseAnswers, 200: zipAnswers[200] }),
    handler: async (request, reply) => {
      const user = signedInUser(request);
      await enforceLimit(app.db, `generate:user:${user.id}`, { max: 10, windowSeconds: 60 });
      const choice = await downloadChoice(app.db, request.body);
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
          ...keyedRequest(request),
        },
        request.log,
      );
      reply.header('x-generation-id', String(generationId));
      return sendPrivate(reply, { body: zip, contentType: 'application/zip', filename });
    },
  });

  app.route({
    ...routeOf(generationEndpoints.history),
    handler: async (request) => ({
      status: 'OK' as const,
      payload: await generationHistory(app.db, signedInUser(request).id, await request.locale()),
    }),
  });

  app.route({
    ...routeOf(generationEndpoints.image, {
      200: z.any().describe('image/jpeg, image/png or image/webp'),
      ...errorResponses,
    }),
    handler: async (request, reply) => {
      const { image, contentType } = await generationImage(
        app.db,
        app.storage,
        signedInUser(request).id,
        request.params.id,
      );
      return sendPrivate(reply, { body: image, contentType, inline: true, maxAgeSeconds: 3600 });
    },
  });

  app.route({
    ...routeOf(generationEndpoints.download, zipAnswers),
    handler: async (request, reply) => {
      const user = signedInUser(request);
      // The licence's translation in the page's language when it says one, else the account's.
      const languages = request.headers[LANGUAGE_HEADER]
        ? [await request.locale(), user.locale]
        : [user.locale];
      const { filename, zip } = await generationDownload(
        app.db,
        app.storage,
        user.id,
        request.params.id,
        languages,
      );
      return sendPrivate(reply, { body: zip, contentType: 'application/zip', filename });
    },
  });
}
