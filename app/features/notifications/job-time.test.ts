import { describe, expect, it } from 'vitest';
import { formatJobTime } from './job-time.ts';

describe('formatJobTime', () => {
  it('reads an instant on the company’s clock, not the reader’s', () => {
    // 02:30 UTC is 08:00 in Colombo (UTC+05:30) and still the evening before in Los Angeles.
    expect(formatJobTime('2026-12-01T02:30:00.000Z', 'Asia/Colombo', 'en-GB')).toBe('Tue 1 Dec, 08:00');
    expect(formatJobTime('2026-12-01T02:30:00.000Z', 'America/Los_Angeles', 'en-GB')).toBe('Mon 30 Nov, 18:30');
  });

  it('writes the date as the reader’s locale does', () => {
    expect(formatJobTime('2026-12-01T08:00:00.000Z', 'UTC', 'en-US')).toBe('Tue, Dec 1, 08:00');
  });
});
