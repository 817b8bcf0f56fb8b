import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';
import { cspNonceOf, handOverPage } from './lib/api.server';
import { CspNonceContext } from './lib/csp-nonce';
import { holdScriptsUntilLoad } from './lib/scripts-after-load.server';

export const streamTimeout = 5_000;

/**
 * Renders a page whole and answers it as one body. Every inline script React and React Router
 * write carries the response's CSP nonce, which the API server hands over in the load context.
 *
 * The page is sent once all of it is rendered (its data is loaded before; only code-split parts
 * suspend, for a moment), so nothing is gained by streaming it: React's output is gathered in
 * memory and the page leaves as one buffer. Passed on as a stream, its 2 KB pieces went through
 * four streams each (React's, the script rewrite, the web stream, the server's), which cost a
 * page more than a third of React's own render (docs/performance.md). A visitor who hangs up
 * meanwhile costs the render of a page (milliseconds), which the server may keep for the next.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: unknown,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = cspNonceOf(loadContext);
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let settled = false;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const chunks: Uint8Array[] = [];
    const page = new Writable({
      write(chunk: Uint8Array, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        settled = true;
        const html = Buffer.concat(chunks);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        const body = nonce ? holdScriptsUntilLoad(html, nonce) : html;
        resolve(handOverPage(loadContext, body, { headers: responseHeaders, status }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonceContext.Provider>,
      {
        nonce,
        // Every Suspense boundary is written where it stands, however large. With React's default
        // of moving a boundary of more than about 12 KB to the end, the boundaries came last and
        // were revealed from scripts on later animation frames: the browser laid the page out twice
        // and, while such a frame was pending, held back the first paint behind the page's scripts.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          if (!settled) pipe(page);
        },
        onShellError(error: unknown) {
          settled = true;
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
    timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
