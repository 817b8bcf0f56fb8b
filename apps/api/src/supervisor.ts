import cluster, { type Worker } from 'node:cluster';

export type SupervisorLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type SupervisorOptions = {
  workers: number;
  log: SupervisorLog;
  /** Told each time a worker that had been serving died and another takes its place. */
  onRestart?: (details: { pid: number | undefined; code: number | null; signal: string | null }) => void;
  /** How long shutdown waits for workers to finish their requests before ending them. */
  shutdownTimeoutMs?: number;
};

/** What a worker is told when the server shuts down: finish what is under way, then exit. */
export const SHUTDOWN_MESSAGE = 'promptmarket:shutdown';

/**
 * Runs the server's workers in this (primary) process with `node:cluster`. They share the
 * listening port. A worker that dies after it started serving is replaced at once (a little later
 * when several die within a minute, so a fault on every start cannot spin the machine); a worker
 * that dies before it ever listened is a start-up failure, and the server stops with it.
 * SIGINT and SIGTERM shut the workers down gracefully, then the supervisor exits.
 */
export function superviseWorkers({ workers, log, onRestart, shutdownTimeoutMs = 15_000 }: SupervisorOptions) {
  const listening = new WeakSet<Worker>();
  const recentDeaths: number[] = [];
  let shuttingDown = false;

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => listening.add(worker));
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    if (shuttingDown) return;
    if (!listening.has(worker)) {
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
