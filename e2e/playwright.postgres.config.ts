// The browser tests tagged @postgres, against the real server on a throwaway PostgreSQL cluster
// (scripts/with-postgres.ts starts it, gives the server DATABASE_URL, stops it when the server exits).
// It serves the app `npm run test:e2e` built (dist/); its own port, so it can run beside the SQLite run.
import { e2eConfig } from './playwright.config.ts';

export default e2eConfig({
  name: 'postgres',
  port: Number(process.env.E2E_PG_PORT ?? 4174),
  serverCommand: 'node --import tsx scripts/with-postgres.ts -- node scripts/e2e-server.mjs',
  grep: /@postgres/,
});
