// The change stream's client against a fake EventSource and a manual clock: one stream however many
// listen, resync on every open, backoff that grows and resets, a 401 that stops it, offline and back,
// and (with vitest's fake timers) a silent stream taken for dead.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANGE_EVENT, EVENTS_KEEPALIVE_MS, EVENTS_SILENCE_LIMIT_MS, PING_EVENT, READY_EVENT, RECENT_CHANGES_MS } from '../../shared/events.ts';
import { TAB_CLIENT_ID } from './api-client.ts';
import { createChangeStream, isFromThisTab, parsePoke, type ChangeEvent, type ChangeSource } from './change-stream.ts';

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 2;

class FakeSource implements ChangeSource {
  readyState = CONNECTING;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<unknown>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<unknown>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = CLOSED;
  }
  private dispatch(type: string, data?: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
  /** `ready`, by default with an empty list of missed changes (ReadyData). */
  ready(data = '{"missed":[]}') {
    this.readyState = OPEN;
    this.dispatch(READY_EVENT, data);
  }
  poke(data: string) {
    this.dispatch(CHANGE_EVENT, data);
  }
  ping() {
    this.dispatch(PING_EVENT, '');
  }
  /** A dropped connection (the browser would retry) or, with CLOSED, an answer that was not a stream. */
  fail(readyState: number) {
    this.readyState = readyState;
    this.dispatch('error');
  }
}

