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

/** Where the OS's range of ports it hands out itself (outgoing connections, listen(0)) starts; null where unknown. */
function ephemeralLow(): number | null {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || null;
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
  const low = ephemeralLow();
  if (low && low - OWN_RANGE_LOW > 1_000) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const port = await bindAndRelease(OWN_RANGE_LOW + Math.floor(Math.random() * (low - OWN_RANGE_LOW)));
      if (port) return port;
    }
  }
  const port = await bindAndRelease(0);
  if (!port) throw new Error('No free port on 127.0.0.1');
  return port;
}

/** Binds `port` on 127.0.0.1 and lets it go again: the port bound, or undefined when it is taken. */
async function bindAndRelease(port: number): Promise<number | undefined> {
  const server = createServer();
  server.unref();
  const bound = await listenOn(server, port, '127.0.0.1').catch(() => undefined);
  if (bound !== undefined) await new Promise<void>((resolve) => server.close(() => resolve()));
  return bound;
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
