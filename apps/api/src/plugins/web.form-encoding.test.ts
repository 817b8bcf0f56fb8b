import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { webPlugin } from './web';

/**
 * A web app's production build of one resource route whose action answers the form's `name`
 * field as it read it, so that a page's form post runs through the pages' serving as in
 * production.
 */
const build = `
const echo = async ({ request }) => {
  const form = await request.formData();
  return new Response('name=' + form.get('name'), { headers: { 'content-type': 'text/plain' } });
};
const route = (id, parentId, path) => ({ id, parentId, path, index: undefined, caseSensitive: undefined });
const manifestRoute = (id, parentId, path) => ({
  ...route(id, parentId, path),
  hasAction: id === 'page',
  hasLoader: false,
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
  page: { ...route('page', 'root', '*'), module: { action: echo } },
};
export const assets = {
  entry: { module: '/assets/entry.js', imports: [], css: [] },
  routes: { root: manifestRoute('root', undefined, ''), page: manifestRoute('page', 'root', '*') },
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

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'pm-web-form-'));
  mkdirSync(path.join(root, 'build', 'server'), { recursive: true });
  mkdirSync(path.join(root, 'build', 'client'), { recursive: true });
  writeFileSync(path.join(root, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(path.join(root, 'build', 'server', 'index.js'), build);
  app = await createTestApp({}, (built) => {
    built.register(webPlugin, { mode: 'production', root });
  });
});
afterAll(async () => {
  await app?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

function post(payload: Buffer, encoding?: string) {
  return app.inject({
    method: 'POST',
    url: '/en/contact',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: app.config.appUrl,
      ...(encoding === undefined ? {} : { 'content-encoding': encoding }),
    },
    payload,
  });
}

describe("a page's form post under a Content-Encoding", () => {
  const form = Buffer.from('name=Ada');

  it('is refused with 415: the action would read the compressed bytes as the form', async () => {
    for (const [encoding, payload] of [
      ['gzip', gzipSync(form)],
      ['GZIP', gzipSync(form)],
      ['gzip', form],
      ['br', form],
      ['foo', form],
    ] as const) {
      const answer = await post(payload, encoding);
      expect([encoding, answer.statusCode]).toEqual([encoding, 415]);
      expect(answer.json()).toMatchObject({ message: 'Unsupported Content-Encoding.' });
    }
  });

  it('is read as sent without one, or with identity', async () => {
    for (const encoding of [undefined, 'identity']) {
      const answer = await post(form, encoding);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('name=Ada');
    }
  });
});
