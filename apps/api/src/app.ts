import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
  type RouteOptions,
} from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { isInternalCall } from './lib/internal-calls';
import { errorLogSerializer, redactUrl } from './lib/log-redaction';
import { metricsPlugin } from './lib/metrics';
import { openStorage } from './lib/open-storage';
import { scopedServer } from './lib/request-scope';
import type { Storage } from './lib/storage';
import { authPlugin } from './modules/accounts/accounts.plugin';
import { accountRoutes } from './modules/accounts/accounts.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { catalogueRoutes, mediaRoutes } from './modules/catalogue/catalogue.routes';
import { contentRoutes } from './modules/content/content.routes';
import { depositRoutes } from './modules/deposits/deposits.routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { generationRoutes } from './modules/generation/generation.routes';
import { healthRoutes } from './modules/health/health.routes';
import { queueDepths } from './modules/jobs/jobs.stats';
import { setMailShopUrl } from './modules/mail/mail.notify';
import { mailRoutes } from './modules/mail/mail.routes';
import { offerRoutes } from './modules/offers/offers.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import { paymentsPlugin } from './modules/payments/payments.plugin';
import { receiptRoutes } from './modules/receipts/receipts.routes';
import { reviewRoutes } from './modules/reviews/reviews.routes';
import { sessionPlugin } from './modules/session/session.plugin';
import { languagePlugin } from './modules/site/site.language';
import { siteRoutes } from './modules/site/site.routes';
import { verificationRoutes } from './modules/verification/verification.routes';
import { lastLedgerCheck } from './modules/wallet/wallet.check';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { answerDeadlineMs, answerDeadlinePlugin } from './plugins/answer-deadline';
import { dbPlugin } from './plugins/db';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { schemasPlugin } from './plugins/schemas';
import { securityHeadersPlugin } from './plugins/security-headers';
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
  /** Defaults to the configured storage: S3 when S3_BUCKET is set, else DATA_DIR/storage. */
  storage?: Storage;
  logger?: FastifyServerOptions['logger'];
  /** Told of every route as it is added (tests walk the route table with it). */
  onRoute?: (route: RouteOptions) => void;
};

/** What a request line in the log holds: no cookies, no headers, and no secrets from the query. */
function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * One log line per request, when it is answered (with the request, the status and the time),
 * instead of one as it comes and one as it goes. A page's own calls to the API belong to the
 * page's line: they are logged at debug level.
 */
class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (isInternalCall(request.headers)) reply.log.debug(line, 'internal call completed');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * TRUST_PROXY in a form Fastify applies: a hop count becomes the function it stands for (trust
 * the socket peer and the nearest addresses of X-Forwarded-For, `hops` in all); Fastify itself
 * would trust no one for a bare number.
 */
function trustedProxies(
  setting: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** Builds the whole server without listening, so tests can call `app.inject()`. */
export async function buildApp({
  config,
  database,
  closeDatabase = true,
  web = false,
  logger,
  storage,
  onRoute,
}: BuildOptions) {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof logger === 'object' ? logger : {}),
            serializers: { req: requestLogSerializer, err: errorLogSerializer },
          },
    trustProxy: trustedProxies(config.trustProxy),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    logController: new RequestLog(),
    serverFactory: (handler) => scopedServer(handler),
    // While closing, requests under way are answered in full: a page's own calls to the API
    // (in process) must not be refused half-way through its render.
    return503OnClosing: false,
  });

  app.decorate('config', config);
  setMailShopUrl(config.appUrl);
  if (onRoute) app.addHook('onRoute', onRoute);
  await app.register(schemasPlugin);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Under a slow database every read is answered in time (plugins/answer-deadline.ts).
  if (config.database.kind === 'postgres') {
    await app.register(answerDeadlinePlugin, { deadlineMs: answerDeadlineMs(config.database) });
  }

  await app.register(securityHeadersPlugin, {
    appUrl: config.appUrl,
    development: web !== false && web.mode === 'development',
  });

  // Every other answer is compressed for its one response: by Zstandard where the client takes
  // it (the cheapest, lib/accept-encoding.ts), else Brotli at a quality that costs little CPU, gzip
  // for older clients. Images are already compressed and pass through as they are.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['zstd', 'br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(dbPlugin, { database, closeOnShutdown: closeDatabase });
  await app.register(metricsPlugin, {
    readings: {
      queueDepths: () => queueDepths(database.db),
      lastLedgerCheck: () => lastLedgerCheck(database.db),
    },
  });
  await app.register(storagePlugin, {
    storage: storage ?? openStorage(config),
  });
  // Multipart bodies are read only by routes that ask for them (see lib/uploads.ts), each with
  // its own limits; these are the ceilings.
  await app.register(multipart, {
    limits: { fileSize: 20 * 1024 * 1024, files: 10, fields: 50, fieldSize: 64 * 1024, parts: 60 },
  });
  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  await app.register(sessionPlugin);
  await app.register(authPlugin);
  await app.register(paymentsPlugin);

  await app.register(
    async (api) => {
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      await api.register(healthRoutes);
      await api.register(siteRoutes);
      await api.register(accountRoutes);
      await api.register(mailRoutes);
      await api.register(contentRoutes);
      await api.register(catalogueRoutes);
      await api.register(reviewRoutes);
      await api.register(depositRoutes);
      await api.register(orderRoutes);
      await api.register(receiptRoutes);
      await api.register(generationRoutes);
      await api.register(offerRoutes);
      await api.register(verificationRoutes);
      await api.register(walletRoutes);
      await api.register(adminRoutes);
      await api.register(docsRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(mediaRoutes);
  if (web) await app.register(webPlugin, web);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
