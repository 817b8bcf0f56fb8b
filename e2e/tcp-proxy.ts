import net from 'node:net';

// A TCP proxy on 127.0.0.1 between the shop and PostgreSQL, for tests that make the database fail
// or slow down: `cut()` drops every connection and refuses new ones until `restore()`, and
// `delay(ms)` holds every chunk, in both directions, for that long before passing it on (in order).

export type TcpProxy = {
  /** The port the proxy listens on (127.0.0.1). */
  port: number;
  /** `databaseUrl` with the proxy's address instead of the server's. */
  url(databaseUrl: string): string;
  /** Destroys every open connection, and every new one at once, until `restore()`. */
  cut(): void;
  /** Takes connections again after `cut()`. */
  restore(): void;
  /** Holds every chunk `ms` milliseconds before passing it on; 0 passes them at once again. */
  delay(ms: number): void;
  /** How many connections are open through the proxy. */
  connections(): number;
  /** Destroys every connection and stops listening. */
  close(): Promise<void>;
};

/** One direction of a connection: what it read and has not passed on yet, each chunk with its time. */
type Lane = {
  from: net.Socket;
  to: net.Socket;
  queue: { due: number; chunk: Buffer | null }[];
  timer?: NodeJS.Timeout;
};

export async function startTcpProxy({
  target,
}: {
  target: { host: string; port: number };
}): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket; lanes: Lane[] }>();
  let refusing = false;
  let delayMs = 0;

  /** Passes on, in order, the chunks of `lane` whose time has come; a null chunk is the end of input. */
  function drain(lane: Lane) {
    lane.timer = undefined;
    while (lane.queue.length > 0 && (lane.queue[0]?.due ?? 0) <= Date.now()) {
      const { chunk } = lane.queue.shift()!;
      if (lane.to.destroyed) return;
      if (chunk) lane.to.write(chunk);
      else lane.to.end();
    }
    const next = lane.queue[0];
    if (next) lane.timer = setTimeout(() => drain(lane), Math.max(0, next.due - Date.now()));
  }

  function pass(lane: Lane, chunk: Buffer | null) {
    // Without a delay a chunk goes at once, unless earlier ones still wait: it goes after them.
    if (delayMs === 0 && lane.queue.length === 0) {
      if (lane.to.destroyed) return;
      if (chunk) lane.to.write(chunk);
      else lane.to.end();
      return;
    }
    lane.queue.push({ due: Date.now() + delayMs, chunk });
    if (!lane.timer) drain(lane);
  }

  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect({ host: target.host, port: target.port, allowHalfOpen: true });
    const lanes: Lane[] = [
      { from: client, to: upstream, queue: [] },
      { from: upstream, to: client, queue: [] },
    ];
    const pair = { client, upstream, lanes };
    pairs.add(pair);
    const close = () => {
      for (const lane of lanes) clearTimeout(lane.timer);
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    for (const lane of lanes) {
      lane.from.on('data', (chunk: Buffer) => pass(lane, chunk));
      lane.from.on('end', () => pass(lane, null));
      lane.from.on('error', close);
      lane.from.on('close', close);
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;

  const destroyAll = () => {
    for (const { client, upstream, lanes } of [...pairs]) {
      for (const lane of lanes) clearTimeout(lane.timer);
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };

  return {
    port,
    url(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut() {
      refusing = true;
      destroyAll();
    },
    restore() {
      refusing = false;
    },
    delay(ms) {
      delayMs = ms;
    },
    connections: () => pairs.size,
    close() {
      refusing = true;
      destroyAll();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
