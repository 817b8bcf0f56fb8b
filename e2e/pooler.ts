import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../scripts/production-server.mjs';

// PgBouncer and HAProxy for the end-to-end tests, each started from its file under deploy/ (the
// files docs/deploy.md describes), on 127.0.0.1 and free ports, and stopped by the test.

const root = path.resolve(import.meta.dirname, '..');

/** A program of the system: Debian puts both in /usr/sbin, which a user's PATH may lack. */
function program(name: string) {
  const installed = `/usr/sbin/${name}`;
  return existsSync(installed) ? installed : name;
}

/** A user of the system PgBouncer may run as when the tests run as root: postgres, else nobody. */
function unprivilegedUser() {
  try {
    if (/^postgres:/m.test(readFileSync('/etc/passwd', 'utf8'))) return 'postgres';
  } catch {}
  return 'nobody';
}

/** A child process of a test, what it printed last, and a way to end it. */
function supervise(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      keep(Buffer.from(`${error.message}\n`));
      resolve();
    });
  });
  return {
    child,
    printed: () => printed,
    running: () => child.exitCode === null && child.signalCode === null && child.pid !== undefined,
    /** Ends the process (SIGTERM, then SIGKILL after 5 s). */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Tries `ready` every 100 ms until it holds, the process ends, or `timeoutMs` passes. */
async function waitUntil(
  what: string,
  process: ReturnType<typeof supervise>,
  ready: () => Promise<boolean>,
  timeoutMs = 15_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!process.running()) throw new Error(`${what} exited. What it printed last:\n${process.printed()}`);
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await process.stop();
  throw new Error(
    `${what} was not ready within ${timeoutMs} ms. What it printed last:\n${process.printed()}`,
  );
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
function accepts(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * `ini` with the settings of `overrides` in place of the file's own, section by section (a
 * section's settings that are not in the file are added at its end). In [databases] the file's
 * entries all give way to the given ones.
 */
export function overrideIni(ini: string, overrides: Record<string, Record<string, string>>) {
  const out: string[] = [];
  let section = '';
  const flush = () => {
    for (const [key, value] of Object.entries(overrides[section] ?? {})) out.push(`${key} = ${value}`);
  };
  for (const line of ini.split('\n')) {
    const header = /^\s*\[([^\]]+)\]/.exec(line);
    if (header) {
      flush();
      section = header[1] ?? '';
      out.push(line);
      continue;
    }
    const setting = /^\s*([^;#=\s][^=]*?)\s*=/.exec(line);
    const replaced =
      setting &&
      (section === 'databases' ? section in overrides : (setting[1] ?? '') in (overrides[section] ?? {}));
    out.push(replaced ? `; (replaced for the test) ${line}` : line);
  }
  flush();
  return `${out.join('\n')}\n`;
}

export type PgBouncer = {
  port: number;
  /** The address of `database` through PgBouncer. */
  url: string;
  /** What PgBouncer printed and logged last. */
  printed(): string;
  stop(): Promise<void>;
};

/**
 * PgBouncer from deploy/pgbouncer.ini (transaction pooling and its other settings as they are
 * there) in front of `database` on the PostgreSQL server `server`, trusting the user of that
 * server's address. It refuses to run as root: as root it runs as `runAs` (postgres, else nobody).
 */
export async function startPgBouncer({
  server,
  database,
  runAs = unprivilegedUser(),
}: {
  server: string;
  database: string;
  runAs?: string;
}): Promise<PgBouncer> {
  const target = new URL(server);
  const user = decodeURIComponent(target.username || 'postgres');
  const dir = mkdtempSync(path.join(tmpdir(), 'promptmarket-pgbouncer-'));
  // The user PgBouncer runs as reads its files and writes its log there.
  chmodSync(dir, 0o777);
  const port = (await freePort()) as number;
  const authFile = path.join(dir, 'userlist.txt');
  writeFileSync(authFile, `"${user}" ""\n`, { mode: 0o644 });
  const ini = overrideIni(readFileSync(path.join(root, 'deploy/pgbouncer.ini'), 'utf8'), {
    databases: {
      [database]: `host=${target.hostname} port=${target.port || '5432'} dbname=${database}`,
    },
    pgbouncer: {
      listen_addr: '127.0.0.1',
      listen_port: String(port),
      unix_socket_dir: '',
      logfile: path.join(dir, 'pgbouncer.log'),
      pidfile: path.join(dir, 'pgbouncer.pid'),
      // The tests' server trusts local users; PgBouncer still wants them listed.
      auth_type: 'trust',
      auth_file: authFile,
    },
  });
  const iniFile = path.join(dir, 'pgbouncer.ini');
  writeFileSync(iniFile, ini, { mode: 0o644 });
  const asRoot = process.getuid?.() === 0;
  const bouncer = supervise(program('pgbouncer'), [...(asRoot ? ['-u', runAs] : []), iniFile]);
  const url = new URL(server);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  url.pathname = `/${database}`;
  const printed = () => {
    let log = '';
    try {
      log = readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8').slice(-4_000);
    } catch {}
    return `${bouncer.printed()}${log}`;
  };
  const stop = async () => {
    await bouncer.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntil('PgBouncer', bouncer, async () => {
      const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 2_000 });
      try {
        await client.connect();
        await client.query('select 1');
        return true;
      } finally {
        await client.end().catch(() => {});
      }
    });
  } catch (error) {
    const message = `${(error as Error).message}\n${printed()}`;
    await stop();
    throw new Error(message);
  }
  return { port, url: url.toString(), printed, stop };
}

export type Balancer = {
  port: number;
  baseURL: string;
  /** What HAProxy printed last (its warnings: nodes going down and up). */
  printed(): string;
  stop(): Promise<void>;
};

/**
 * HAProxy from deploy/haproxy.cfg on 127.0.0.1 in front of two nodes (their `host:port`), as the
 * file's variables SHOP_LISTEN, SHOP_NODE1 and SHOP_NODE2 say.
 */
export async function startHaproxy(nodes: [string, string]): Promise<Balancer> {
  const port = (await freePort()) as number;
  const balancer = supervise(program('haproxy'), ['-db', '-f', path.join(root, 'deploy/haproxy.cfg')], {
    ...process.env,
    SHOP_LISTEN: `127.0.0.1:${port}`,
    SHOP_NODE1: nodes[0],
    SHOP_NODE2: nodes[1],
  });
  await waitUntil('HAProxy', balancer, () => accepts(port));
  return { port, baseURL: `http://127.0.0.1:${port}`, printed: balancer.printed, stop: balancer.stop };
}

/** The `host:port` of a base URL such as http://127.0.0.1:3000. */
export function hostPort(baseURL: string) {
  return new URL(baseURL).host;
}
