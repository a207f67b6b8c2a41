// The client of the change stream (GET /api/events, shared/events.ts): one EventSource per tab,
// opened by the signed-in layout and closed on sign-out. Listeners hear every poke, and a resync each
// time a connection opens: what changed while no stream listened is unknown, so they read again (what
// the server says the person missed, or everything read before it listened).
// The browser's own EventSource retry is replaced by ours: it backs off, and it gives up on a 401. A
// stream silent for EVENTS_SILENCE_LIMIT_MS (the server pings every EVENTS_KEEPALIVE_MS) is taken for a
// connection that died without the browser noticing, and replaced the same way.
import { useSyncExternalStore } from 'react';
import { CHANGE_EVENT, CHANGE_TOPICS, EVENTS_SILENCE_LIMIT_MS, PING_EVENT, READY_EVENT, RECENT_CHANGES_MS, type ChangePoke, type ChangeTopic } from '../../shared/events.ts';
import { apiFetch, isUnauthorized, TAB_CLIENT_ID } from './api-client.ts';
import { backoffDelay } from './backoff.ts';
import { handleUnauthorized } from './notify.ts';

export const CHANGE_STREAM_URL = '/api/events';

/** `connecting` until the first answer after start; `down` from the first failure until a stream is open again. */
export type StreamStatus = 'connecting' | 'open' | 'down';

export type ChangeEvent =
  | { type: 'poke'; poke: ChangePoke }
  /**
   * A stream opened (or the server lost track): a read answered before `since` (epoch ms) may have
   * missed changes, and so may any read of what `missed` names.
   */
  | { type: 'resync'; since: number; missed: ChangePoke[] };

export type ChangeListener = (event: ChangeEvent) => void;

/** The part of an EventSource this module uses (a fake in tests). */
export type ChangeSource = {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<unknown>) => void): void;
  close(): void;
};

/** EventSource.CLOSED: after an error, the browser gave up (the server answered, but not with a stream). */
const CLOSED = 2;

export type ChangeStreamEnvironment = {
  open: (url: string) => ChangeSource;
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  random: () => number;
  isOnline: () => boolean;
  /** Where `online` and `offline` are announced; null where there is no window. */
  connectivity: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  /** Asked after the server refused the stream: true when nobody is signed in any more (a 401). */
  isSignedOut: () => Promise<boolean>;
  /** The session is over: told like any background read's 401 (notify.ts), once the stream has stopped. */
  onSignedOut: () => void;
};

const browserEnvironment = (): ChangeStreamEnvironment => ({
  open: (url) => new EventSource(url, { withCredentials: true }),
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  random: Math.random,
  isOnline: () => globalThis.navigator?.onLine ?? true,
  connectivity: typeof window === 'undefined' ? null : window,
  isSignedOut: () => apiFetch('/api/auth/user').then(() => false, isUnauthorized),
  onSignedOut: () => handleUnauthorized({ background: true }),
});

const TOPICS = new Set<string>(CHANGE_TOPICS);

const parseJson = (data: unknown): unknown => {
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
};

function asPoke(value: unknown): ChangePoke | null {
  const poke = value as { topic?: unknown; planId?: unknown; origin?: unknown } | null;
  if (typeof poke?.topic !== 'string' || !TOPICS.has(poke.topic)) return null;
  const topic = poke.topic as ChangeTopic;
  return { topic, ...(typeof poke.planId === 'string' ? { planId: poke.planId } : {}), ...(typeof poke.origin === 'string' ? { origin: poke.origin } : {}) };
}

/** A `change` event's data, or null when it is not a poke this client knows. */
export const parsePoke = (data: unknown): ChangePoke | null => asPoke(parseJson(data));

/** The pokes a `ready` event's data (ReadyData) says were missed, or null when the server could not tell. */
export function parseMissed(data: unknown): ChangePoke[] | null {
  const missed = (parseJson(data) as { missed?: unknown } | null)?.missed;
  if (!Array.isArray(missed)) return null;
  // A poke of a topic this client does not know shows on no screen of it.
  return missed.flatMap((value) => asPoke(value) ?? []);
}

/** Whether this tab's own REST request made the change: its mutation has refreshed what it changed. */
export const isFromThisTab = (poke: ChangePoke): boolean => poke.origin !== undefined && poke.origin === TAB_CLIENT_ID;

export type ChangeStream = ReturnType<typeof createChangeStream>;

