// `npm run jobs -- [--at 2026-12-01T08:00]`: runs, once, every job that is due at that moment (default:
// now), as the server's runner would: the reminders first, then the outbox, which sends what they
// enqueued. --at is read as UTC unless it carries an offset. For operators and tests: the clock is
// only ever moved here, on the command line, never by an environment variable.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../api/config.ts';
import { openDatabase } from '../api/db/client.ts';
import { jobHandlers } from '../api/jobs/job-handlers.ts';
import { ensureJobs } from '../api/jobs/jobs.queries.ts';
import { runDueJobs } from '../api/jobs/runner.ts';
import { parseRunAt } from '../api/jobs/schedule.ts';
import { createMailer } from '../api/mail/mailer.ts';

const USAGE = 'usage: npm run jobs -- [--at 2026-12-01T08:00] (UTC unless an offset such as +05:30 is given)';

/** A handler's summary ({ enqueued: 2 }) as `enqueued 2`, for the operator's line. */
function summary(result: unknown): string {
  if (!result || typeof result !== 'object') return '';
  return Object.entries(result)
    .map(([key, value]) => `${key} ${String(value)}`)
    .join(', ');
}

try {
  const { values } = parseArgs({ options: { at: { type: 'string' } } });
  let now: Date;
  try {
    now = values.at === undefined ? new Date() : parseRunAt(values.at);
  } catch (error) {
    throw new ConfigError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const config = loadConfig();
  const mailer = createMailer(config);
  const database = await openDatabase(config.database);
  let failed = 0;
  try {
    await ensureJobs(database.db, now);
    const outcomes = await runDueJobs({ db: database.db, now, owner: 'cli', handlers: jobHandlers({ config, mailer }) });
    console.log(`Jobs due at ${now.toISOString()}: ${outcomes.length}`);
    for (const outcome of outcomes) {
      if (outcome.ok) console.log(`  ${outcome.name}  ok  ${summary(outcome.result)}`.trimEnd());
      else console.log(`  ${outcome.name}  error  ${outcome.error}`);
    }
    failed = outcomes.filter((outcome) => !outcome.ok).length;
  } finally {
    await database.close();
  }
  if (failed > 0) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
