// `npm start`: builds what is missing or stale, then runs the production server.
// Installs nothing; migrations and the demo seed run inside the server at start-up.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root, staleBuilds } from './build-state.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`PromptMarket needs Node.js 22.12 or newer (24 recommended); this is ${process.version}.`);
  process.exit(1);
}
if (!existsSync(path.join(root, 'node_modules'))) {
  console.error('Dependencies are not installed: run npm install first.');
  process.exit(1);
}

for (const workspace of staleBuilds()) {
  console.log(`Building ${workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', `@promptmarket/${workspace}`], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
