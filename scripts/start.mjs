// `npm start`: builds the PWA when the build is missing or older than its sources, then runs the server
// (which migrates, seeds per SEED_DEMO and serves). A configuration the server would refuse stops the
// start before the build, with the server's one-line reason.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const built = 'dist/index.html';
const serverArgs = ['--import', 'tsx', 'api/server.ts'];

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = ['app', 'shared', 'public'].map(newestMtime).concat(statSync('vite.config.ts').mtimeMs);
const stale = !existsSync(built) || Math.max(...sources) > statSync(built).mtimeMs;
if (stale) {
  const check = spawnSync(process.execPath, [...serverArgs, '--check'], { stdio: 'inherit' });
  if (check.status !== 0) process.exit(check.status ?? 1);
  console.log('Building the app...');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, serverArgs, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
