// The retry wait of the server's queues (jobs, the mail outbox, webhook deliveries): doubling, capped.

/** The wait before the next try after `failures` failed ones (1 or more): `firstMs`, twice that, ... at most `longestMs`. */
export function doublingDelayMs(failures: number, firstMs: number, longestMs: number): number {
  // The exponent is capped too, so a row that failed thousands of times never computes Infinity.
  return Math.min(firstMs * 2 ** Math.min(Math.max(0, failures - 1), 30), longestMs);
}
