import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * The small modules every shop page uses, bundled with React and React Router into one chunk:
 * one file compresses better than a dozen of a few hundred bytes each (docs/performance.md).
 * Only modules that every page loads anyway belong here; anything else would grow the first load.
 */
const shell = [
  'app/lib/i18n.ts',
  'app/lib/credits.ts',
  'app/lib/csp-nonce.ts',
  'app/lib/currency.ts',
  'app/lib/currency-context.tsx',
  'app/lib/language-choice.ts',
  'app/lib/load-once.ts',
  'app/lib/locale-routing.ts',
  'app/lib/amount.ts',
  'app/lib/packed.ts',
  'app/lib/paths.ts',
  'app/lib/seo.ts',
  'app/lib/session-data.ts',
  'app/lib/site-data.ts',
  'app/components/layout/brand-mark.tsx',
  // The header's search, currency and link look: shared with its folded menu, which loads later.
  'app/components/layout/currency-select.tsx',
  'app/components/layout/header-search.tsx',
  'app/components/layout/nav-link-class.ts',
  'app/components/layout/icons.tsx',
  'app/components/layout/page-extras.tsx',
  'app/components/layout/scroll-to-hash.tsx',
  'app/components/ui/button-styles.ts',
  'app/components/ui/deferred-dropdown-menu.tsx',
  'app/components/ui/link.tsx',
  'app/components/ui/use-hydrated.ts',
  'app/features/catalogue/rules.ts',
  'app/features/catalogue/tile-sizes.ts',
  'app/features/catalogue/components/pagination-island.tsx',
  'app/features/catalogue/components/product-card.tsx',
  'app/features/catalogue/components/product-image.tsx',
  'app/features/orders/tile-actions-island.tsx',
  'contracts/src/locale.ts',
  'contracts/src/product-sorts.ts',
  'node_modules/react-dom/index.js',
  'node_modules/react-dom/cjs/react-dom.production.js',
];

/**
 * Marks the chunks every page runs at start (React, React Router and the shell) for eager compilation: with
 * `//# allFunctionsCalledOnLoad` first in the file, V8 compiles all of its functions on the thread that
 * streams the script in, instead of each on the page's thread the first time it is called.
 */
function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && (chunk.name === 'shell' || chunk.name === 'entry.client')) {
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      }
    },
  };
}

/**
 * The browser gets React Router's production build. The package's exports name only its development build,
 * which differs in keeping its warnings for developers: 580 bytes of every page's first JavaScript,
 * compressed. The server goes on loading the development build from the package (decision 0042).
 */
function productionRouter(): Plugin {
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist',
    'production',
  );
  return {
    name: 'production-router',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(id) {
      if (id === 'react-router') return path.join(dist, 'index.mjs');
      if (id === 'react-router/dom') return path.join(dist, 'dom-export.mjs');
      return null;
    },
  };
}

export default defineConfig({
  plugins: [productionRouter(), tailwindcss(), reactRouter(), compileHints()],
  server: { port: 5173 },
  build: {
    target: 'es2022',
    // Code loaded later (islands, overlays, menus, dialogs) is not preloaded by its dependencies: each <link
    // rel=modulepreload> the helper appends costs the page's thread milliseconds while the page starts,
    // and the browser finds those few small files from the chunk's own imports a moment later.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? [] : deps) },
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            {
              name: 'shell',
              test: (id: string) =>
                shell.some((path) => id.endsWith(path)) || id.includes('vite/preload-helper'),
            },
          ],
        },
      },
    },
  },
});
