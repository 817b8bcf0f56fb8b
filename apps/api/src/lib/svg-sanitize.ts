import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/**
 * Makes an uploaded SVG harmless: a file that declares a DOCTYPE is refused, any other is cleaned by
 * jsdom and DOMPurify (svg-sanitize.worker.ts) in a worker thread of its own under a time limit. A
 * file that is slow to parse or to clean costs its own upload, never the other requests waiting on
 * this process's event loop (decision 0045).
 */

/** How long cleaning one SVG may take, its worker's start included, before the file is refused. */
export const SVG_TIME_LIMIT_MS = 20_000;

/** A worker's heap: a drawing of 10 MB needs far less; a file that needs more is refused. */
const WORKER_HEAP_MB = 512;

/**
 * How many SVGs this process cleans at once; the next waits for a turn, so that a burst of uploads
 * cannot fill the memory with workers.
 */
const MAX_WORKERS = 2;

/** The worker's file beside this module: its bundle in dist/ (build.mjs), else the source in src/. */
const workerFile = [
  new URL('./svg-sanitize.worker.js', import.meta.url),
  new URL('./svg-sanitize.worker.ts', import.meta.url),
].find((file) => existsSync(file));

/**
 * Whether the file holds `<!DOCTYPE`, in any case, anywhere. A drawing never needs one, and a
 * DOCTYPE is where entities are declared (the billion laughs, files read from the server's disk).
 * The text is searched, not parsed: a DOCTYPE written in a comment counts too. One search for a
 * fixed text, so its time grows with the file's length and no faster.
 */
export function declaresDoctype(content: Buffer): boolean {
  return /<!doctype/i.test(content.toString('utf8'));
}

let running = 0;
const waiting: (() => void)[] = [];

/** Waits until fewer than MAX_WORKERS SVGs are being cleaned; `endTurn` hands the turn on. */
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
 * The cleaned text from a new worker, or null when the file took longer than `timeLimitMs` or more
 * memory than WORKER_HEAP_MB (the worker is stopped). Throws when the worker cannot run at all.
 */
function cleanInWorker(text: string, timeLimitMs: number): Promise<string | null> {
  if (!workerFile) throw new Error('svg-sanitize.worker is missing beside svg-sanitize');
  const worker = new Worker(workerFile, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  let timer: NodeJS.Timeout | undefined;
  // The first of these events settles the answer; the worker is stopped whichever it was.
  return new Promise<string | null>((resolve, reject) => {
    timer = setTimeout(() => resolve(null), timeLimitMs);
    worker.once('message', (cleaned: string | null) => resolve(cleaned));
    worker.once('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') resolve(null);
      else reject(error);
    });
    worker.once('exit', () => reject(new Error('the SVG worker stopped without an answer')));
    worker.postMessage(text);
  }).finally(() => {
    clearTimeout(timer);
    void worker.terminate();
  });
}

/**
 * The SVG with only its drawing kept, or null when it declares a DOCTYPE, is no well-formed
 * document with an `<svg>` root, or could not be cleaned within the time limit.
 */
export async function sanitizeSvg(content: Buffer, timeLimitMs = SVG_TIME_LIMIT_MS): Promise<Buffer | null> {
  if (declaresDoctype(content)) return null;
  await takeTurn();
  try {
    const text = await cleanInWorker(content.toString('utf8').replace(/^\uFEFF/, ''), timeLimitMs);
    return text === null ? null : Buffer.from(text, 'utf8');
  } finally {
    endTurn();
  }
}
