import { LANGUAGE_HEADER } from '@promptmarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resolveRequestLocale } from './site.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language to answer in, from the `frontend-language` header (supported, else en). */
    locale(): Promise<string>;
  }
}

const resolved = Symbol('locale');
type WithLocale = FastifyRequest & { [resolved]: Promise<string> | null };

export const languagePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest(resolved, null);
    app.decorateRequest('locale', function (this: FastifyRequest) {
      const self = this as WithLocale;
      if (!self[resolved]) {
        const header = this.headers[LANGUAGE_HEADER];
        self[resolved] = resolveRequestLocale(app.db, typeof header === 'string' ? header : undefined);
      }
      return self[resolved];
    });
  },
  { name: 'language', dependencies: ['db'] },
);
