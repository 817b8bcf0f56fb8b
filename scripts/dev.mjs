// `npm run dev`: the same server with hot reload. The API restarts when its files change;
// the web app is served by Vite's dev middleware with hot module replacement.
import { spawn } from 'node:child_process';
import { root } from './build-state.mjs';

const server = spawn(
  'npx',
  ['tsx', 'watch', '--clear-screen=false', '--exclude', 'apps/web/**', 'apps/api/src/server.ts'],
  { cwd: root, stdio: 'inherit', env: { NODE_ENV: 'development', LOG_LEVEL: 'info', ...process.env } },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
