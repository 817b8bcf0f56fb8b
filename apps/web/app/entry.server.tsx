import { type EntryContext, ServerRouter } from 'react-router';
import { cspNonceOf, handOverPage, metUnavailableShop } from './lib/api.server';
import { CspNonceContext } from './lib/csp-nonce';
import { holdScriptsUntilLoad } from './lib/scripts-after-load.server';
import {
  freshHandoffStream,
  handOverLoaderData,
  renderedAtOnce,
  renderWhenReady,
} from './lib/whole-page.server';

export const streamTimeout = 5_000;

/**
 * Renders a page whole and answers it as one body. Every inline script React and React Router
 * write carries the response's CSP nonce, which the API server hands over in the load context.
 *
 * The page is sent once all of it is rendered (its data is loaded before; only code-split parts
 * suspend, for a moment), so nothing is gained by streaming it: the page leaves as one buffer,
 * rendered in one pass where it can be (`renderedAtOnce`, decision 0037). Passed on as a stream,
 * its small pieces would go through four streams each (React's, the script rewrite, the web
 * stream, the server's), copying and handing over the same bytes again at every step for nothing.
 * A visitor who hangs up meanwhile costs only the render of one page, which the server may cache
 * for the next visitor.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: unknown,
) {
  // The shop's database out of reach (lib/api.server.ts): a browser or a crawler comes back later.
  const unavailable = metUnavailableShop(loadContext);
  if (unavailable && !responseHeaders.has('Retry-After')) responseHeaders.set('Retry-After', '5');
  const firstStatus = unavailable ? 503 : responseStatusCode;
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: firstStatus, headers: responseHeaders });
  }
  const nonce = cspNonceOf(loadContext);
  const page = (
    <CspNonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </CspNonceContext.Provider>
  );
  await handOverLoaderData(routerContext);
  let html = renderedAtOnce(page);
  let status = firstStatus;
  if (html === null) {
    freshHandoffStream(routerContext);
    ({ html, status } = await renderWhenReady(page, {
      nonce,
      status,
      timeoutMs: streamTimeout + 1000,
    }));
  }
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  const body = nonce ? holdScriptsUntilLoad(html, nonce) : html;
  return handOverPage(loadContext, body, { headers: responseHeaders, status });
}
