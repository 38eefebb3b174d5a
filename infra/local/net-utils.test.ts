import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, listenOn } from './net-utils.ts';

describe('ports of the local runtime', () => {
  const servers: Array<ReturnType<typeof createServer>> = [];
  const server = () => {
    const made = createServer();
    servers.push(made);
    return made;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => (s.listening ? s.close(() => resolve()) : resolve()))));
  });

  it('binds port 0 and answers the port the OS gave', async () => {
    const port = await listenOn(server(), 0, '127.0.0.1');
    expect(port).toBeGreaterThan(0);
    expect(servers[0]!.address()).toMatchObject({ port });
  });

  it('rejects a port in use instead of crashing with an unhandled error', async () => {
    const port = await listenOn(server(), 0, '127.0.0.1');
    await expect(listenOn(server(), port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('picks a free port below the range the OS hands out itself, where it has one', async () => {
    const port = await freePort();
    await expect(listenOn(server(), port, '127.0.0.1')).resolves.toBe(port);
    const range = (() => {
      try {
        return readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
      } catch {
        return undefined;
      }
    })();
    if (range && range[0]! > 11_000) expect(port).toBeLessThan(range[0]!);
  });
});
