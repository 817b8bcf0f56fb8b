import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { Agent, request } from 'node:http';
import { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_MESSAGE, type HandedConnection, serveHandedConnections } from './supervisor';

const fixture = fileURLToPath(new URL('./test/supervisor-cluster.ts', import.meta.url));
let primary: ChildProcess | undefined;

afterEach(() => {
  if (primary && primary.exitCode === null) primary.kill('SIGKILL');
});

/** The supervisor of test/supervisor-cluster.ts, once its port is open. */
function startSupervisor(): Promise<number> {
  primary = spawn(process.execPath, ['--import', 'tsx', fixture], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    primary?.stdout?.on('data', (chunk) => {
      output += chunk;
      const port = /port (\d+)/.exec(output)?.[1];
      if (port) resolve(Number(port));
    });
    primary?.once('exit', (code) => reject(new Error(`the supervisor exited with ${code}`)));
  });
}

/** Which worker answered, on a kept-alive connection of `agent`. */
function workerOf(port: number, agent: Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/', agent }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve(body));
    })
      .on('error', reject)
      .end();
  });
}

/** `count` connections opened together, each its own agent: the worker that serves each. */
async function openConnections(port: number, count: number) {
  const agents = Array.from({ length: count }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
  const workers = await Promise.all(agents.map((agent) => workerOf(port, agent)));
  return agents.map((agent, index) => ({ agent, worker: workers[index] as string }));
}

function tally(workers: string[]) {
  const counts = new Map<string, number>();
  for (const worker of workers) counts.set(worker, (counts.get(worker) ?? 0) + 1);
  return counts;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));

describe('the supervisor (node:cluster)', () => {
  it('hands each connection to the worker that serves the fewest, also after one of them died', async () => {
    const port = await startSupervisor();
    const first = await openConnections(port, 12);
    const counts = tally(first.map(({ worker }) => worker));
    expect([...counts.values()]).toEqual([6, 6]);
    const [one, other] = [...counts.keys()] as [string, string];

    // A kept-alive connection stays with its worker.
    const again = await Promise.all(first.map(({ agent }) => workerOf(port, agent)));
    expect(again).toEqual(first.map(({ worker }) => worker));

    // With the six connections of one worker closed, the next six all go to it.
    for (const { agent, worker } of first) if (worker === one) agent.destroy();
    await settle();
    const second = await openConnections(port, 6);
    expect(second.map(({ worker }) => worker)).toEqual(Array(6).fill(one));

    // A worker killed is replaced, and the new one is given the connections until it serves as many.
    process.kill(Number(other), 'SIGKILL');
    await settle();
    let third: Awaited<ReturnType<typeof openConnections>> = [];
    for (let attempt = 0; attempt < 50; attempt++) {
      third = await openConnections(port, 1);
      if (third[0]?.worker !== one) break;
      third[0]?.agent.destroy();
      await settle();
    }
    const replacement = third[0]?.worker;
    expect(replacement).not.toBe(one);
    expect(replacement).not.toBe(other);
    const fourth = await openConnections(port, 4);
    expect(fourth.map(({ worker }) => worker)).toEqual(Array(4).fill(replacement));

    for (const { agent } of [...first, ...second, ...third, ...fourth]) agent.destroy();
    const exited = new Promise((resolve) => primary?.once('exit', (code) => resolve(code)));
    primary?.kill('SIGTERM');
    // During the workers' last call the port is still open: a request on its way is answered.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const late = await openConnections(port, 1);
    expect([one, replacement]).toContain(late[0]?.worker);
    late[0]?.agent.destroy();
    expect(await exited).toBe(0);
  }, 60_000);
});

/** A worker's side of the hand-over, fed by hand: what it serves, and when. */
function handedConnections() {
  const channel = new EventEmitter() as EventEmitter & {
    connected: boolean;
    send: (message: string) => void;
  };
  const told: string[] = [];
  channel.connected = true;
  channel.send = (message) => told.push(message);
  const served: Socket[] = [];
  const server = new EventEmitter();
  server.on('connection', (socket: Socket) => served.push(socket));
  const handed = serveHandedConnections(server as never, channel);
  const hand = (behind: number) => {
    const socket = new Socket();
    const message: HandedConnection = { type: CONNECTION_MESSAGE, behind };
    channel.emit('message', message, socket);
    return socket;
  };
  return { hand, served, told, handed };
}

describe('a worker given connections by the supervisor', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds the connections opened together until the last has come, then serves them all', async () => {
    const { hand, served, told, handed } = handedConnections();
    expect(told).toEqual(['promptmarket:ready']);
    const first = hand(2);
    const second = hand(1);
    // Each one taken is acknowledged at once, so that the supervisor sends the next.
    expect(told.filter((message) => message === 'promptmarket:taken')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(20);
    expect(served).toEqual([]);
    const third = hand(0);
    expect(served).toEqual([]);
    await vi.advanceTimersByTimeAsync(5);
    expect(served).toEqual([first, second, third]);
    expect(handed.open()).toBe(3);
  });

  it('serves a connection that comes alone after a millisecond or two', async () => {
    const { hand, served } = handedConnections();
    const alone = hand(0);
    expect(served).toEqual([]);
    await vi.advanceTimersByTimeAsync(3);
    expect(served).toEqual([alone]);
  });

  it('holds none longer than a tenth of a second, even while more are said to be coming', async () => {
    const { hand, served } = handedConnections();
    const socket = hand(5);
    await vi.advanceTimersByTimeAsync(99);
    expect(served).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    expect(served).toEqual([socket]);
  });

  it('closes a held connection that fails before it is served, and serves the others', async () => {
    const { hand, served } = handedConnections();
    const failing = hand(1);
    const fine = hand(0);
    expect(() => failing.emit('error', new Error('read ECONNRESET'))).not.toThrow();
    expect(failing.destroyed).toBe(true);
    await vi.advanceTimersByTimeAsync(3);
    expect(served).toEqual([fine]);
    // Served, the connection's errors are the HTTP server's to answer.
    expect(fine.listenerCount('error')).toBe(0);
  });

  it('tells the supervisor when a connection closes', async () => {
    const { hand, told, handed } = handedConnections();
    const socket = hand(0);
    await vi.advanceTimersByTimeAsync(3);
    socket.destroy();
    await vi.waitFor(() => expect(told).toContain('promptmarket:closed'), { interval: 1 });
    expect(handed.open()).toBe(0);
  });
});
