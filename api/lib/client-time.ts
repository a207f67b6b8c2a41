// When something happened on a device that was offline: its own clock, within what can be true.

/**
 * The client's time as ISO text, but never later than the server's now. Missing, unreadable or before
 * 1970 (no real tick or message; year 0, which `Date` accepts, is no date PostgreSQL stores) counts as now.
 */
export function clientTimeUpToNow(given: string | null | undefined, now: Date): string {
  const at = given ? Date.parse(given) : Number.NaN;
  return Number.isNaN(at) || at < 0 || at > now.getTime() ? now.toISOString() : new Date(at).toISOString();
}
