import cluster, { type Worker } from 'node:cluster';
import type { Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';

export type SupervisorLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type SupervisorOptions = {
  workers: number;
  /** Where the shop listens: the supervisor takes the connections and hands each to a worker. */
  listen: { host: string; port: number };
  log: SupervisorLog;
  /** Told each time a worker that had been serving died and another takes its place. */
  onRestart?: (details: { pid: number | undefined; code: number | null; signal: string | null }) => void;
  /** Told once the port is open, which is when every worker is ready to serve. */
  onListening?: (address: { host: string; port: number }) => void;
  /** How long shutdown waits for workers to finish their requests before ending them. */
  shutdownTimeoutMs?: number;
  /** How long the port stays open once shutdown has begun: the workers' last call for requests on their way. */
  lastCallMs?: number;
};

/** What a worker is told when the server shuts down: finish what is under way, then exit. */
export const SHUTDOWN_MESSAGE = 'promptmarket:shutdown';
/** Sent by a worker once it serves the connections handed to it (`serveHandedConnections`). */
const READY_MESSAGE = 'promptmarket:ready';
/** Sent to a worker with a visitor's connection, which it serves from then on. */
export const CONNECTION_MESSAGE = 'promptmarket:connection';
/** Sent by a worker as soon as it has taken a handed connection: the next one can be sent. */
const TAKEN_MESSAGE = 'promptmarket:taken';
/** Sent by a worker when a connection handed to it has closed. */
const CLOSED_MESSAGE = 'promptmarket:closed';

/** Connections that arrive while no worker is ready wait, up to this many; later ones are closed. */
const MAX_WAITING_CONNECTIONS = 1_000;
/** How long a worker waits after a handed connection for another before it serves those it holds. */
const QUIET_MS = 1;
/** The longest a worker holds handed connections before it serves them (`serveHandedConnections`). */
const MAX_HOLD_MS = 100;

/** A handed connection as the worker receives it: how many more are queued for it behind this one. */
export type HandedConnection = { type: typeof CONNECTION_MESSAGE; behind: number };

/** A worker's line to the supervisor: its process, under `node:cluster`. */
export type SupervisorChannel = {
  connected?: boolean;
  send?: (message: string) => unknown;
  on(event: 'message', listener: (message: HandedConnection, handle: unknown) => void): unknown;
};

/**
 * A connection that fails while it waits to be handed over or served (the client reset it) is
 * closed; without a listener its error would escape. Removed once the HTTP server takes the
 * connection, which answers its errors itself (a 400 for garbage).
 */
function closeOnError(this: Socket) {
  this.destroy();
}

/** A worker's share of the connections: those it serves, and those still to be handed to it. */
type Share = { open: number; queue: Socket[]; sending: boolean };

/**
 * Runs the server's workers in this (primary) process with `node:cluster`, and listens on the
 * shop's port itself: each connection goes to the ready worker that serves the fewest (decision
 * 0034). A kept-alive connection stays with the worker that took it, and the cluster's own round
 * robin gave one worker up to twice the other's share whenever connections were opened while the
 * workers were busy, which doubled the answer times of that worker's visitors.
 *
 * A worker that dies after it was ready is replaced at once (a little later when several die within
 * a minute, so a fault on every start cannot spin the machine); a worker that dies before it was
 * ever ready is a start-up failure, and the server stops with it. SIGINT and SIGTERM shut the workers
 * down gracefully (the port closes after their last call), then the supervisor exits.
 */
export function superviseWorkers({
  workers,
  listen,
  log,
  onRestart,
  onListening,
  shutdownTimeoutMs = 15_000,
  lastCallMs = 1_000,
}: SupervisorOptions) {
  /** Each ready worker's share of the connections. */
  const shares = new Map<Worker, Share>();
  const everReady = new WeakSet<Worker>();
  const waiting: Socket[] = [];
  const recentDeaths: number[] = [];
  let shuttingDown = false;
  let listener: Server | undefined;

  const leastBusy = () => {
    let chosen: [Worker, Share] | undefined;
    for (const entry of shares) if (chosen === undefined || entry[1].open < chosen[1].open) chosen = entry;
    return chosen;
  };

  /**
   * Sends the worker the next connection of its queue once it has taken the last: a handle is
   * passed one at a time anyway (Node's IPC waits for the worker to take one before it sends the
   * next), and sending them in turn here lets each say how many are still queued behind it.
   */
  const sendNext = (worker: Worker, share: Share) => {
    if (share.sending) return;
    const socket = share.queue.shift();
    if (!socket) return;
    if (socket.destroyed) {
      share.open -= 1;
      return sendNext(worker, share);
    }
    share.sending = true;
    const message: HandedConnection = { type: CONNECTION_MESSAGE, behind: share.queue.length };
    worker.send(message, socket, (error: Error | null) => {
      if (!error) return;
      // The worker went away meanwhile: the connection is closed, as a dead worker's are.
      socket.destroy();
      share.open -= 1;
    });
  };

  const handOver = (socket: Socket) => {
    if (socket.destroyed) return;
    const chosen = leastBusy();
    if (!chosen) {
      if (waiting.length < MAX_WAITING_CONNECTIONS) waiting.push(socket);
      else socket.destroy();
      return;
    }
    const [worker, share] = chosen;
    share.open += 1;
    share.queue.push(socket);
    sendNext(worker, share);
  };

  const openPort = () => {
    const server = createServer({ pauseOnConnect: true }, (socket) => {
      socket.on('error', closeOnError);
      handOver(socket);
    });
    listener = server;
    server.on('error', (error) => {
      log.error({ err: error, ...listen }, 'the port could not be opened; stopping');
      void shutdown(1);
    });
    server.listen(listen.port, listen.host, () => {
      const address = server.address();
      onListening?.(
        typeof address === 'object' && address ? { host: address.address, port: address.port } : listen,
      );
    });
  };

  const fork = () => {
    // A new worker warms up (warm-up.ts) only while no visitor waits for it: at the start, as the
    // port opens once every worker is ready, or beside a worker that serves meanwhile.
    const visitorsWait = listener !== undefined && shares.size === 0;
    const worker = cluster.fork(visitorsWait ? { WARM_UP_MS: '0' } : {});
    worker.on('message', (message) => {
      const share = shares.get(worker);
      if (message === CLOSED_MESSAGE && share) share.open = Math.max(0, share.open - 1);
      else if (message === TAKEN_MESSAGE && share) {
        share.sending = false;
        sendNext(worker, share);
      } else if (message === READY_MESSAGE && !shuttingDown) {
        everReady.add(worker);
        shares.set(worker, { open: 0, queue: [], sending: false });
        // The port opens once all the workers are ready, so the first visitors are shared among them.
        if (!listener && shares.size === workers) openPort();
        for (const socket of waiting.splice(0)) handOver(socket);
      }
    });
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    const queued = shares.get(worker)?.queue ?? [];
    shares.delete(worker);
    // Connections not handed to it yet go to the others (or wait for its replacement).
    for (const socket of queued) handOver(socket);
    if (shuttingDown) return;
    if (!everReady.has(worker)) {
      log.error({ pid: worker.process.pid, code, signal }, 'a worker failed to start; stopping');
      void shutdown(1);
      return;
    }
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths.length > 0 && (recentDeaths[0] ?? now) < now - 60_000) recentDeaths.shift();
    const delayMs = Math.min(5_000, (recentDeaths.length - 1) * 250);
    log.warn({ pid: worker.process.pid, code, signal, delayMs }, 'a worker died; starting another');
    onRestart?.({ pid: worker.process.pid, code, signal });
    setTimeout(() => {
      if (!shuttingDown) fork();
    }, delayMs);
  });

  async function shutdown(exitCode: number) {
    if (shuttingDown) return;
    shuttingDown = true;
    // The port stays open for the workers' last call (their answers close their connections meanwhile):
    // closed at once, it would reset the connections the kernel had accepted and this process had
    // not taken yet. Connections queued for a worker are still handed to it.
    setTimeout(() => {
      listener?.close();
      for (const socket of waiting.splice(0)) socket.destroy();
    }, lastCallMs).unref();
    const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);
    log.info({ workers: running.length }, 'shutting down');
    const exited = running.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          worker.once('exit', () => resolve());
          if (worker.isConnected()) worker.send(SHUTDOWN_MESSAGE);
        }),
    );
    const timer = setTimeout(() => {
      for (const worker of running) if (!worker.isDead()) worker.process.kill('SIGKILL');
    }, shutdownTimeoutMs);
    await Promise.all(exited);
    clearTimeout(timer);
    process.exit(exitCode);
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(0));
  for (let index = 0; index < workers; index++) fork();
  return { shutdown };
}

