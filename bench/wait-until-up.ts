// Benchmarks start servers and wait for them: one poll of a health URL for all of them.
import type { ChildProcess } from 'node:child_process';

/**
 * Resolves once `url` answers 2xx; fails after `timeoutMs`, or at once if `child` (the process serving
 * it, when the benchmark started it) has exited.
 */
export async function waitUntilUp(url: string, { child, timeoutMs = 60_000 }: { child?: ChildProcess; timeoutMs?: number } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the process serving ${url} exited with ${child.exitCode}`);
    const up = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
