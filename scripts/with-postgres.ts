// Runs a command against a throwaway PostgreSQL cluster: `tsx scripts/with-postgres.ts -- <command...>`.
// The command gets DATABASE_URL of a migrated database `kickoff` (tests copy it per file as a template).
import { spawn } from 'node:child_process';
import { createDatabase, startCluster } from './postgres-cluster.ts';

const separator = process.argv.indexOf('--');
const command = separator === -1 ? [] : process.argv.slice(separator + 1);
if (command.length === 0) {
  console.error('usage: tsx scripts/with-postgres.ts -- <command> [args...]');
  process.exit(2);
}

const cluster = await startCluster();
let code = 1;
try {
  await createDatabase(cluster.url('postgres'), 'kickoff');
  const databaseUrl = cluster.url('kickoff');
  // Migrate once here, so test files can copy the database without racing to migrate it.
  const migrate = spawn(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  const migrated = await new Promise<number>((resolve) => migrate.on('exit', (status) => resolve(status ?? 1)));
  if (migrated !== 0) throw new Error('migrations failed');
  console.log(`PostgreSQL ${cluster.url('kickoff')} (throwaway cluster in ${cluster.dir})`);
  const child = spawn(command[0]!, command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl, KICKOFF_PG_ADMIN_URL: cluster.url('postgres') },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  code = await new Promise<number>((resolve) => child.on('exit', (status) => resolve(status ?? 1)));
} finally {
  cluster.stop();
}
process.exit(code);
