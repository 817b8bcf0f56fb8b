import {
  contactRequest,
  countriesResponse,
  messageResponse,
  newsletterRequest,
  socialLinksResponse,
  staticPageParams,
  staticPageResponse,
  staticPagesResponse,
} from '@promptmarket/contracts';
import type { FastifyInstance } from 'fastify';
import { shape } from '../../lib/reply';
import { parseInput } from '../../lib/validate';
import {
  getStaticPage,
  listCountries,
  listSocialLinks,
  listStaticPages,
  sendContactMessage,
  subscribeToNewsletter,
} from './content.service';

export async function contentRoutes(app: FastifyInstance) {
  app.get('/countries', async (request) => {
    return shape(countriesResponse, {
      status: 'OK',
      payload: await listCountries(app.db, await request.locale()),
    });
  });

  app.get('/social-links', async () => {
    return shape(socialLinksResponse, { status: 'OK', payload: await listSocialLinks(app.db) });
  });

  app.get('/static-pages', async (request) => {
    return shape(staticPagesResponse, {
      status: 'OK',
      payload: await listStaticPages(app.db, await request.locale()),
    });
  });

  app.get('/static-pages/:slug', async (request) => {
    const { slug } = parseInput(staticPageParams, request.params);
    const payload = await getStaticPage(app.db, slug, await request.locale());
    return shape(staticPageResponse, { status: 'OK', payload });
  });

  app.post('/newsletter/subscribe', async (request) => {
    const { email } = parseInput(newsletterRequest, request.body);
    const message = await subscribeToNewsletter(app.db, {
      email,
      locale: await request.locale(),
      ip: request.ip,
      appUrl: app.config.appUrl,
    });
    return shape(messageResponse, { status: 'OK', message });
  });

  app.post('/contact', async (request) => {
    const input = parseInput(contactRequest, request.body);
    const message = await sendContactMessage(app.db, input, await request.locale(), request.ip);
    return shape(messageResponse, { status: 'OK', message });
  });
}
