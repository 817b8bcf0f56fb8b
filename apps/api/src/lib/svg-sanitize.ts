import { inWorker } from './worker-task';

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
 * Whether the file holds `<!DOCTYPE`, in any case, anywhere. A drawing never needs one, and a
 * DOCTYPE is where entities are declared (the billion laughs, files read from the server's disk).
 * The text is searched, not parsed: a DOCTYPE written in a comment counts too. One search for a
 * fixed text, so its time grows with the file's length and no faster.
 */
export function declaresDoctype(content: Buffer): boolean {
  return /<!doctype/i.test(content.toString('utf8'));
}

/**
 * The SVG with only its drawing kept, or null when it declares a DOCTYPE, is no well-formed
 * document with an `<svg>` root, or could not be cleaned within the time limit.
 */
export async function sanitizeSvg(content: Buffer, timeLimitMs = SVG_TIME_LIMIT_MS): Promise<Buffer | null> {
  if (declaresDoctype(content)) return null;
  const text = await inWorker<string, string | null>(
    'svg-sanitize.worker',
    content.toString('utf8').replace(/^\uFEFF/, ''),
    { timeLimitMs, heapMb: WORKER_HEAP_MB },
  );
  return text === null ? null : Buffer.from(text, 'utf8');
}
