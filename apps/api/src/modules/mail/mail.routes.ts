import { accountEndpoints } from '@promptmarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOf } from '../../plugins/schemas';
import { requireUser, signedInUser } from '../accounts/accounts.plugin';
import { setOptionalMails } from '../accounts/accounts.service';

/** The user's own mail preferences: whether the optional mails (mail.notify.ts) are sent. */
export async function mailRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', requireUser());

  app.route({
    ...routeOf(accountEndpoints.mailPreferences),
    handler: async (request) => ({
      status: 'OK' as const,
      payload: { optional_mails: signedInUser(request).optionalMails },
    }),
  });

  app.route({
    ...routeOf(accountEndpoints.updateMailPreferences),
    handler: async (request) => ({
      status: 'OK' as const,
      payload: {
        optional_mails: await setOptionalMails(app.db, signedInUser(request).id, request.body.optional_mails),
      },
    }),
  });
}
