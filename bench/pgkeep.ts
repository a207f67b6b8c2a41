import { writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { startCluster, createDatabase } from '../scripts/postgres-cluster.ts';
const cluster = await startCluster();
await createDatabase(cluster.url('postgres'), 'kb');
const url = cluster.url('kb');
execFileSync('npx', ['tsx', 'bench/data.ts', '--out', url, '--info', '/tmp/pgkeep.json'], { stdio: 'inherit' });
writeFileSync('/tmp/pgkeep.url', url + '\n' + cluster.dir + '\n');
console.log('kept', url, cluster.dir);
