import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A web app's production build of one resource route (no React to render) answering every
 * address, written to a folder of its own, so that the pages' serving runs as in production.
 * `pageModule` is the JavaScript of the route's module as an object expression: its `loader`,
 * its `action`, or both (`{ loader: () => new Response('…') }`). Answers the folder to give the
 * web plugin as its `root`, and `remove` for afterwards.
 */
export function writeWebBuild(pageModule: string): { root: string; remove: () => void } {
  const root = mkdtempSync(path.join(tmpdir(), 'pm-web-build-'));
  mkdirSync(path.join(root, 'build', 'server'), { recursive: true });
  mkdirSync(path.join(root, 'build', 'client'), { recursive: true });
  writeFileSync(path.join(root, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(path.join(root, 'build', 'server', 'index.js'), buildOf(pageModule));
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

const buildOf = (pageModule: string) => `
const page = ${pageModule};
const route = (id, parentId, path) => ({ id, parentId, path, index: undefined, caseSensitive: undefined });
const manifestRoute = (id, parentId, path, module) => ({
  ...route(id, parentId, path),
  hasAction: 'action' in module,
  hasLoader: 'loader' in module,
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
  page: { ...route('page', 'root', '*'), module: page },
};
export const assets = {
  entry: { module: '/assets/entry.js', imports: [], css: [] },
  routes: { root: manifestRoute('root', undefined, '', {}), page: manifestRoute('page', 'root', '*', page) },
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
