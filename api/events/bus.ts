// The change bus (DESIGN.md section 9): a write route publishes a poke with its audience once its
// transaction has committed; every open event stream of every instance the poke reaches passes it on.
// One interface, two implementations chosen by the engine: on SQLite (one process) an in-process
// emitter, on PostgreSQL NOTIFY and one LISTEN connection per process (postgres-bus.ts).
import { EVENTS_KEEPALIVE_MS, type ChangePoke } from '../../shared/events.ts';
import type { CurrentUser } from '../lib/env.ts';
import { type Change, reaches } from './audience.ts';
import { RecentChanges } from './recent-changes.ts';

/** One open event stream, as the bus sees it. */
export type ChangeSubscriber = {
  /** Who the stream belongs to, as of its last session check. */
  readonly person: CurrentUser;
  poke(poke: ChangePoke): void;
  /** Changes may have been missed (the listener reconnected): the client should refetch everything. */
  resync(): void;
  /** Ends the stream (the person opened too many, or the server is shutting down). */
  close(): void;
};

export type ChangeBus = {
  /** How often a stream sends a `ping` and checks its session is still valid. */
  readonly keepAliveMs: number;
  /** Streams open on this instance. */
  readonly streamCount: number;
  /** Delivers the change to every stream on every instance it reaches. Never throws: the write has committed. */
  publish(change: Change): Promise<void>;
  /**
   * Registers a stream; resolves, with its unsubscribe, once every change published from then on will
   * reach it. Rejects when the bus cannot listen (closed, or the database unreachable).
   */
  subscribe(subscriber: ChangeSubscriber): Promise<() => void>;
  /**
   * What reached `person` in the last RECENT_CHANGES_MS, for a stream that has just subscribed to be
   * told (recent-changes.ts); null when this instance cannot tell.
   */
  missedBy(person: CurrentUser): ChangePoke[] | null;
  /** Ends every stream and stops listening (server shutdown). */
  close(): Promise<void>;
};

export type ChangeBusOptions = {
  keepAliveMs?: number;
  /** The clock of what the bus remembers for streams about to open (recent-changes.ts); tests move it. */
  now?: () => number;
};

/**
 * A person's streams on one instance beyond this close the oldest: a tab keeps one, so ten is several
 * devices and tabs, and a client opening streams in a loop cannot exhaust the server's memory.
 */
export const MAX_STREAMS_PER_PERSON = 10;

/** The streams open on this instance, by company and by person, and the delivery rule. */
export class Subscribers {
  /** Every change delivered here, reaching a stream or not, for the streams that open next. */
  readonly recent: RecentChanges;
  private readonly byCompany = new Map<string, Set<ChangeSubscriber>>();
  private readonly byPerson = new Map<string, ChangeSubscriber[]>();
  private readonly removals = new Map<ChangeSubscriber, () => void>();

  constructor(now?: () => number) {
    this.recent = new RecentChanges(now);
  }

  get size(): number {
    return this.removals.size;
  }

  /** Returns the unsubscribe (safe to call more than once). */
  add(subscriber: ChangeSubscriber): () => void {
    const { companyId, id } = subscriber.person;
    let company = this.byCompany.get(companyId);
    if (!company) this.byCompany.set(companyId, (company = new Set()));
    company.add(subscriber);
    let own = this.byPerson.get(id);
    if (!own) this.byPerson.set(id, (own = []));
    own.push(subscriber);
    const remove = () => {
      this.removals.delete(subscriber);
      company.delete(subscriber);
      if (company.size === 0 && this.byCompany.get(companyId) === company) this.byCompany.delete(companyId);
      const at = own.indexOf(subscriber);
      if (at !== -1) own.splice(at, 1);
      if (own.length === 0 && this.byPerson.get(id) === own) this.byPerson.delete(id);
    };
    this.removals.set(subscriber, remove);
    while (own.length > MAX_STREAMS_PER_PERSON) this.drop(own[0] as ChangeSubscriber);
    return remove;
  }

  /** Only the change's company is looked at, so another company's streams never see it. */
  deliver(change: Change): void {
    this.recent.add(change);
    for (const subscriber of this.byCompany.get(change.companyId) ?? []) {
      if (reaches(subscriber.person, change.audience)) subscriber.poke(change.poke);
    }
  }

  resyncAll(): void {
    for (const subscriber of this.removals.keys()) subscriber.resync();
  }

  closeAll(): void {
    for (const subscriber of [...this.removals.keys()]) this.drop(subscriber);
  }

  /** Removed first, then told: the stream ends on its own time, but gets nothing more. */
  private drop(subscriber: ChangeSubscriber): void {
    this.removals.get(subscriber)?.();
    subscriber.close();
  }
}

/** SQLite: one process serves the database, so the bus is an emitter in it. */
export function inProcessChangeBus(options: ChangeBusOptions = {}): ChangeBus {
  const subscribers = new Subscribers(options.now);
  subscribers.recent.listening();
  let closed = false;
  return {
    keepAliveMs: options.keepAliveMs ?? EVENTS_KEEPALIVE_MS,
    get streamCount() {
      return subscribers.size;
    },
    publish: async (change) => subscribers.deliver(change),
    subscribe: async (subscriber) => {
      if (closed) throw new Error('The change bus is closed');
      return subscribers.add(subscriber);
    },
    missedBy: (person) => subscribers.recent.missedBy(person),
    close: async () => {
      closed = true;
      subscribers.recent.deaf();
      subscribers.closeAll();
    },
  };
}
