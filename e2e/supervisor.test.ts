import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductionServer } from '../scripts/production-server.mjs';

// `npm start` keeps the shop up: its workers run under one supervisor, a worker that dies is
// replaced at once, and shutdown lets the requests under way finish.

let server: Awaited<ReturnType<typeof startProductionServer>>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The supervisor's worker processes. */
function workers(): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(server.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

async function until<T>(what: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await what();
    if (value !== undefined) return value;
    await sleep(100);
  }
  throw new Error('timed out');
}

beforeAll(async () => {
  server = await startProductionServer({
    captureOutput: true,
    env: { SEED_DEMO_PRODUCTS: '6', LOG_LEVEL: 'info' },
  });
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

/** The log lines (pino's JSON) the server wrote whose message starts so. */
function logged(message: string): Array<Record<string, unknown> & { time: number }> {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(`"msg":"${message}`))
    .map((line) => JSON.parse(line));
}

describe('the supervisor', () => {
  it('lets its worker warm up before the port opens, keeping nothing and logging no request', async () => {
    const [warmed] = logged('warmed up');
    expect(warmed?.requests).toBeGreaterThan(5);
    expect(warmed?.failed).toBe(0);
    // The processes write their logs each in its own time: the lines' times tell the order.
    const [listening] = logged('listening on');
    expect(warmed?.time).toBeLessThan(listening?.time as number);
    // The warm-up's requests are the server's own: no request line before the port opened.
    for (const line of logged('request completed'))
      expect(line.time).toBeGreaterThanOrEqual(listening?.time as number);
    // Each of its addresses was asked once: the first visitor's page is rendered, not a kept one.
    const page = await fetch(`${server.baseURL}/en/products?sort=price_asc`, {
      headers: { cookie: 'cookie_consent=all' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('x-page-cache')).toBe('miss');
  });

  it('replaces a worker that dies, and the shop answers again', async () => {
    const [worker] = workers();
    expect(worker).toBeGreaterThan(0);
    // The embedded database allows one serving process.
    expect(workers()).toHaveLength(1);
    process.kill(worker as number, 'SIGKILL');
    const replacement = await until(() => workers().find((pid) => pid !== worker));
    expect(replacement).not.toBe(worker);
    const ping = await until(() =>
      fetch(`${server.baseURL}/api/ping`).then(
        (response) => response.status,
        () => undefined,
      ),
    );
    expect(ping).toBe(200);
    expect(server.output()).toContain('a worker died; starting another');
    // Visitors were waiting for the replacement (it is the only worker): it served at once.
    expect(logged('warmed up')).toHaveLength(1);

    // A worker that ends itself cleanly (told to by a signal of its own) is replaced as well: only
    // the supervisor's own shutdown stops the shop.
    process.kill(replacement, 'SIGTERM');
    const third = await until(() => workers().find((pid) => pid !== worker && pid !== replacement));
    expect(third).toBeGreaterThan(0);
    await until(() =>
      fetch(`${server.baseURL}/api/ping`).then(
        (response) => (response.ok ? true : undefined),
        () => undefined,
      ),
    );
  });

  it('lets the requests under way finish when it shuts down, then exits', async () => {
    await until(() =>
      fetch(`${server.baseURL}/api/ping`).then(
        (response) => (response.ok ? true : undefined),
        () => undefined,
      ),
    );
    // Pages nobody asked for before, rendered while the server is told to stop.
    const pages = Array.from({ length: 4 }, (_, index) =>
      fetch(`${server.baseURL}/en/products?search=shutdown-${index}-${Date.now()}`, {
        headers: { cookie: 'cookie_consent=all' },
      }).then(async (response) => ({ status: response.status, html: await response.text() })),
    );
    await sleep(30);
    const exited = new Promise<number | null>((resolve) => {
      const timer = setInterval(() => {
        try {
          process.kill(server.pid as number, 0);
        } catch {
          clearInterval(timer);
          resolve(null);
        }
      }, 50);
    });
    process.kill(server.pid as number, 'SIGTERM');
    for (const page of await Promise.all(pages)) {
      expect(page.status).toBe(200);
      expect(page.html).toContain('</html>');
    }
    await exited;
    expect(server.output()).toContain('shutting down');
    // The pages' own calls to the API were answered too, not refused by a closing app.
    expect(server.output()).not.toContain('has already been closed');
    await expect(fetch(`${server.baseURL}/api/ping`)).rejects.toThrow();
  });
});
