import type { FastifyInstance, FastifyReply } from 'fastify';
import { docsCss, docsHtml, docsJs } from './docs.page';

/** Only this page's own files: no inline code, no outside host. */
const pagePolicy =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function asset(reply: FastifyReply, type: string, body: string) {
  return reply
    .header('content-type', type)
    .header('content-security-policy', pagePolicy)
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/** The OpenAPI document made from the route schemas, and a page that reads it. Not listed in itself. */
export async function docsRoutes(app: FastifyInstance) {
  app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/docs', { schema: { hide: true } }, async (_request, reply) =>
    asset(reply, 'text/html; charset=utf-8', docsHtml),
  );
  app.get('/docs/docs.js', { schema: { hide: true } }, async (_request, reply) =>
    asset(reply, 'text/javascript; charset=utf-8', docsJs),
  );
  app.get('/docs/docs.css', { schema: { hide: true } }, async (_request, reply) =>
    asset(reply, 'text/css; charset=utf-8', docsCss),
  );
}
