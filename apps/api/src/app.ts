import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { diskStorage, type Storage } from './lib/storage';
import { accountRoutes } from './modules/accounts/accounts.routes';
import { catalogueRoutes, mediaRoutes } from './modules/catalogue/catalogue.routes';
import { contentRoutes } from './modules/content/content.routes';
import { healthRoutes } from './modules/health/health.routes';
import { siteRoutes } from './modules/site/site.routes';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { languagePlugin } from './plugins/language';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { storagePlugin } from './plugins/storage';
import { type WebOptions, webPlugin } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export type BuildOptions = {
  config: Config;
  /** An opened, migrated database; the app closes it on shutdown unless told otherwise. */
  database: Database;
  closeDatabase?: boolean;
  web?: WebOptions | false;
  /** Defaults to the local disk under DATA_DIR/storage. */
  storage?: Storage;
  logger?: FastifyServerOptions['logger'];
};

/** Builds the whole server without listening, so tests can call `app.inject()`. */
export async function buildApp({
  config,
  database,
  closeDatabase = true,
  web = false,
  logger,
  storage,
}: BuildOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });

  app.decorate('config', config);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(securityHeadersPlugin, {
    appUrl: config.appUrl,
    development: web !== false && web.mode === 'development',
  });

  // Brotli at a quality that costs little CPU per response; gzip for older clients. Images are
  // already compressed and pass through as they are.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(dbPlugin, { database, closeOnShutdown: closeDatabase });
  await app.register(storagePlugin, {
    storage: storage ?? diskStorage(path.join(config.dataDir, 'storage')),
  });
  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  await app.register(sessionPlugin);
  await app.register(authPlugin);

  await app.register(
    async (api) => {
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      await api.register(healthRoutes);
      await api.register(siteRoutes);
      await api.register(accountRoutes);
      await api.register(contentRoutes);
      await api.register(catalogueRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(mediaRoutes);
  if (web) await app.register(webPlugin, web);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