/**
 * In a worker: serves the connections the supervisor hands over as if `server` had accepted them,
 * tells the supervisor when it has taken each (so that it sends the next) and when each closes (how
 * busy this worker is), and tells it the worker is ready. `server` must listen (on any address):
 * Node's HTTP server checks its connections' time limits only once listening.
 *
 * Connections opened together are served together. A busy worker takes a handed connection only
 * when its event loop comes round, so serving each at once made every later one wait for the pages
 * the earlier ones asked for: 25 connections opened together reached a worker over a second. So a
 * handed connection is held, unread, until no other is queued for this worker and none has come
 * for `QUIET_MS` (at most `MAX_HOLD_MS`): an idle worker takes the next at once, and connections
 * opened together all arrive within milliseconds. A connection that comes alone waits `QUIET_MS`.
 *
 * Returns how many handed connections are open, for a graceful close to wait on.
 */
export function serveHandedConnections(
  server: Pick<HttpServer, 'emit'>,
  channel: SupervisorChannel = process,
): { open(): number } {
  const open = new Set<Socket>();
  let held: Socket[] = [];
  let lastArrival = Number.NEGATIVE_INFINITY;
  let lastBehind = 0;
  let quietCheck: ReturnType<typeof setTimeout> | undefined;
  let holdTimer: ReturnType<typeof setTimeout> | undefined;

  const serveHeld = () => {
    clearTimeout(quietCheck);
    clearTimeout(holdTimer);
    quietCheck = holdTimer = undefined;
    const sockets = held;
    held = [];
    for (const socket of sockets) {
      socket.off('error', closeOnError);
      if (socket.destroyed) continue;
      server.emit('connection', socket);
      socket.resume();
    }
  };

  // Quiet when nothing more is queued and none has come for `QUIET_MS`. A timer runs before the
  // loop reads its input, so the last look is taken after that read (`setImmediate`): a connection
  // that was already waiting to be read counts as come.
  const isQuiet = () => lastBehind === 0 && performance.now() - lastArrival >= QUIET_MS;
  const checkQuiet = () => {
    quietCheck = undefined;
    if (held.length === 0) return;
    if (!isQuiet()) {
      quietCheck = setTimeout(checkQuiet, QUIET_MS);
      return;
    }
    setImmediate(() => {
      if (held.length === 0) return;
      if (isQuiet()) serveHeld();
      else quietCheck ??= setTimeout(checkQuiet, QUIET_MS);
    });
  };

  const tell = (message: string) => {
    if (channel.connected) channel.send?.(message);
  };

  channel.on('message', (message: HandedConnection, handle: unknown) => {
    if (message?.type !== CONNECTION_MESSAGE) return;
    tell(TAKEN_MESSAGE);
    if (!handle) return;
    const socket = handle as Socket;
    socket.on('error', closeOnError);
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      tell(CLOSED_MESSAGE);
    });
    held.push(socket);
    lastArrival = performance.now();
    lastBehind = message.behind;
    holdTimer ??= setTimeout(serveHeld, MAX_HOLD_MS);
    quietCheck ??= setTimeout(checkQuiet, QUIET_MS);
  });
  tell(READY_MESSAGE);
  return { open: () => open.size };
}
