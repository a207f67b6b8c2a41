// Reads GET /api/events over real HTTP, as a browser's EventSource would, for the tests and bench:events.
import { PING_EVENT, type ChangePoke } from '../../shared/events.ts';

/** One event as it arrived; `at` is performance.now() when its last byte was read. */
export type StreamEvent = { event: string; data: string; at: number };

export class EventStreamReader {
  private buffer = '';
  private readonly queue: StreamEvent[] = [];
  private wake: (() => void) | undefined;
  private ended = false;
  /** `ping` events seen so far: counted, not queued, so `next()` answers with what a test waits for. */
  pings = 0;
  /** The stream's `ready` event, once openReadyStream has read it. */
  ready: StreamEvent | undefined;

  constructor(
    readonly response: Response,
    private readonly abortController: AbortController,
  ) {
    void this.pump();
  }

  private async pump(): Promise<void> {
    const body = this.response.body;
    // A refusal (401) is not a stream: its body stays for the caller to read.
    if (!body || !this.response.ok) return this.finish();
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.buffer += value;
        this.parse(performance.now());
      }
    } catch {
      // Aborted by close(), or the connection dropped: both end the stream.
    } finally {
      this.finish();
    }
  }

  private finish(): void {
    this.ended = true;
    this.wake?.();
  }

  private parse(at: number): void {
    for (let end = this.buffer.indexOf('\n\n'); end !== -1; end = this.buffer.indexOf('\n\n')) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice('event:'.length).trim();
        else if (line.startsWith('data:')) data.push(line.slice('data:'.length).replace(/^ /, ''));
      }
      if (event === PING_EVENT) this.pings += 1;
      else if (data.length > 0) this.queue.push({ event, data: data.join('\n'), at });
    }
    this.wake?.();
  }

  /** The next event, or 'closed' once the stream has ended; throws when none comes within `timeoutMs`. */
  async next(timeoutMs = 2_000): Promise<StreamEvent | 'closed'> {
    const deadline = performance.now() + timeoutMs;
    while (this.queue.length === 0) {
      if (this.ended) return 'closed';
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`No event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
    return this.queue.shift() as StreamEvent;
  }

  /** The next event, which must be a `change`: its poke. */
  async nextPoke(timeoutMs?: number): Promise<ChangePoke> {
    const next = await this.next(timeoutMs);
    if (next === 'closed' || next.event !== 'change') throw new Error(`Expected a change, got ${next === 'closed' ? 'the end of the stream' : next.event}`);
    return JSON.parse(next.data) as ChangePoke;
  }

  close(): void {
    this.abortController.abort();
  }
}

/** Opens the stream at `baseUrl` (http://host:port) with the session cookie, if any. */
export async function openEventStream(baseUrl: string, cookie?: string): Promise<EventStreamReader> {
  const abortController = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    // As a browser asks: compression taken, which the stream must not use (api/middleware/compression.ts).
    headers: { Accept: 'text/event-stream', 'Accept-Encoding': 'gzip, deflate, br, zstd', ...(cookie ? { Cookie: cookie } : {}) },
    signal: abortController.signal,
  });
  return new EventStreamReader(response, abortController);
}

/** Opens the stream and waits for its `ready`, so every change published from now on reaches it. */
export async function openReadyStream(baseUrl: string, cookie: string): Promise<EventStreamReader> {
  const stream = await openEventStream(baseUrl, cookie);
  const first = await stream.next();
  if (first === 'closed' || first.event !== 'ready') throw new Error(`The stream did not open with ready (status ${stream.response.status})`);
  stream.ready = first;
  return stream;
}
