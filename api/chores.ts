// The server's timers: the sweep of expired rows and scheduled backups. A timer's failure is logged and
// the schedule goes on; it never ends the process or leaves an unhandled rejection behind.
import { purgeExpiredAuthFlows } from './auth/auth-flows.ts';
import { purgeExpiredSessions } from './auth/sessions.ts';
import type { Config } from './config.ts';
import { backupAndRotate, nextBackupDelay } from './db/backup.ts';
import type { Db } from './db/client.ts';
import { purgeExpiredRateLimits } from './middleware/rate-limit.ts';

export type ChoreLog = { info(message: string): void; error(message: string, error: unknown): void };

const consoleLog: ChoreLog = {
  info: (message) => console.log(message),
  error: (message, error) => console.error(message, error),
};

export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

function inWords(ms: number): string {
  if (ms >= 3_600_000) return `${+(ms / 3_600_000).toFixed(1)} h`;
  if (ms >= 60_000) return `${+(ms / 60_000).toFixed(1)} min`;
  return `${+(ms / 1000).toFixed(1)} s`;
}

/**
 * Runs `task` after `firstDelayMs`, then again `intervalMs` after each run ends, so runs never overlap
 * (a slow backup delays the next one instead of racing it). The timers do not keep the process alive.
 */
export function repeat(name: string, task: () => unknown, options: { intervalMs: number; firstDelayMs?: number; log?: ChoreLog }): { stop(): void } {
  const { intervalMs, firstDelayMs = 0, log = consoleLog } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async () => {
    try {
      await task();
    } catch (error) {
      log.error(`${name} failed; trying again in ${inWords(intervalMs)}:`, error);
    }
    if (!stopped) timer = setTimeout(() => void run(), intervalMs).unref();
  };
  timer = setTimeout(() => void run(), firstDelayMs).unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * Expired sessions and rate-limit windows count for nothing (every read checks expiry), but rows nobody
 * presents again would stay forever: they are swept at start and hourly. With BACKUP_DIR (SQLite only;
 * config refuses it on PostgreSQL) the file is also copied every BACKUP_INTERVAL, keeping BACKUP_KEEP.
 */
export function startChores(options: { db: Db; config: Pick<Config, 'database' | 'backup'>; sweepIntervalMs?: number; log?: ChoreLog }): { stop(): void } {
  const { db, config, sweepIntervalMs = SWEEP_INTERVAL_MS, log = consoleLog } = options;
  const chores = [
    repeat('Sweep of expired sessions and rate limits', () => Promise.all([purgeExpiredSessions(db), purgeExpiredAuthFlows(db), purgeExpiredRateLimits(db)]), {
      intervalMs: sweepIntervalMs,
      log,
    }),
  ];
  const { backup, database } = config;
  if (backup && database.engine === 'sqlite') {
    chores.push(
      repeat(
        `Backup of ${database.path} into ${backup.dir}`,
        async () => {
          const result = await backupAndRotate(database.path, backup.dir, backup.keep);
          const removed = result.deleted.length > 0 ? `, ${result.deleted.length} older removed` : '';
          log.info(`Backed up ${database.path} to ${result.path} (${(result.bytes / 1_048_576).toFixed(1)} MiB${removed}).`);
        },
        { intervalMs: backup.intervalMs, firstDelayMs: nextBackupDelay(backup.dir, backup.intervalMs), log },
      ),
    );
  }
  return {
    stop() {
      for (const chore of chores) chore.stop();
    },
  };
}
