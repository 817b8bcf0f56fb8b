import { errorMessages } from '@promptmarket/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isInternalCall } from '../lib/internal-calls';
import { recordDatabaseUnavailable } from '../lib/metrics';

/** How long after its coming a read is answered at the latest: its database budget and two seconds. */
export function answerDeadlineMs(database: { requestBudgetMs: number }): number {
  return database.requestBudgetMs + 2_000;
}

/** The seconds a late answer asks the client to wait before it tries again. */
const RETRY_AFTER_SECONDS = 5;

/** What a page asked for gets when it is late: the plain error page, as the web's last resort shows it. */
const LATE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Service Unavailable</title></head>' +
  '<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:6rem auto;padding:0 1.5rem;text-align:center">' +
  '<p>503</p><h1>The shop is unavailable for a moment</h1><p>Nothing was lost. Please try again in a few seconds.</p></body></html>';

/**
 * Every read (GET and HEAD) is answered within `deadlineMs` of its coming: one still under way
 * then is answered 503 with Retry-After, and what it was waiting for is left to end by itself
 * (its database work has a budget of its own, shorter than this; db/client.ts). The request
 * budget bounds a request's own queries; this bounds everything else it may wait for (a read
 * another request started, a connection being made), so a slow database cannot hold a visitor,
 * or a balancer's connection, longer than this. Writes are not cut short: they may have moved
 * money by then, and their answer must say what happened; their queries' budget bounds them.
 * The server's own in-process calls belong to the page that made them, which is bounded.
 */
export const answerDeadlinePlugin = fp(
  async (app: FastifyInstance, { deadlineMs }: { deadlineMs: number }) => {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      if (isInternalCall(request.headers)) return;
      const timer = setTimeout(() => {
        if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return;
        recordDatabaseUnavailable();
        request.log.warn({ deadlineMs }, 'answered 503: the request was not answered in time');
        reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .header('cache-control', 'no-store');
        if (request.url.startsWith('/api/')) {
          void reply.send({ message: errorMessages.serviceUnavailable, code: 'DATABASE_UNAVAILABLE' });
        } else {
          void reply.header('content-type', 'text/html; charset=utf-8').send(LATE_PAGE);
        }
      }, deadlineMs);
      timer.unref();
      reply.raw.once('close', () => clearTimeout(timer));
    });
  },
  { name: 'answer-deadline' },
);
