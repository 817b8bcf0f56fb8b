import { errorResponses, LANGUAGE_HEADER } from '@promptmarket/contracts';
import { receiptEndpoints } from '@promptmarket/contracts/receipts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPrivate } from '../../lib/private-file';
import { routeOf } from '../../plugins/schemas';
import { requireUser, signedInUser } from '../accounts/accounts.plugin';
import { resolveRequestLocale } from '../site/site.service';
import { receiptPdf } from './receipts.pdf';
import { receiptOf } from './receipts.service';

export async function receiptRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', requireUser());

  /**
   * The receipt's language: the one a link names, else the page's (the web sends its language),
   * else the account's.
   */
  async function languageOf(request: FastifyRequest, named?: string): Promise<string> {
    if (named) return resolveRequestLocale(app.db, named);
    if (typeof request.headers[LANGUAGE_HEADER] === 'string') return request.locale();
    return resolveRequestLocale(app.db, signedInUser(request).locale);
  }

  app.route({
    ...routeOf(receiptEndpoints.receipt),
    handler: async (request) => ({
      status: 'OK' as const,
      payload: await receiptOf(app.db, signedInUser(request), {
        ...request.params,
        locale: await languageOf(request),
      }),
    }),
  });

  app.route({
    ...routeOf(receiptEndpoints.pdf, { 200: z.any().describe('application/pdf'), ...errorResponses }),
    handler: async (request, reply) => {
      const receipt = await receiptOf(app.db, signedInUser(request), {
        ...request.params,
        locale: await languageOf(request, request.query.lang),
      });
      return sendPrivate(reply, {
        body: await receiptPdf(receipt),
        contentType: 'application/pdf',
        filename: `${receipt.number}.pdf`,
      });
    },
  });
}
