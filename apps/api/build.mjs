// Bundles the API server (and the contracts it shares with the web app) into dist/server.js, and
// each worker thread's module into a file of its own beside it (dist/svg-sanitize.worker.js, dist/svg-check.worker.js), where
// the module that starts it looks for it.
// npm packages stay external: they are loaded from node_modules at run time. Drizzle is bundled:
// its few hundred small modules took a second and more to load, at every start of every process.
import { build } from 'esbuild';

/** Packages built into dist/server.js rather than loaded from node_modules. */
const BUNDLED = ['@promptmarket', 'drizzle-orm'];

await build({
  entryPoints: {
    server: 'src/server.ts',
    'svg-sanitize.worker': 'src/lib/svg-sanitize.worker.ts',
    'svg-check.worker': 'src/lib/svg-check.worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          BUNDLED.some((name) => args.path === name || args.path.startsWith(`${name}/`))
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
});
