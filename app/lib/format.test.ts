// formatTimeAgo: the largest whole unit, never "in the future" for a clock a little ahead.
import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './format.ts';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const ago = (ms: number) => formatTimeAgo(new Date(NOW - ms).toISOString(), NOW);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatTimeAgo', () => {
  it('says how long ago in the largest whole unit', () => {
    expect(ago(10_000)).toBe('this minute');
    expect(ago(5 * MINUTE + 30_000)).toBe('5 minutes ago');
    expect(ago(2 * HOUR + 59 * MINUTE)).toBe('2 hours ago');
    expect(ago(DAY + HOUR)).toBe('yesterday');
    expect(ago(3 * DAY)).toBe('3 days ago');
    expect(ago(15 * DAY)).toBe('2 weeks ago');
    expect(ago(65 * DAY)).toBe('2 months ago');
    expect(ago(800 * DAY)).toBe('2 years ago');
  });

  it('reads a moment just ahead of this clock as now', () => {
    expect(ago(-5_000)).toBe('this minute');
  });
});
