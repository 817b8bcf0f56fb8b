import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/**
 * One piece of heavy work on an upload, done in a worker thread of its own under a time and memory
 * limit, so that a file crafted to be slow costs its own request and never the others waiting on
 * this process's event loop (decision 0045). The worker modules sit beside this one: their bundles
 * in dist/ (build.mjs), else their sources in src/. A worker module imports packages only, so that
 * it also runs as it is under Node (its types stripped).
 */

/** The worker modules there are, each named after its file without its extension. */
export type WorkerName = 'svg-sanitize.worker' | 'svg-check.worker';

function workerFile(name: WorkerName): URL {
  const file = [new URL(`./${name}.js`, import.meta.url), new URL(`./${name}.ts`, import.meta.url)].find(
    (candidate) => existsSync(candidate),
  );
  if (!file) throw new Error(`${name} is missing beside worker-task`);
  return file;
}

/**
 * How many such tasks this process runs at once; the next waits for a turn, so that a burst of
 * uploads cannot fill the memory with workers.
 */
const MAX_WORKERS = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function takeTurn(): Promise<void> {
  if (running < MAX_WORKERS) {
    running += 1;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function endTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

/**
 * The answer of a new worker to one message, or null when it took longer than `timeLimitMs` (its
 * start included) or more memory than `heapMb` (the worker is stopped either way). Throws when the
 * worker cannot run at all.
 */
export async function inWorker<Input, Answer>(
  name: WorkerName,
  input: Input,
  limits: { timeLimitMs: number; heapMb: number },
): Promise<Answer | null> {
  const file = workerFile(name);
  await takeTurn();
  let worker: Worker;
  try {
    worker = new Worker(file, { resourceLimits: { maxOldGenerationSizeMb: limits.heapMb } });
  } catch (error) {
    endTurn();
    throw error;
  }
  let timer: NodeJS.Timeout | undefined;
  // The first of these events settles the answer; the worker is stopped whichever it was.
  return new Promise<Answer | null>((resolve, reject) => {
    timer = setTimeout(() => resolve(null), limits.timeLimitMs);
    worker.once('message', (answer: Answer) => resolve(answer));
    worker.once('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') resolve(null);
      else reject(error);
    });
    worker.once('exit', () => reject(new Error(`${name} stopped without an answer`)));
    worker.postMessage(input);
  }).finally(() => {
    clearTimeout(timer);
    void worker.terminate();
    endTurn();
  });
}
