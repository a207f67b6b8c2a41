// The server's timers: a failing run is logged and the schedule goes on (no crash, no unhandled rejection).
import { describe, expect, it } from 'vitest';
import { type ChoreLog, repeat, startChores } from './chores.ts';
import { openTestDatabase } from './test/harness.ts';

function recordingLog() {
  const errors: { message: string; error: unknown }[] = [];
  const infos: string[] = [];
  const log: ChoreLog = { info: (message) => infos.push(message), error: (message, error) => errors.push({ message, error }) };
  return { log, errors, infos };
}

const until = async (condition: () => boolean, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('repeat', () => {
  it('logs a run that throws or rejects and keeps running', async () => {
    const { log, errors } = recordingLog();
    let runs = 0;
    const chore = repeat(
      'Flaky chore',
      () => {
        runs += 1;
        if (runs % 2 === 1) throw new Error(`thrown ${runs}`);
        return Promise.reject(new Error(`rejected ${runs}`));
      },
      { intervalMs: 5, log },
    );
    await until(() => runs >= 4);
    chore.stop();
    expect(errors.slice(0, 4).map((entry) => (entry.error as Error).message)).toEqual(['thrown 1', 'rejected 2', 'thrown 3', 'rejected 4']);
    expect(errors[0]?.message).toBe('Flaky chore failed; trying again in 0 s:');
  });

  it('never overlaps runs and stops when asked', async () => {
    let running = 0;
    let overlapped = false;
    let runs = 0;
    const chore = repeat(
      'Slow chore',
      async () => {
        overlapped ||= running > 0;
        running += 1;
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
      },
      { intervalMs: 1 },
    );
    await until(() => runs >= 3);
    chore.stop();
    const stoppedAt = runs;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(overlapped).toBe(false);
    expect(runs).toBeLessThanOrEqual(stoppedAt + 1);
  });
});

describe('startChores', () => {
  it('catches and logs the sweep of expired rows when the database fails, run after run', async () => {
    const database = await openTestDatabase();
    await database.close();
    const { log, errors } = recordingLog();
    const chores = startChores({ db: database.db, config: { database: database.config, backup: undefined }, sweepIntervalMs: 10, log });
    await until(() => errors.length >= 3);
    chores.stop();
    expect(errors[0]?.message).toMatch(/^Sweep of expired sessions and rate limits failed/);
    expect(errors[0]?.error).toBeInstanceOf(Error);
  });
});
