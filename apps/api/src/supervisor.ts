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
};

/** What a worker is told when the server shuts down: finish what is under way, then exit. */
export const SHUTDOWN_MESSAGE = 'promptmarket:shutdown';
/** Sent by a worker once it serves the connections handed to it (`serveHandedConnections`). */
const READY_MESSAGE = 'promptmarket:ready';
/** Sent to a worker with a visitor's connection, which it serves from then on. */
const CONNECTION_MESSAGE = 'promptmarket:connection';
/** Sent by a worker when a connection handed to it has closed. */
const CLOSED_MESSAGE = 'promptmarket:closed';

/** Connections that arrive while no worker is ready wait, up to this many; later ones are closed. */
const MAX_WAITING_CONNECTIONS = 1_000;

/**
 * Runs the server's workers in this (primary) process with `node:cluster`, and listens on the
 * shop's port itself: each connection goes to the ready worker that serves the fewest (decision
 * 0034). A kept-alive connection stays with the worker that took it, and the cluster's own round
 * robin gave one worker up to twice the other's share whenever connections were opened while the
 * workers were busy, which doubled the answer times of that worker's visitors.
 *
 * A worker that dies after it was ready is replaced at once (a little later when several die within
 * a minute, so a fault on every start cannot spin the machine); a worker that dies before it was
 * ever ready is a start-up failure, and the server stops with it. SIGINT and SIGTERM close the port,
 * shut the workers down gracefully, then the supervisor exits.
 */
export function superviseWorkers({
  workers,
  listen,
  log,
  onRestart,
  onListening,
  shutdownTimeoutMs = 15_000,
}: SupervisorOptions) {
  /** Open connections of each ready worker. */
  const serving = new Map<Worker, number>();
  const everReady = new WeakSet<Worker>();
  const waiting: Socket[] = [];
  const recentDeaths: number[] = [];
  let shuttingDown = false;
  let listener: Server | undefined;

  const closed = (worker: Worker) => {
    const open = serving.get(worker);
    if (open !== undefined) serving.set(worker, Math.max(0, open - 1));
  };

  const leastBusy = () => {
    let chosen: Worker | undefined;
    for (const [worker, open] of serving) {
      if (chosen === undefined || open < (serving.get(chosen) ?? 0)) chosen = worker;
    }
    return chosen;
  };

  const handOver = (socket: Socket) => {
    if (socket.destroyed) return;
    const worker = leastBusy();
    if (!worker) {
      if (waiting.length < MAX_WAITING_CONNECTIONS) waiting.push(socket);
      else socket.destroy();
      return;
    }
    serving.set(worker, (serving.get(worker) ?? 0) + 1);
    worker.send(CONNECTION_MESSAGE, socket, (error: Error | null) => {
      if (!error) return;
      // The worker went away meanwhile: the connection is closed, as a dead worker's are.
      socket.destroy();
      closed(worker);
    });
  };

  const openPort = () => {
    const server = createServer({ pauseOnConnect: true }, handOver);
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
    const worker = cluster.fork();
    worker.on('message', (message) => {
      if (message === CLOSED_MESSAGE) closed(worker);
      else if (message === READY_MESSAGE && !shuttingDown) {
        everReady.add(worker);
        serving.set(worker, 0);
        // The port opens once all the workers are ready, so the first visitors are shared among them.
        if (!listener && serving.size === workers) openPort();
        for (const socket of waiting.splice(0)) handOver(socket);
      }
    });
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    serving.delete(worker);
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
    listener?.close();
    for (const socket of waiting.splice(0)) socket.destroy();
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
 * tells the supervisor when each closes (how busy this worker is), and tells it the worker is ready.
 * `server` must listen (on any address): Node's HTTP server checks its connections' time limits only
 * once listening. Returns how many handed connections are open, for a graceful close to wait on.
 */
export function serveHandedConnections(server: HttpServer): { open(): number } {
  const open = new Set<Socket>();
  process.on('message', (message, handle) => {
    if (message !== CONNECTION_MESSAGE || !handle) return;
    const socket = handle as Socket;
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      if (process.connected) process.send?.(CLOSED_MESSAGE);
    });
    server.emit('connection', socket);
    socket.resume();
  });
  process.send?.(READY_MESSAGE);
  return { open: () => open.size };
}
