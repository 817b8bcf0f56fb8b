import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import routes from './routes';

/**
 * React Router on the server keeps which of the route tree's branches a pathname matched
 * (`patches/react-router+7.18.6.patch`, decision 0042). These tests hold the kept matches to React
 * Router's own matching, which keeps nothing when it is given a tree rather than its branches.
 */

const require = createRequire(import.meta.url);
/** React Router's development build, which Node loads: as the server imports it, and as a `require` does. */
const development = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist',
  'development',
);
const builds: [string, typeof import('react-router')][] = [
  ['module', await import(pathToFileURL(path.join(development, 'index.mjs')).href)],
  ['CommonJS', require(path.join(development, 'index.js'))],
];

/** The app's route tree as React Router's route objects, ids as the framework gives them. */
function routeObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) => {
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, '');
    if (entry.index) return { id, index: true };
    return {
      id,
      path: entry.path,
      ...(entry.children ? { children: routeObjects(entry.children) } : {}),
    };
  });
}

const tree: RouteObject[] = [{ id: 'root', path: '', children: routeObjects(routes) }];

/** What a match says: its route, its pathnames and its parameters. */
function described(
  matches: { route: { id?: string }; pathname: string; pathnameBase: string; params: object }[] | null,
) {
  return matches?.map(({ route, pathname, pathnameBase, params }) => ({
    id: route.id,
    pathname,
    pathnameBase,
    params: { ...params },
  }));
}

const pathnames = [
  '/',
  '/en',
  '/en/',
  '/de/products',
  '/en/products/generate',
  '/en/products/neon-dragon-over-the-city',
  '/en/products/caf%C3%A9-au-lait',
  '/fr/page/3',
  '/en/email/verify',
  '/en/email/verify/12/abc',
  '/en/dashboard',
  '/en/dashboard/receipts/deposit/7',
  '/en/dashboard/deposits/create',
  '/en/admin/products/42',
  '/en/admin',
  '/en/no/such/screen',
  '/robots.txt',
  '/sitemaps/products/3',
  '/texts/en-1a2b.js',
];

describe.each(builds)(
  'route matching on the server (%s)',
  (_format, { createStaticHandler, matchRoutes }) => {
    it('matches every kind of address as React Router does, the first time and when kept', async () => {
      const handler = createStaticHandler(tree);
      for (const pathname of pathnames) {
        const expected = described(matchRoutes(tree, pathname));
        for (const time of ['first', 'kept']) {
          const context = await handler.query(new Request(`http://shop.test${pathname}?page=2`));
          if (context instanceof Response) throw new Error(`${pathname} answered a response`);
          expect(described(context.matches), `${pathname}, ${time}`).toEqual(expected);
        }
      }
      // Sanity: the list page is the list's route under the language and the session's layout.
      expect(described(matchRoutes(tree, '/de/products'))?.map((match) => match.id)).toEqual([
        'root',
        'routes/locale-layout',
        'routes/session-layout',
        'routes/shop/products',
      ]);
    });

    it('finds no match for a pathname of no route, the first time and when kept', async () => {
      // The app's tree has a splat under every language; this one has none.
      const small: RouteObject[] = [{ id: 'root', path: '', children: [{ id: 'about', path: 'about' }] }];
      const handler = createStaticHandler(small);
      expect(matchRoutes(small, '/elsewhere')).toBeNull();
      for (const time of ['first', 'kept']) {
        const context = await handler.query(new Request('http://shop.test/elsewhere'));
        if (context instanceof Response) throw new Error('answered a response');
        expect(context.statusCode, time).toBe(404);
        const again = await handler.query(new Request('http://shop.test/about'));
        if (again instanceof Response) throw new Error('answered a response');
        expect(described(again.matches), time).toEqual(described(matchRoutes(small, '/about')));
      }
    });

    it('matches as React Router does after more pathnames than it keeps', async () => {
      const handler = createStaticHandler(tree);
      const slugs = Array.from({ length: 1_100 }, (_, index) => `/en/products/prompt-${index}`);
      for (const pathname of [...slugs, '/en/admin/users', slugs[0] as string, '/en/admin/users']) {
        const context = await handler.query(new Request(`http://shop.test${pathname}`));
        if (context instanceof Response) throw new Error(`${pathname} answered a response`);
        expect(described(context.matches)).toEqual(described(matchRoutes(tree, pathname)));
      }
    });
  },
);

it('runs on an installed React Router that carries the patch', () => {
  // `npm install` applies it (`postinstall`); a React Router that does not carry it (another version,
  // an install without scripts) fails here rather than serving every page slower.
  const patched = readdirSync(development).filter(
    (file) =>
      /^chunk-.*\.m?js$/.test(file) &&
      readFileSync(path.join(development, file), 'utf8').includes('matchedBranchesOf'),
  );
  expect(patched).toHaveLength(2);
});
