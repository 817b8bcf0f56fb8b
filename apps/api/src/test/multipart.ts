import type { BrowserSession } from './accounts';
import type { TestApp } from './app';

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: Part[]) {
  const boundary = '----promptmarket-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}`
        : `Content-Disposition: form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`));
    chunks.push('filename' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Sends `parts` as a multipart/form-data POST from a browser session. */
export function postMultipart(
  app: TestApp,
  session: BrowserSession,
  url: string,
  parts: Part[],
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url,
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
    headers: { ...session.headers(), ...body.headers, ...headers },
    payload: body.payload,
  });
}
