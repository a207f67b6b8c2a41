// npm run db:backup -- [file]: a consistent copy of DATABASE_PATH, safe while the server runs.
// SQLite only: with DATABASE_URL (PostgreSQL) it says to use pg_dump and exits 1.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../api/config.ts';
import { backupDatabaseFile, POSTGRES_BACKUP_MESSAGE } from '../api/db/backup.ts';

try {
  const { database } = loadConfig();
  if (database.engine === 'postgres') {
    console.error(POSTGRES_BACKUP_MESSAGE);
    process.exit(1);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const destination = resolve(process.argv[2] ?? `data/backups/kickoff-${stamp}.sqlite`);
  mkdirSync(dirname(destination), { recursive: true });
  const started = performance.now();
  const result = await backupDatabaseFile(database.path, destination);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Backed up ${database.path} to ${result.path}: ${(result.bytes / 1_048_576).toFixed(1)} MiB, integrity ${result.integrity}, ${seconds} s.`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
