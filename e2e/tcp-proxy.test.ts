import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

// The proxy that e2e/infrastructure.test.ts puts between the shop and PostgreSQL, here in front of
// an echo server: it passes bytes both ways, holds them when asked (in order), and cuts.

let echo: net.Server;
let proxy: TcpProxy;

beforeAll(async () => {
  echo = net.createServer((socket) => socket.pipe(socket));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  proxy = await startTcpProxy({
    target: { host: '127.0.0.1', port: (echo.address() as net.AddressInfo).port },
  });
});

afterAll(async () => {
  await proxy?.close();
  await new Promise((resolve) => echo?.close(resolve));
});

/** A connection through the proxy, and what came back on it so far. */
async function connect() {
  const socket = net.connect({ host: '127.0.0.1', port: proxy.port });
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => received, closed };
}

async function until(condition: () => boolean, timeoutMs = 2_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the tests’ TCP proxy', () => {
  it('passes bytes both ways, and rewrites a database address to its own port', async () => {
    const connection = await connect();
    connection.socket.write('hello');
    await until(() => connection.received() === 'hello');
    expect(proxy.connections()).toBe(1);
    connection.socket.destroy();
    await until(() => proxy.connections() === 0);
    expect(proxy.url('postgres://postgres@db.example:5432/shop?sslmode=disable')).toBe(
      `postgres://postgres@127.0.0.1:${proxy.port}/shop?sslmode=disable`,
    );
  });

  it('holds every chunk for the delay, in order, and passes them at once again without it', async () => {
    const connection = await connect();
    proxy.delay(150);
    const sent = Date.now();
    connection.socket.write('a');
    await new Promise((resolve) => setTimeout(resolve, 20));
    connection.socket.write('b');
    proxy.delay(0);
    // Sent after the delay was lifted, still after the held ones.
    connection.socket.write('c');
    await until(() => connection.received() === 'abc');
    // Held going there and coming back, the first chunk at least once.
    expect(Date.now() - sent).toBeGreaterThanOrEqual(150);
    const quick = Date.now();
    connection.socket.write('d');
    await until(() => connection.received() === 'abcd');
    expect(Date.now() - quick).toBeLessThan(100);
    connection.socket.destroy();
  });

  it('cuts every connection and refuses new ones until restored', async () => {
    const connection = await connect();
    proxy.cut();
    await connection.closed;
    expect(proxy.connections()).toBe(0);
    const refused = await connect();
    await refused.closed;
    proxy.restore();
    const again = await connect();
    again.socket.write('back');
    await until(() => again.received() === 'back');
    again.socket.destroy();
  });
});