export function createChangeStream(overrides: Partial<ChangeStreamEnvironment> = {}) {
  let environment: ChangeStreamEnvironment | null = null;
  const env = () => (environment ??= { ...browserEnvironment(), ...overrides });

  const listeners = new Set<ChangeListener>();
  const statusListeners = new Set<() => void>();
  let status: StreamStatus = 'connecting';
  let started = false;
  let source: ChangeSource | null = null;
  let retryTimer: unknown = null;
  let silenceTimer: unknown = null;
  let failures = 0;

  function setStatus(next: StreamStatus) {
    if (next === status) return;
    status = next;
    for (const listener of [...statusListeners]) listener();
  }

  function emit(event: ChangeEvent) {
    for (const listener of [...listeners]) listener(event);
  }

  function closeSource() {
    cancelSilenceWatch();
    source?.close();
    source = null;
  }

  function cancelSilenceWatch() {
    if (silenceTimer !== null) env().clearTimeout(silenceTimer);
    silenceTimer = null;
  }

  /** (Re)started at every event: a stream that says nothing for the limit is dropped and reopened with backoff. */
  function watchSilence(opened: ChangeSource) {
    cancelSilenceWatch();
    silenceTimer = env().setTimeout(() => {
      silenceTimer = null;
      if (source !== opened) return;
      closeSource();
      setStatus('down');
      retryLater();
    }, EVENTS_SILENCE_LIMIT_MS);
  }

  function cancelRetry() {
    if (retryTimer !== null) env().clearTimeout(retryTimer);
    retryTimer = null;
  }

  function retryLater() {
    if (!started || source || retryTimer !== null) return;
    const delay = backoffDelay(failures, env().random);
    failures += 1;
    retryTimer = env().setTimeout(() => {
      retryTimer = null;
      connect();
    }, delay);
  }

  function connect() {
    cancelRetry();
    if (!started || source) return;
    if (!env().isOnline()) {
      setStatus('down');
      return;
    }
    const askedAt = env().now();
    const opened = env().open(CHANGE_STREAM_URL);
    source = opened;
    watchSilence(opened);
    opened.addEventListener(READY_EVENT, (event) => {
      if (source !== opened) return;
      watchSilence(opened);
      failures = 0;
      setStatus('open');
      // With the list of what was missed, a read answered after this connection was asked for is stale
      // only if the list names it. The list reaches back RECENT_CHANGES_MS: a connection that took over
      // half of that to open is taken as listless, the other half left for a read's time on the way.
      // Without a list (the server's listener has just come up or back), everything read before is stale.
      const now = env().now();
      const missed = now - askedAt < RECENT_CHANGES_MS / 2 ? parseMissed(event.data) : null;
      emit(missed ? { type: 'resync', since: askedAt, missed } : { type: 'resync', since: now, missed: [] });
    });
    opened.addEventListener(PING_EVENT, () => {
      if (source === opened) watchSilence(opened);
    });
    opened.addEventListener(CHANGE_EVENT, (event) => {
      if (source !== opened) return;
      watchSilence(opened);
      const poke = parsePoke(event.data);
      if (poke) emit({ type: 'poke', poke });
    });
    opened.addEventListener('error', () => {
      if (source !== opened) return;
      const refused = opened.readyState === CLOSED;
      closeSource();
      setStatus('down');
      if (!refused) {
        retryLater();
        return;
      }
      // EventSource hides the status code: ask whether the session is over before trying again.
      void env()
        .isSignedOut()
        .catch(() => false)
        .then((signedOut) => {
          // Stopped meanwhile (signing out): nothing to retry or to tell.
          if (!started) return;
          if (!signedOut) return retryLater();
          stop();
          env().onSignedOut();
        });
    });
  }

  const onOnline = () => {
    failures = 0;
    connect();
  };
  const onOffline = () => {
    cancelRetry();
    closeSource();
    setStatus('down');
  };

  /** Opens the stream unless it is open or opening already: one per tab, however often it is asked. */
  function start() {
    if (started) return;
    started = true;
    failures = 0;
    env().connectivity?.addEventListener('online', onOnline);
    env().connectivity?.addEventListener('offline', onOffline);
    setStatus('connecting');
    connect();
  }

  /** Closes the stream for good (sign-out, or the server said nobody is signed in); start() opens it again. */
  function stop() {
    if (!started) return;
    started = false;
    env().connectivity?.removeEventListener('online', onOnline);
    env().connectivity?.removeEventListener('offline', onOffline);
    cancelRetry();
    closeSource();
    setStatus('down');
  }

  return {
    start,
    stop,
    /** Every poke and resync until the returned function is called. */
    onChange(listener: ChangeListener): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    subscribeStatus(listener: () => void): () => void {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
    getStatus: (): StreamStatus => status,
  };
}

/** This tab's stream. */
export const changeStream = createChangeStream();

export function useChangeStreamStatus(): StreamStatus {
  return useSyncExternalStore(changeStream.subscribeStatus, changeStream.getStatus, () => 'connecting' as const);
}
