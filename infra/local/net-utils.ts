import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Listens and answers the port bound (port 0: one the OS picks, taken at once, so nothing can take
 * it in between); a port in use rejects instead of crashing the process with an unhandled 'error'.
 */
export function listenOn(server: Pick<Server, 'listen' | 'once' | 'off' | 'address'>, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      if (typeof address === 'object' && address) resolve(address.port);
      else reject(new Error(`No port bound on ${host}`));
    });
  });
}

/** The OS's range for ports it hands out itself (outgoing connections, listen(0)); null where unknown. */
function ephemeralRange(): [number, number] | null {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return low && high ? [low, high] : null;
  } catch {
    return null;
  }
}

/** Lowest port freePort picks from when the OS's own range starts above it. */
const OWN_RANGE_LOW = 10_000;

/**
 * A port free now, for a process that binds it later (DynamoDB Local, cognito-local, the portal in
 * an e2e test). Picked at random below the OS's ephemeral range where it has room there: a port the
 * OS hands out itself (a released listen(0), or any of the many outgoing connections a test run
 * makes) could be taken by someone else before the process binds it, which an e2e run once hit
 * (EADDRINUSE). Checked by binding it on 127.0.0.1; elsewhere, one the OS picks.
 */
export async function freePort(): Promise<number> {
  const range = ephemeralRange();
  if (range && range[0] - OWN_RANGE_LOW > 1_000) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const port = OWN_RANGE_LOW + Math.floor(Math.random() * (range[0] - OWN_RANGE_LOW));
      if (await bindable(port)) return port;
    }
  }
  const server = createServer();
  server.unref();
  const port = await listenOn(server, 0, '127.0.0.1');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function bindable(port: number): Promise<boolean> {
  const server = createServer();
  server.unref();
  try {
    await listenOn(server, port, '127.0.0.1');
  } catch {
    return false;
  }
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return true;
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
