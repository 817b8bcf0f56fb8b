import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The request each piece of work belongs to. Every request is handled inside its own scope, so
 * an error that escapes its handler (a stream's error event nobody listened to, a promise nobody
 * awaited) can still be logged with the request that caused it.
 */
const scope = new AsyncLocalStorage<IncomingMessage>();

/** When each request came, and its response, for `requestUnderWay`. */
const received = new WeakMap<IncomingMessage, { at: number; response: ServerResponse }>();

/** The request whose work is running now, as the log shows requests; undefined outside one. */
export function currentRequest(): { method?: string; url?: string; id?: string } | undefined {
  const request = scope.getStore();
  if (!request) return undefined;
  const id = request.headers['x-request-id'];
  return { method: request.method, url: request.url, ...(typeof id === 'string' ? { id } : {}) };
}

/**
 * The request whose work is running now, while its answer is still to be sent: how long ago it
 * came, and whether its client hung up. Undefined outside a request, and once its answer is out
 * (work a request left running after its answer is no longer the request's).
 */
export function requestUnderWay(): { elapsedMs: number; clientGone: boolean } | undefined {
  const request = scope.getStore();
  const state = request && received.get(request);
  if (!request || !state || state.response.writableEnded) return undefined;
  return { elapsedMs: performance.now() - state.at, clientGone: request.socket?.destroyed ?? false };
}

/**
 * How long a client may take. Fastify turns Node's request timeout off by default, so a client
 * that announced a body and never sent it kept its connection, and its share of memory, forever.
 */
export const CLIENT_LIMITS = {
  /** The whole request, headers and body: an upload of 20 MB at 2 Mbit/s fits. */
  requestTimeoutMs: 120_000,
  /** The headers alone. */
  headersTimeoutMs: 30_000,
  /** An idle kept-alive connection. */
  keepAliveTimeoutMs: 5_000,
};

type ClientLimits = typeof CLIENT_LIMITS;

/**
 * Fastify's `serverFactory`: a plain HTTP server that handles each request in its own scope.
 * Fastify still adds its own answer to malformed requests (`clientError`).
 */
export function scopedServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  limits: ClientLimits = CLIENT_LIMITS,
): Server {
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
    },
    (request, response) => {
      received.set(request, { at: performance.now(), response });
      scope.run(request, handler, request, response);
    },
  );
  // With a listener of its own, Node leaves the timed-out connection to it.
  server.on('timeout', endIdleConnection);
  return server;
}

/**
 * Ends a kept-alive connection that stayed idle past its limit, once the process has read what
 * waits on it. Node would end it the moment its timer fires; when the process was busy past that
 * moment (rendering a page), the client's next request may already be there unread, and the
 * client saw its connection reset instead of an answer. Timers run before the event loop polls
 * for input, so the end waits for the poll (`setImmediate`): a request read meanwhile is answered
 * (its bytes move `bytesRead`, and Node sets the idle limit again after its answer).
 */
function endIdleConnection(socket: Socket) {
  const read = socket.bytesRead;
  setImmediate(() => {
    if (socket.bytesRead === read) socket.destroy();
  });
}
