import cookie from '@fastify/cookie';
import { errorMessages, errorResponses, noContent, sessionEndpoints } from '@promptmarket/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors';
import { routeOf } from '../../plugins/schemas';
import {
  createSession,
  csrfTokenMatches,
  findSession,
  type IssuedSession,
  limitNewSessions,
  type Session,
  touchSession,
} from './session.service';

export const SESSION_COOKIE = 'promptmarket_session';
/**
 * The name over https: browsers accept a `__Host-` cookie only when it is Secure, for Path=/
 * and without Domain, so a sibling subdomain or a plain-http page cannot plant or shadow it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const API_PREFIX = '/api/';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, loaded once per request (null without a live one). */
    session(): Promise<Session | null>;
  }
  interface FastifyReply {
    /** Sets the session and XSRF cookies for a session just created or rotated. */
    issueSession(issued: IssuedSession): FastifyReply;
  }
  interface FastifyContextConfig {
    /** false for endpoints called by other servers (payment webhooks), which carry no browser cookies. */
    csrf?: boolean;
  }
}

type SessionState = { promise: Promise<Session | null>; issued: boolean };
const state = Symbol('session');
type WithState = FastifyRequest & { [state]: SessionState | null };

/**
 * Sessions and CSRF as Laravel Sanctum's SPA mode does them: an HttpOnly session cookie
 * and a readable XSRF-TOKEN cookie that every unsafe /api request must echo in X-XSRF-TOKEN.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    const { idleMinutes, maxDays, secureCookies } = app.config.session;
    const maxAge = idleMinutes * 60;
    const sessionCookie = secureCookies ? SECURE_SESSION_COOKIE : SESSION_COOKIE;

    // Sliding idle expiry: a session in use stays alive, cookies included. Added before the
    // cookie plugin so that cookies set here are still written by its own onSend hook.
    app.addHook('onSend', async (request, reply, payload) => {
      const current = (request as WithState)[state];
      const token = request.cookies?.[sessionCookie];
      if (!current || current.issued || !token) return payload;
      // Best effort: the answer is already made. When the session could not be read or touched
      // (the database is out of reach), that answer (a 503, most likely) goes out as it is; a
      // failure here would replace it with Fastify's own, which shows the error's internals.
      try {
        const session = await current.promise;
        if (session && (await touchSession(app.db, session, idleMinutes))) {
          setCookies(reply, token, session.csrfToken);
        }
      } catch (error) {
        request.log.warn({ err: error }, 'the session was not touched');
      }
      return payload;
    });

    await app.register(cookie);

    app.decorateRequest(state, null);
    app.decorateRequest('session', function (this: FastifyRequest) {
      const self = this as WithState;
      if (!self[state]) {
        const token = this.cookies[sessionCookie];
        self[state] = {
          promise: token ? findSession(app.db, token, maxDays) : Promise.resolve(null),
          issued: false,
        };
      }
      return self[state].promise;
    });

    function setCookies(reply: FastifyReply, token: string, csrfToken: string) {
      const common = { path: '/', sameSite: 'lax' as const, secure: secureCookies, maxAge };
      reply.setCookie(sessionCookie, token, { ...common, httpOnly: true });
      reply.setCookie(XSRF_COOKIE, csrfToken, { ...common, httpOnly: false });
    }

    app.decorateReply('issueSession', function (this: FastifyReply, issued: IssuedSession) {
      setCookies(this, issued.token, issued.csrfToken);
      (this.request as WithState)[state] = { promise: Promise.resolve(issued.session), issued: true };
      return this;
    });

    // Decided on the route the router matched, not on the raw URL: `/%61pi/logout` reaches the
    // same handler as `/api/logout` and must be asked the same. Checked on request, before the
    // body is parsed or the declared schemas validate it, so a forged request learns nothing but 419.
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (!request.routeOptions.url?.startsWith(API_PREFIX)) return;
      if (request.routeOptions.config.csrf === false) return;
      const session = await request.session();
      const presented = request.headers[XSRF_HEADER];
      if (!session || !csrfTokenMatches(session, typeof presented === 'string' ? presented : undefined)) {
        throw new AppError('CSRF_TOKEN_MISMATCH', errorMessages.csrfMismatch);
      }
    });

    /** Sanctum's handshake: gives the browser a session and the XSRF-TOKEN cookie to echo. */
    app.route({
      ...routeOf(sessionEndpoints.csrfCookie, { 204: noContent, ...errorResponses }),
      handler: async (request, reply) => {
        const existing = await request.session();
        const token = request.cookies[sessionCookie];
        if (existing && token) setCookies(reply, token, existing.csrfToken);
        else {
          // Only a handshake without a live session adds a row; it is counted against its address.
          await limitNewSessions(app.db, request.ip);
          reply.issueSession(await createSession(app.db, idleMinutes));
        }
        // The answer carries a session: no shared cache may keep it and hand it to someone else.
        return reply.code(204).header('cache-control', 'no-store').send();
      },
    });
  },
  { name: 'session', dependencies: ['db'] },
);
