// Vitest setup for the API tests, run before each test file. The files share their worker's modules
// (isolate: false, vite.config.ts), so each file leaves nothing behind: every database it opened is
// closed (and on PostgreSQL dropped), and every spy and fake clock is put back.
import { afterAll, vi } from 'vitest';
import { closeTestDatabases } from './harness.ts';

afterAll(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await closeTestDatabases();
});
