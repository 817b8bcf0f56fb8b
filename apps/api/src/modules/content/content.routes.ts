import { contentEndpoints } from '@promptmarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { keptSiteAnswer } from '../../lib/public-answers';
import { routeOf } from '../../plugins/schemas';
import {
  getStaticPage,
  listCountries,
  listSocialLinks,
  listStaticPages,
  sendContactMessage,
  subscribeToNewsletter,
} from './content.service';

export async function contentRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(contentEndpoints.countries),
    handler: async (request) => ({
      status: 'OK' as const,
      payload: await listCountries(app.db, await request.locale()),
    }),
  });

  app.route({
    ...routeOf(contentEndpoints.socialLinks),
    handler: async (request, reply) =>
      keptSiteAnswer(app.db, request, reply, async () => ({
        status: 'OK' as const,
        payload: await listSocialLinks(app.db),
      })),
  });

  app.route({
    ...routeOf(contentEndpoints.staticPages),
    handler: async (request, reply) =>
      keptSiteAnswer(app.db, request, reply, async () => ({
        status: 'OK' as const,
        payload: await listStaticPages(app.db, await request.locale()),
      })),
  });

  app.route({
    ...routeOf(contentEndpoints.staticPage),
    handler: async (request) => ({
      status: 'OK' as const,
      payload: await getStaticPage(app.db, request.params.slug, await request.locale()),
    }),
  });

  app.route({
    ...routeOf(contentEndpoints.subscribe),
    handler: async (request) => {
      const message = await subscribeToNewsletter(app.db, {
        email: request.body.email,
        locale: await request.locale(),
        ip: request.ip,
        appUrl: app.config.appUrl,
      });
      return { status: 'OK' as const, message };
    },
  });

  app.route({
    ...routeOf(contentEndpoints.contact),
    handler: async (request) => {
      const message = await sendContactMessage(app.db, request.body, await request.locale(), request.ip);
      return { status: 'OK' as const, message };
    },
  });
}
