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

/** Retries `check` until it resolves or the deadline passes (stand-ins take a moment to listen). */
export async function waitUntil(what: string, check: () => Promise<unknown>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      await check();
      return;
    } catch (error) {
      lastError = error;
      await sleep(100);
    }
  }
  throw new Error(`${what} did not become ready in ${timeoutMs} ms: ${(lastError as Error)?.message ?? lastError}`);
}
