// `npm run db:migrate`: applies the committed migrations of the configured engine and exits.
import { ConfigError, loadConfig } from '../api/config.ts';
import { openDatabase } from '../api/db/client.ts';

try {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  await database.close();
  console.log(`Migrated ${config.database.engine === 'postgres' ? 'PostgreSQL' : config.database.path}.`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
