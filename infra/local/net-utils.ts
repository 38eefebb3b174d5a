import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A port the OS says is free now (bound and released on 127.0.0.1). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port'))));
    });
  });
}

/**
 * Retries `check` every `intervalMs` until it resolves (with its answer) or the deadline passes
 * (stand-ins take a moment to listen; a refused connection is answered at once, so polling often is cheap).
 */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T>,
  { timeoutMs = 30_000, intervalMs = 50, signal }: { timeoutMs?: number; intervalMs?: number; signal?: AbortSignal } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  // `signal`: the caller gave up (the stand-in exited), so polling stops too.
  while (Date.now() < deadline && !signal?.aborted) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
      await sleep(intervalMs);
    }
  }
  throw new Error(`${what} did not become ready in ${timeoutMs} ms: ${(lastError as Error)?.message ?? lastError}`);
}
