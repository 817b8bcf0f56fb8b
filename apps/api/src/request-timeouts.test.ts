import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';

// A client has 30 seconds to send its headers and 120 seconds for its whole request; past either,
// the shop answers 408 and ends the connection, so that a client that trickles its bytes cannot
// keep a connection, and its share of memory, for as long as it likes. Serving others meanwhile is
// not enough: `e2e/hang-ups.test.ts` shows that; this shows that the connection itself is ended.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The limits are waited out at this fraction of their length, on the shop's own HTTP server. */
const SCALE = 1 / 100;

let app: TestApp;
let port: number;
let limits: { headersMs: number; requestMs: number };

beforeAll(async () => {
  app = await createTestApp();
  limits = { headersMs: app.server.headersTimeout, requestMs: app.server.requestTimeout };
  app.server.headersTimeout = limits.headersMs * SCALE;
  app.server.requestTimeout = limits.requestMs * SCALE;
  // Node looks for clients past their limits every 30 seconds unless told otherwise; looking often
  // lets a test see the end come at the limit rather than up to half a minute after it. The server
  // keeps the `connectionsCheckingInterval` option as a property it reads when it starts listening.
  (app.server as typeof app.server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    10;
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app?.close());

/**
 * A client that sends `start`, then one byte of `trickle` every 20 ms: answers what it received and
 * how many milliseconds after its start the shop ended the connection, or undefined when the shop
 * had not ended it after `giveUpMs`.
 */
async function trickler(start: string, trickle: string, giveUpMs: number) {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const began = performance.now();
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => {});
  socket.write(start);
  let sent = 0;
  const drip = setInterval(() => {
    if (!socket.destroyed && sent < trickle.length) socket.write(trickle[sent++] as string);
  }, 20);
  const endedAfterMs = await new Promise<number | undefined>((resolve) => {
    const giveUp = setTimeout(() => resolve(undefined), giveUpMs);
    socket.once('close', () => {
      clearTimeout(giveUp);
      resolve(performance.now() - began);
    });
  });
  clearInterval(drip);
  socket.destroy();
  return { received, endedAfterMs };
}

describe('a client that takes too long', () => {
  it('is answered 408 and its connection ended past 30 s for its headers, and past 120 s for its whole request', async () => {
    // The limits the shop's HTTP server holds each client to.
    expect(limits).toEqual({ headersMs: 30_000, requestMs: 120_000 });

    // Headers that keep coming, a byte at a time, but never end.
    const slowHeaders = trickler(
      'POST /api/webhooks/sandbox HTTP/1.1\r\nhost: shop.test\r\n',
      `x-padding: ${'a'.repeat(10_000)}`,
      limits.requestMs * SCALE * 3,
    );
    // Headers at once, then a body announced as 5,000 bytes that comes a byte at a time.
    const slowBody = trickler(
      'POST /api/webhooks/sandbox HTTP/1.1\r\nhost: shop.test\r\ncontent-type: application/json\r\ncontent-length: 5000\r\n\r\n',
      `{"padding":"${'b'.repeat(4_980)}"}`,
      limits.requestMs * SCALE * 3,
    );
    // Meanwhile a client that sends its request at once is answered.
    await sleep(50);
    expect((await fetch(`http://127.0.0.1:${port}/api/ping`)).status).toBe(200);

    const headers = await slowHeaders;
    expect(headers.endedAfterMs, 'the connection is still open').toBeDefined();
    expect(headers.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(headers.endedAfterMs).toBeGreaterThanOrEqual(limits.headersMs * SCALE);
    expect(headers.endedAfterMs).toBeLessThan(limits.requestMs * SCALE);

    const body = await slowBody;
    expect(body.endedAfterMs, 'the connection is still open').toBeDefined();
    expect(body.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(body.endedAfterMs).toBeGreaterThanOrEqual(limits.requestMs * SCALE);
  });
});
