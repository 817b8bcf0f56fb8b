import {
  contactRequest,
  countriesResponse,
  errorResponses,
  messageResponse,
  newsletterRequest,
  socialLinksResponse,
  staticPageParams,
  staticPageResponse,
  staticPagesResponse,
} from '@promptmarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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

  app.get(
    '/countries',
    { schema: { summary: 'Countries', response: { 200: countriesResponse, ...errorResponses } } },
    async (request) => ({
      status: 'OK' as const,
      payload: await listCountries(app.db, await request.locale()),
    }),
  );

  app.get(
    '/social-links',
    {
      schema: { summary: 'Social network links', response: { 200: socialLinksResponse, ...errorResponses } },
    },
    async () => ({ status: 'OK' as const, payload: await listSocialLinks(app.db) }),
  );

  app.get(
    '/static-pages',
    { schema: { summary: 'Static pages', response: { 200: staticPagesResponse, ...errorResponses } } },
    async (request) => ({
      status: 'OK' as const,
      payload: await listStaticPages(app.db, await request.locale()),
    }),
  );

  app.get(
    '/static-pages/:slug',
    {
      schema: {
        summary: 'One static page',
        params: staticPageParams,
        response: { 200: staticPageResponse, ...errorResponses },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      payload: await getStaticPage(app.db, request.params.slug, await request.locale()),
    }),
  );

  app.post(
    '/newsletter/subscribe',
    {
      schema: {
        summary: 'Subscribe to the newsletter',
        body: newsletterRequest,
        response: { 200: messageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const message = await subscribeToNewsletter(app.db, {
        email: request.body.email,
        locale: await request.locale(),
        ip: request.ip,
        appUrl: app.config.appUrl,
      });
      return { status: 'OK' as const, message };
    },
  );

  app.post(
    '/contact',
    {
      schema: {
        summary: 'Send a message to the shop',
        body: contactRequest,
        response: { 200: messageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const message = await sendContactMessage(app.db, request.body, await request.locale(), request.ip);
      return { status: 'OK' as const, message };
    },
  );
}
