import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import type { EntryContext } from 'react-router';

/**
 * The two ways a page is rendered whole (decision 0037). Most pages take one synchronous pass of
 * `renderToString`, which gathers React's output as a string: the renderer that streams writes
 * every tag, attribute and text through a small byte buffer, work that a page sent whole as one
 * buffer does not need. A page that cannot be rendered at once is rendered again by the
 * renderer that waits for every part (`renderWhenReady`): one whose code-split part is not yet
 * loaded in this process (the first of its kind), or one with an error to report.
 */

const DOCTYPE = '<!DOCTYPE html>';
/** A boundary the renderer gave up on (suspended or failed), which it leaves to the browser. */
const GIVEN_UP_BOUNDARY = Buffer.from('<!--$!');

/**
 * The page in one pass, as UTF-8, or null when a part of it suspended or failed.
 *
 * React gathers the page as a string made of thousands of joined pieces. It is written once into
 * bytes of the right length, which are then searched: reading it as a string instead (to look for
 * a given-up boundary, or joining it to the doctype and then encoding it) goes through the whole
 * page more times for the same bytes (decision 0037).
 */
export function renderedAtOnce(page: ReactElement): Buffer | null {
  let html: string;
  try {
    html = renderToString(page);
  } catch {
    // A part outside every Suspense boundary suspended or failed.
    return null;
  }
  // The renderer that waits writes the doctype before a document; this one does not.
  const prefix = html.startsWith('<html') ? DOCTYPE : '';
  const bytes = Buffer.allocUnsafe(prefix.length + Buffer.byteLength(html));
  bytes.write(prefix, 0, 'latin1');
  bytes.write(html, prefix.length);
  // A boundary given up on is marked `<!--$!-->`. Text cannot spell it (its `<` is escaped);
  // HTML a page sets itself that does is only rendered a second time.
  return bytes.includes(GIVEN_UP_BOUNDARY) ? null : bytes;
}

/**
 * The page once every part of it is ready, and the status to answer with: 500 when a part failed
 * (the error is logged and the browser renders that part). Rejects when the page's shell failed,
 * and gives up after `timeoutMs`.
 */
export function renderWhenReady(
  page: ReactElement,
  { nonce, status, timeoutMs }: { nonce: string | undefined; status: number; timeoutMs: number },
): Promise<{ html: Buffer; status: number }> {
  return new Promise((resolve, reject) => {
    let answered = status;
    let settled = false;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const chunks: Uint8Array[] = [];
    const gathered = new Writable({
      write(chunk: Uint8Array, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        settled = true;
        resolve({ html: Buffer.concat(chunks), status: answered });
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // Every Suspense boundary is written where it stands, however large. With React's default
      // of moving a boundary of more than about 12 KB to the end, the boundaries came last and
      // were revealed from scripts on later animation frames: the browser laid the page out twice
      // and, while such a frame was pending, held back the first paint behind the page's scripts.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (!settled) pipe(gathered);
      },
      onShellError(error: unknown) {
        settled = true;
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        answered = 500;
        console.error(error);
      },
    });
    timeout = setTimeout(abort, timeoutMs);
  });
}

/** The loader data read, by the page's context. */
const handedOver = new WeakMap<EntryContext, Buffer>();

/**
 * Reads the loader data React Router writes into the page before the page is rendered, so that
 * the part that writes it (React Router's `StreamTransfer`, which reads each piece of the stream
 * through `renderMeta.streamCache`, suspending until it comes) has it at once: all of it as one
 * piece, read and done (`freshHandoffStream`).
 */
export async function handOverLoaderData(routerContext: EntryContext): Promise<void> {
  const stream = routerContext.serverHandoffStream;
  if (!stream) return;
  const reader = stream.getReader();
  const pieces: Uint8Array[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) pieces.push(read.value);
  handedOver.set(routerContext, Buffer.concat(pieces));
  freshHandoffStream(routerContext);
}

/**
 * The loader data read, for one render of the page: as the piece read, and as a new stream of the
 * same bytes, whose reader the render takes. Set again before every render, so that a render never
 * starts with what an earlier one left in the cache; were the cache not read, the stream would
 * still give the data once.
 */
export function freshHandoffStream(routerContext: EntryContext): void {
  const bytes = handedOver.get(routerContext);
  if (!bytes) return;
  const whole = Object.assign(Promise.resolve(), {
    result: { done: true, value: bytes.toString('utf8') },
  });
  routerContext.renderMeta ??= {};
  routerContext.renderMeta.streamCache = { 0: whole };
  routerContext.serverHandoffStream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
}