function setup(options: { signedOut?: boolean; online?: boolean } = {}) {
  const sources: FakeSource[] = [];
  const timers = new Map<number, { callback: () => void; ms: number }>();
  let nextTimer = 1;
  let now = 1_000;
  let online = options.online ?? true;
  const connectivity = new EventTarget();
  const probes: string[] = [];
  const signedOutTold: string[] = [];
  const stream = createChangeStream({
    open: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    now: () => now,
    setTimeout: (callback, ms) => {
      timers.set(nextTimer, { callback, ms });
      return nextTimer++;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    random: () => 0,
    isOnline: () => online,
    connectivity,
    isSignedOut: async () => {
      probes.push('asked');
      return options.signedOut ?? false;
    },
    onSignedOut: () => signedOutTold.push('told'),
  });
  const events: ChangeEvent[] = [];
  stream.onChange((event) => events.push(event));
  return {
    stream,
    sources,
    events,
    probes,
    signedOutTold,
    latest: () => sources.at(-1)!,
    /** The delays of the timers waiting now. */
    waiting: () => [...timers.values()].map((timer) => timer.ms),
    /** Fires the one waiting timer after its delay. */
    fireTimer: () => {
      const [handle, timer] = [...timers.entries()][0]!;
      timers.delete(handle);
      now += timer.ms;
      timer.callback();
    },
    advance: (ms: number) => (now += ms),
    goOffline: () => {
      online = false;
      connectivity.dispatchEvent(new Event('offline'));
    },
    goOnline: () => {
      online = true;
      connectivity.dispatchEvent(new Event('online'));
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('change stream', () => {
  it('opens one stream per tab however many screens listen or ask for it', () => {
    const { stream, sources, latest } = setup();
    const heard: string[] = [];
    for (const name of ['shell', 'dashboard', 'sync engine']) stream.onChange((event) => event.type === 'poke' && heard.push(name));
    stream.start();
    stream.start();
    expect(sources).toHaveLength(1);
    expect(latest().url).toBe('/api/events');

    latest().ready();
    stream.start();
    latest().poke(JSON.stringify({ topic: 'messages', planId: 'p1' }));
    expect(sources).toHaveLength(1);
    expect(heard).toEqual(['shell', 'dashboard', 'sync engine']);

    stream.stop();
    expect(latest().closed).toBe(true);
    expect(stream.getStatus()).toBe('down');
  });

  it('says resync on every open, with the time that connection was asked for, and passes pokes on', () => {
    const { stream, events, latest, advance, fireTimer } = setup();
    stream.start();
    expect(stream.getStatus()).toBe('connecting');
    advance(40);
    latest().ready();
    expect(stream.getStatus()).toBe('open');
    latest().poke(JSON.stringify({ topic: 'tasks', planId: 'p1' }));
    latest().poke('not json');
    latest().poke(JSON.stringify({ topic: 'weather' }));
    latest().poke(JSON.stringify({ topic: 'team', planId: 7 }));

    // The server's listener came back mid-stream: everything read until now may have missed a change.
    advance(100);
    latest().ready('{}');

    latest().fail(CONNECTING);
    fireTimer();
    advance(30);
    latest().ready(JSON.stringify({ missed: [{ topic: 'messages', planId: 'p1' }, { topic: 'weather' }, { topic: 'plans', origin: 'tab-1' }] }));
    expect(events).toEqual([
      { type: 'resync', since: 1_000, missed: [] },
      { type: 'poke', poke: { topic: 'tasks', planId: 'p1' } },
      { type: 'poke', poke: { topic: 'team' } },
      { type: 'resync', since: 1_140, missed: [] },
      {
        type: 'resync',
        since: 1_640,
        missed: [
          { topic: 'messages', planId: 'p1' },
          { topic: 'plans', origin: 'tab-1' },
        ],
      },
    ]);
    stream.stop();
  });

  it('takes everything read before ready for stale when the server cannot list what was missed, or the list is too short a look back', () => {
    const { stream, events, latest, advance, fireTimer } = setup();
    stream.start();
    advance(40);
    // An older server, or a listener that has only just come up: no list.
    latest().ready('');
    latest().fail(CONNECTING);
    // Asked for again at 1_540 (the first retry waits 500 ms); it took longer than the list reaches back, less a read's time on the way.
    fireTimer();
    advance(RECENT_CHANGES_MS / 2);
    latest().ready();
    expect(events).toEqual([
      { type: 'resync', since: 1_040, missed: [] },
      { type: 'resync', since: 1_540 + RECENT_CHANGES_MS / 2, missed: [] },
    ]);
    stream.stop();
  });

  it('backs off with jitter while the stream fails, and starts over once one opens', () => {
    const { stream, sources, latest, waiting, fireTimer } = setup();
    stream.start();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      latest().fail(CONNECTING);
      expect(latest().closed).toBe(true);
      expect(stream.getStatus()).toBe('down');
      delays.push(...waiting());
      fireTimer();
    }
    // Half of 1 s, 2 s, 4 s, 8 s with random() = 0; our own retry replaces the browser's.
    expect(delays).toEqual([500, 1_000, 2_000, 4_000]);
    expect(sources).toHaveLength(5);

    latest().ready();
    expect(stream.getStatus()).toBe('open');
    latest().fail(CONNECTING);
    expect(waiting()).toEqual([500]);
    stream.stop();
    expect(waiting()).toEqual([]);
  });

  it('stops for good on a 401, and opens again when started after signing in', async () => {
    const { stream, sources, latest, waiting, probes, signedOutTold } = setup({ signedOut: true });
    stream.start();
    latest().ready();
    latest().fail(CLOSED);
    await settle();
    expect(probes).toEqual(['asked']);
    expect(signedOutTold).toEqual(['told']);
    expect(waiting()).toEqual([]);
    expect(stream.getStatus()).toBe('down');
    expect(sources).toHaveLength(1);

    stream.start();
    expect(sources).toHaveLength(2);
  });

  it('retries with backoff when the server refuses the stream for another reason (a 503)', async () => {
    const { stream, latest, waiting, probes, signedOutTold } = setup({ signedOut: false });
    stream.start();
    latest().fail(CLOSED);
    await settle();
    expect(probes).toEqual(['asked']);
    expect(signedOutTold).toEqual([]);
    expect(waiting()).toEqual([500]);
    stream.stop();
  });

  it('is down while offline without trying, and connects at once when back online', () => {
    const { stream, sources, latest, waiting, goOffline, goOnline } = setup({ online: false });
    stream.start();
    expect(sources).toHaveLength(0);
    expect(stream.getStatus()).toBe('down');

    goOnline();
    expect(sources).toHaveLength(1);
    latest().ready();
    expect(stream.getStatus()).toBe('open');

    goOffline();
    expect(latest().closed).toBe(true);
    expect(stream.getStatus()).toBe('down');
    expect(waiting()).toEqual([]);
    goOnline();
    expect(sources).toHaveLength(2);
    stream.stop();
  });

  it('tells status listeners only when the status changes', () => {
    const { stream, latest } = setup();
    const seen: string[] = [];
    stream.subscribeStatus(() => seen.push(stream.getStatus()));
    stream.start();
    latest().ready();
    latest().poke(JSON.stringify({ topic: 'plans' }));
    latest().fail(CONNECTING);
    stream.stop();
    expect(seen).toEqual(['open', 'down']);
  });

  it('reads a poke from the event data', () => {
    expect(parsePoke('{"topic":"messages","planId":"p1"}')).toEqual({ topic: 'messages', planId: 'p1' });
    expect(parsePoke('{"topic":"tasks","planId":"p1","origin":"c1"}')).toEqual({ topic: 'tasks', planId: 'p1', origin: 'c1' });
    expect(parsePoke('{"topic":"tasks","origin":7}')).toEqual({ topic: 'tasks' });
    expect(parsePoke('{"topic":"subscription"}')).toEqual({ topic: 'subscription' });
    expect(parsePoke('null')).toBeNull();
    expect(parsePoke(undefined)).toBeNull();
  });
});

describe('a poke of this tab', () => {
  it("is one whose origin is this tab's id, which every request sends", () => {
    expect(isFromThisTab({ topic: 'messages', planId: 'p1', origin: TAB_CLIENT_ID })).toBe(true);
    expect(isFromThisTab({ topic: 'messages', planId: 'p1', origin: crypto.randomUUID() })).toBe(false);
    expect(isFromThisTab({ topic: 'messages', planId: 'p1' })).toBe(false);
  });
});

describe('a silent stream (fake timers)', () => {
  afterEach(() => vi.useRealTimers());

  function setupWithFakeTimers() {
    vi.useFakeTimers();
    const sources: FakeSource[] = [];
    const stream = createChangeStream({
      open: (url) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source;
      },
      random: () => 0,
      isOnline: () => true,
      connectivity: null,
    });
    const events: ChangeEvent[] = [];
    stream.onChange((event) => events.push(event));
    return { stream, sources, events, latest: () => sources.at(-1)! };
  }

  it('stays open while pings arrive, and reconnects with backoff after two and a half intervals without any event', () => {
    const { stream, sources, events, latest } = setupWithFakeTimers();
    stream.start();
    latest().ready();
    for (let ping = 0; ping < 5; ping += 1) {
      vi.advanceTimersByTime(EVENTS_KEEPALIVE_MS);
      latest().ping();
    }
    vi.advanceTimersByTime(EVENTS_KEEPALIVE_MS);
    latest().poke(JSON.stringify({ topic: 'tasks' }));
    expect(sources).toHaveLength(1);
    expect(stream.getStatus()).toBe('open');

    vi.advanceTimersByTime(EVENTS_SILENCE_LIMIT_MS - 1);
    expect(latest().closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(sources[0]!.closed).toBe(true);
    expect(stream.getStatus()).toBe('down');
    // The first retry's backoff: half a second with random() = 0.
    vi.advanceTimersByTime(499);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    latest().ready();
    expect(stream.getStatus()).toBe('open');
    expect(events.filter((event) => event.type === 'resync')).toHaveLength(2);
    stream.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives up on a connection that never answers, and backs off further each time', () => {
    const { stream, sources } = setupWithFakeTimers();
    stream.start();
    vi.advanceTimersByTime(EVENTS_SILENCE_LIMIT_MS + 500);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(EVENTS_SILENCE_LIMIT_MS + 999);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);
    expect(sources.slice(0, 2).every((source) => source.closed)).toBe(true);
    stream.stop();
  });
});
