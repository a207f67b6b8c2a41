// Runs the SQLite browser suite as parallel Playwright shards, each with its own server and database
// (scripts/e2e-server.mjs keeps its data under the shard's port), so shards share nothing but dist/.
// One worker per shard keeps each run's order and isolation as before; the shards use the machine's
// cores. E2E_SHARDS sets their number (default 2); extra arguments go to every `playwright test`.
import { spawn } from 'node:child_process';

const shards = Number(process.env.E2E_SHARDS ?? 2);
const basePort = Number(process.env.E2E_PORT ?? 4173);
const extra = process.argv.slice(2);

function runShard(index) {
  const port = basePort + 10 * (index - 1);
  const args = ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...(shards > 1 ? [`--shard=${index}/${shards}`] : []), ...extra];
  const child = spawn('npx', args, { env: { ...process.env, E2E_PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = shards > 1 ? `[${index}/${shards}] ` : '';
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
    stream.on('end', () => pending && process.stdout.write(`${prefix}${pending}\n`));
  }
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const started = Date.now();
const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
const failed = codes.map((code, i) => ({ code, shard: i + 1 })).filter(({ code }) => code !== 0);
console.log(
  `Browser suite: ${shards} shard(s) in ${((Date.now() - started) / 60000).toFixed(1)} min; ${failed.length === 0 ? 'all passed' : `shard(s) ${failed.map(({ shard }) => shard).join(', ')} failed`}.`,
);
process.exit(failed.length === 0 ? 0 : 1);
