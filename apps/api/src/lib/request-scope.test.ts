import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_LIMITS, scopedServer } from './request-scope';

const request = (path: string) => `GET ${path} HTTP/1.1\r\nhost: shop.test\r\nconnection: keep-alive\r\n\r\n`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const opened: { close: () => void }[] = [];
afterEach(() => {
  for (const item of opened.splice(0)) item.close();
});

/** A client connection that keeps everything it receives, and how it ended. */
async function client(port: number) {
  const socket = connect(port, '127.0.0.1');
  opened.push({ close: () => socket.destroy() });
  await new Promise((resolve) => socket.once('connect', resolve));
  const state = { received: '', error: undefined as NodeJS.ErrnoException | undefined, closed: false };
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    state.received += chunk;
  });
  socket.on('error', (error) => {
    state.error = error;
  });
  socket.on('close', () => {
    state.closed = true;
  });
  const answers = () => state.received.split('HTTP/1.1 200').length - 1;
  const until = async (done: () => boolean) => {
    while (!done() && !state.closed) await sleep(5);
  };
  return { socket, state, answers, until };
}

describe('a kept-alive connection', () => {
  it('answers a request that arrived while the process was busy past the connection’s idle limit', async () => {
    // The idle limit as Node applies it: the one announced to clients, plus Node's own margin.
    const limits = { ...CLIENT_LIMITS, keepAliveTimeoutMs: 100 };
    let kept: Socket | undefined;
    const server = scopedServer((incoming, response) => {
      if (incoming.url === '/busy') {
        // The kept-alive client's next request arrives now, while this request keeps the process
        // busy past that connection's idle limit (as a long render does).
        kept?.write(request('/second'));
        const until = Date.now() + 600;
        while (Date.now() < until) {
          // busy
        }
      }
      response.end('ok');
    }, limits);
    opened.push({ close: () => server.close() });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const idleLimit = limits.keepAliveTimeoutMs + server.keepAliveTimeoutBuffer;

    const returning = await client(port);
    kept = returning.socket;
    returning.socket.write(request('/first'));
    await returning.until(() => returning.answers() === 1);
    await sleep(idleLimit - 200);

    const other = await client(port);
    other.socket.write(request('/busy'));
    await returning.until(() => returning.answers() === 2);

    expect(returning.state.error).toBeUndefined();
    expect(returning.answers()).toBe(2);
  });

  it('is still ended once it stays idle past its limit', async () => {
    const limits = { ...CLIENT_LIMITS, keepAliveTimeoutMs: 50 };
    const server = scopedServer((_incoming, response) => response.end('ok'), limits);
    opened.push({ close: () => server.close() });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const idle = await client(port);
    idle.socket.write(request('/'));
    await idle.until(() => idle.answers() === 1);
    const started = Date.now();
    await idle.until(() => false);

    expect(idle.state.closed).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(limits.keepAliveTimeoutMs);
    expect(idle.state.error).toBeUndefined();
  });
});
