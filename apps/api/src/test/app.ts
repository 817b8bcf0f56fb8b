import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { memoryStorage } from '../lib/storage';
import { seed } from '../seed';
import { openTestDatabase, type TestDatabase } from './database';

export type TestApp = Awaited<ReturnType<typeof buildApp>> & {
  testDatabase: TestDatabase;
  /** Every route of the app, as it was added. */
  routes: RouteOptions[];
};

/** The whole API on its own seeded database, for `app.inject()`. Close it in afterAll. */
export async function createTestApp(
  env: Record<string, string> = {},
  extend?: (app: Awaited<ReturnType<typeof buildApp>>) => void | Promise<void>,
  onRoute?: (route: RouteOptions) => void,
): Promise<TestApp> {
  const testDatabase = await openTestDatabase();
  await seed(testDatabase.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    APP_KEY: 'test-key-that-is-long-enough-for-signing-0123',
    APP_URL: 'http://shop.test',
    ...env,
  });
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    config,
    database: testDatabase,
    closeDatabase: false,
    storage: memoryStorage(),
    onRoute: (route) => {
      routes.push(route);
      onRoute?.(route);
    },
  });
  app.addHook('onClose', () => testDatabase.drop());
  await extend?.(app);
  await app.ready();
  return Object.assign(app, { testDatabase, routes });
}

export function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
}

let handshakes = 0;

/**
 * A browser-like client: runs the Sanctum handshake, then sends the cookies and XSRF header. The
 * handshake comes from an address of its own (198.18.0.0/15, for benchmarks), clear of the limit of
 * new sessions per address; the requests that follow come from wherever their caller says.
 */
export async function startBrowserSession(app: TestApp) {
  handshakes += 1;
  const remoteAddress = `198.18.${Math.floor(handshakes / 250) % 250}.${(handshakes % 250) + 1}`;
  const handshake = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie', remoteAddress });
  const jar = cookiesOf(handshake);
  const cookieHeader = () =>
    Object.entries(jar)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  return {
    jar,
    headers: () => ({ cookie: cookieHeader(), 'x-xsrf-token': jar['XSRF-TOKEN'] ?? '' }),
  };
}
