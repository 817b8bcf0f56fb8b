import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Storage } from '../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** Files (product images, uploads) through one interface; see lib/storage.ts. */
export const storagePlugin = fp(
  async (app: FastifyInstance, options: { storage: Storage }) => {
    app.decorate('storage', options.storage);
  },
  { name: 'storage' },
);
