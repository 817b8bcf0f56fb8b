import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Makes the opened database available to services; the caller owns opening and migrating it. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: { database: Database; closeOnShutdown: boolean }) => {
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    if (options.closeOnShutdown) app.addHook('onClose', () => options.database.close());
  },
  { name: 'db' },
);
