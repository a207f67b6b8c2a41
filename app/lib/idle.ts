// Work no first paint needs waits until the browser is idle after it: at most 2 s, and half a
// second where there is no requestIdleCallback (Safari).
import { useEffect, useState } from 'react';

const IDLE_TIMEOUT_MS = 2000;
const NO_IDLE_CALLBACK_DELAY_MS = 500;

/** Runs `run` once the main thread is idle; returns a cancel function. */
export function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, NO_IDLE_CALLBACK_DELAY_MS);
  return () => window.clearTimeout(timer);
}

/** False until the browser is idle after the first render. */
export function useIdleAfterMount(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
