// Runs a command against a throwaway PostgreSQL cluster: `tsx scripts/with-postgres.ts -- <command...>`.
// The command gets DATABASE_URL of a migrated database `kickoff` (tests copy it per file as a template).
import { type ChildProcess, spawn } from 'node:child_process';
import { type Cluster, createDatabase, startCluster } from './postgres-cluster.ts';

const separator = process.argv.indexOf('--');
const command = separator === -1 ? [] : process.argv.slice(separator + 1);
if (command.length === 0) {
  console.error('usage: tsx scripts/with-postgres.ts -- <command> [args...]');
  process.exit(2);
}

let cluster: Cluster | undefined;
let child: ChildProcess | undefined;
// Stop the cluster however this process ends: pg_ctl starts the server in a session of its own, so a
// signal to this process group never reaches it.
process.on('exit', () => cluster?.stop());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (child && child.exitCode === null) child.kill(signal);
    else process.exit(1);
  });
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  child = spawn(args[0]!, args.slice(1), { stdio: 'inherit', env });
  return new Promise((resolve) => child!.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))));
}

let code = 1;
try {
  cluster = await startCluster();
  await createDatabase(cluster.url('postgres'), 'kickoff');
  const databaseUrl = cluster.url('kickoff');
  // Migrate once here, so test files can copy the database without racing to migrate it.
  if ((await run([process.execPath, '--import', 'tsx', 'scripts/migrate.ts'], { ...process.env, DATABASE_URL: databaseUrl })) !== 0) {
    throw new Error('migrations failed');
  }
  console.log(`PostgreSQL ${databaseUrl} (throwaway cluster in ${cluster.dir})`);
  code = await run(command, { ...process.env, DATABASE_URL: databaseUrl, KICKOFF_PG_ADMIN_URL: cluster.url('postgres') });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
}
process.exit(code);
