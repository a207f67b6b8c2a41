// What this instance heard in the last RECENT_CHANGES_MS, for the streams that open next. A page's reads
// go out while its stream is opening, and one the server answers before the stream listens can miss a
// change made in between: the stream's `ready` lists those changes (shared/events.ts, ReadyData), so the
// client reads again only what they touched.
import { RECENT_CHANGES_MS, type ChangePoke } from '../../shared/events.ts';
import type { CurrentUser } from '../lib/env.ts';
import { type Change, reaches } from './audience.ts';

/** Changes kept at most: a burst beyond this makes the record incomplete rather than the process large. */
export const MAX_RECENT_CHANGES = 5_000;
/** Distinct pokes listed at most in one `ready`; beyond this the client reads everything again anyway. */
export const MAX_MISSED_POKES = 50;

export class RecentChanges {
  private entries: { at: number; change: Change }[] = [];
  /** Complete from this time on: since listening began, or since the last change dropped over the cap. */
  private completeSince = Number.POSITIVE_INFINITY;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Listening (again): what came before is unknown. */
  listening(): void {
    this.entries = [];
    this.completeSince = this.now();
  }

  /** Not listening: until listening() again, no stream can be told what it missed. */
  deaf(): void {
    this.entries = [];
    this.completeSince = Number.POSITIVE_INFINITY;
  }

  add(change: Change): void {
    const at = this.now();
    this.forgetBefore(at - RECENT_CHANGES_MS);
    this.entries.push({ at, change });
    if (this.entries.length > MAX_RECENT_CHANGES) this.completeSince = (this.entries.shift() as { at: number }).at;
  }

  /**
   * The pokes of the last RECENT_CHANGES_MS that reached `person` (the same rule as a live poke), once
   * each; null when this instance may not have heard them all, or they are too many to list.
   */
  missedBy(person: Pick<CurrentUser, 'id' | 'role' | 'companyId'>): ChangePoke[] | null {
    const from = this.now() - RECENT_CHANGES_MS;
    if (this.completeSince > from) return null;
    this.forgetBefore(from);
    const missed = new Map<string, ChangePoke>();
    for (const { change } of this.entries) {
      if (change.companyId !== person.companyId || !reaches(person, change.audience)) continue;
      missed.set(JSON.stringify(change.poke), change.poke);
      if (missed.size > MAX_MISSED_POKES) return null;
    }
    return [...missed.values()];
  }

  private forgetBefore(time: number): void {
    const kept = this.entries.findIndex((entry) => entry.at >= time);
    this.entries.splice(0, kept === -1 ? this.entries.length : kept);
  }
}
