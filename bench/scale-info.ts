// What bench/data.ts writes beside the data set and bench/api.ts reads: who signs in and which records
// it loads. Kept apart from data.ts, which generates as soon as it is imported.
import { existsSync, readFileSync } from 'node:fs';

/** Bumped when the generated data changes shape, so an older scale file is made again, not loaded. */
export const SCALE_FORMAT = 5;

export type ScaleInfo = {
  format: number;
  password: string;
  companyId: string;
  adminEmail: string;
  managerEmail: string;
  managerPlanCount: number;
  newHireEmail: string;
  planId: string;
  taskIds: string[];
  taskId: string;
  /** A timestamp just before the plan's last messages, for GET /api/messages/{planId}?after=. */
  messagesAfter: string;
  /** A sync cursor a little behind the big company's newest version, for GET /api/sync/pull. */
  recentCursor: number;
  /** The big company's sync counter (`companies.version`) after generation. */
  maxVersion: number;
  /** Rows per table, to show that both engines hold the same data set. */
  counts: Record<string, number>;
  /** sha256 of every generated row, in order: the same on both engines when the data sets are equal. */
  fingerprint: string;
};

/** The info at `path`, or undefined when it is missing or from an older generator. */
export function readScaleInfo(path: string): ScaleInfo | undefined {
  if (!existsSync(path)) return undefined;
  const info = JSON.parse(readFileSync(path, 'utf8')) as Partial<ScaleInfo>;
  return info.format === SCALE_FORMAT ? (info as ScaleInfo) : undefined;
}
