import { PassThrough, pipeline } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';
import { cspNonceOf } from './lib/api.server';
import { CspNonceContext } from './lib/csp-nonce';
import { scriptsAfterLoad } from './lib/scripts-after-load.server';

export const streamTimeout = 5_000;

/**
 * Renders a page as a stream. Every inline script React and React Router write carries the
 * response's CSP nonce, which the API server hands over in the load context.
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
    let shellRendered = false;
    let cancelled = false;
    let status = responseStatusCode;
    let timeout: ReturnType<typeof setTimeout> | undefined;

    const onReady = () => {
      shellRendered = true;
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeout);
          callback();
        },
      });
      // A visitor who hangs up cancels the response: React Router destroys this stream with the
      // reason and stops listening to it, so without a listener of ours the error it then emits
      // would end the process. The render is abandoned with it.
      body.on('error', () => {});
      body.once('close', () => {
        if (body.writableFinished) return;
        cancelled = true;
        clearTimeout(timeout);
        abort();
      });
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      if (nonce) {
        const html = scriptsAfterLoad(nonce);
        pipeline(html, body, () => {});
        pipe(html);
      } else {
        pipe(body);
      }
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
    };

    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonceContext.Provider>,
      {
        nonce,
        // The page is sent once all of it is rendered (its data is loaded before; only code-split
        // parts suspend, for a moment), and every Suspense boundary is written where it stands,
        // however large. Sent at the shell, or with React's default of moving a boundary of more
        // than about 12 KB to the end, the boundaries came last and were revealed from scripts on
        // later animation frames: the browser laid the page out twice and, while such a frame was
        // pending, held back the first paint behind the page's scripts.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady: onReady,
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (shellRendered && !cancelled) console.error(error);
        },
      },
    );
    timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
