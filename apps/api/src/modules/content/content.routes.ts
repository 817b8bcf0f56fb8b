import { contentEndpoints } from '@promptmarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cachedSiteAnswer } from '../../lib/public-answers';
import { routeOf } from '../../plugins/schemas';
import { confirmNewsletter, subscribeToNewsletter, unsubscribeFromNewsletter } from './content.newsletter';
import {
  getStaticPage,
  listCountries,
  listSocialLinks,
  listStaticPages,
  sendContactMessage,
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
      cachedSiteAnswer(app.db, request, reply, async () => ({
        status: 'OK' as const,
        payload: await listSocialLinks(app.db),
      })),
  });

  app.route({
    ...routeOf(contentEndpoints.staticPages),
    handler: async (request, reply) =>
      cachedSiteAnswer(app.db, request, reply, async () => ({
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
        appKey: app.config.appKey ?? '',
      });
      return { status: 'OK' as const, message };
    },
  });

  app.route({
    ...routeOf(contentEndpoints.confirmNewsletter),
    handler: async (request) => {
      const message = await confirmNewsletter(app.db, {
        ...request.query,
        locale: await request.locale(),
        appUrl: app.config.appUrl,
        appKey: app.config.appKey ?? '',
      });
      return { status: 'OK' as const, message };
    },
  });

  app.route({
    ...routeOf(contentEndpoints.unsubscribeNewsletter),
    handler: async (request) => {
      const message = await unsubscribeFromNewsletter(app.db, {
        ...request.query,
        locale: await request.locale(),
        appKey: app.config.appKey ?? '',
      });
      return { status: 'OK' as const, message };
    },
  });

  await app.register(async (scope) => {
    // A mail program posts `List-Unsubscribe=One-Click` as a form; the address and token are in the URL.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.withTypeProvider<ZodTypeProvider>().route({
      ...routeOf(contentEndpoints.unsubscribeNewsletterOneClick),
      // Called by mail programs, which carry no session: the signed token is the authority.
      config: { csrf: false },
      handler: async (request) => {
        const message = await unsubscribeFromNewsletter(app.db, {
          ...request.query,
          locale: await request.locale(),
          appKey: app.config.appKey ?? '',
        });
        return { status: 'OK' as const, message };
      },
    });
  });

  app.route({
    ...routeOf(contentEndpoints.contact),
    handler: async (request) => {
      const message = await sendContactMessage(app.db, request.body, await request.locale(), request.ip);
      return { status: 'OK' as const, message };
    },
  });
}
