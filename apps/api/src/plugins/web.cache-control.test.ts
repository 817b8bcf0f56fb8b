import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, registerVerifiedUser } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/app';
import { webPlugin } from './web';

/**
 * A web app's production build of one route answering every address with a page (a resource
 * route: no React to render), so that the pages' serving, kept or not, runs as in production.
 */
const build = `
const page = () =>
  new Response('<!DOCTYPE html><html><body><p>A page</p></body></html>', {
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
const route = (id, parentId, path) => ({ id, parentId, path, index: undefined, caseSensitive: undefined });
const manifestRoute = (id, parentId, path, hasLoader) => ({
  ...route(id, parentId, path),
  hasAction: false,
  hasLoader,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasDefaultExport: false,
  hasErrorBoundary: false,
  module: '/assets/' + id + '.js',
  imports: [],
  css: [],
});
export const routes = {
  root: { ...route('root', undefined, ''), module: {} },
  page: { ...route('page', 'root', '*'), module: { loader: page } },
};
export const assets = {
  entry: { module: '/assets/entry.js', imports: [], css: [] },
  routes: { root: manifestRoute('root', undefined, '', false), page: manifestRoute('page', 'root', '*', true) },
  url: '/assets/manifest.js',
  version: 'test',
};
export const entry = { module: { default: () => new Response('no documents here', { status: 500 }) } };
export const assetsBuildDirectory = 'build/client';
export const basename = '/';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: 'lazy', manifestPath: '/__manifest' };
export const publicPath = '/';
export const allowedActionOrigins = false;
`;

let app: TestApp;
let root: string;
let member: BrowserSession;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'pm-web-build-'));
  mkdirSync(path.join(root, 'build', 'server'), { recursive: true });
  mkdirSync(path.join(root, 'build', 'client'), { recursive: true });
  writeFileSync(path.join(root, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(path.join(root, 'build', 'server', 'index.js'), build);
  app = await createTestApp({}, (built) => {
    built.register(webPlugin, { mode: 'production', root });
  });
  ({ session: member } = await registerVerifiedUser(app));
});
afterAll(async () => {
  await app?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** A page asked for three times (sent once, kept, then served kept), with the headers of each. */
async function askThrice(url: string, headers: Record<string, string> = {}) {
  const answers = [];
  for (let ask = 0; ask < 3; ask += 1) {
    const response = await app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    expect(response.body).toContain('A page');
    answers.push(response);
  }
  return answers;
}

describe("pages' Cache-Control", () => {
  it("is `private, no-store` for a signed-in visitor's pages, kept for members or not", async () => {
    const headers = { cookie: member.headers().cookie };
    for (const url of ['/en/dashboard', '/en/dashboard/orders', '/en/products', '/en', '/en/admin/users']) {
      const answers = await askThrice(url, headers);
      for (const answer of answers) {
        expect([url, answer.headers['cache-control']]).toEqual([url, 'private, no-store']);
      }
    }
  });

  it('is `private, no-store` for the personal screens whoever asks', async () => {
    for (const url of ['/en/dashboard', '/de/admin', '/en/cart', '/en/reset-password?token=abc']) {
      for (const answer of await askThrice(url)) {
        expect([url, answer.headers['cache-control']]).toEqual([url, 'private, no-store']);
      }
    }
  });

  it("leaves the pages kept for every visitor as they are, a visitor's other cookies or not", async () => {
    const asked: Record<string, string>[] = [{}, { cookie: 'cookie_consent=all' }];
    for (const headers of asked) {
      const answers = await askThrice('/en/products/a-picture', headers);
      expect(answers.map((answer) => answer.headers['x-page-cache'])).toContain('hit');
      for (const answer of answers) expect(answer.headers['cache-control']).toBeUndefined();
    }
  });
});
