// How long to wait before trying again after a failure: the sync engine and the change stream both
// back off the same way, so a server coming back up is not met by every client at once.

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;

/** Backoff with jitter: between half and all of base * 2^attempt, capped. */
export function backoffDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
