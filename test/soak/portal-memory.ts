import { readFileSync } from 'node:fs';

/** The resident memory (MiB) of a process, from /proc; undefined once it is gone. */
export function residentMiB(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Samples the portal process's memory every 2 s. A restarted portal is a new process: its warm-up
 * sample is the one `warmUpMs` after it was first seen (the first of the run's last process).
 */
export function memorySampler(pidOf: () => number | undefined, warmUpMs: number) {
  const samples: Array<{ pid: number; at: number; mib: number }> = [];
  const take = () => {
    const pid = pidOf();
    const mib = residentMiB(pid);
    if (pid && mib !== undefined) samples.push({ pid, at: Date.now(), mib });
  };
  take();
  const timer = setInterval(take, 2_000);
  return {
    /** Stops sampling; answers the last process's warm-up and final figures. */
    stop(): { warm: number; end: number } {
      take();
      clearInterval(timer);
      const last = samples.filter((s) => s.pid === samples.at(-1)?.pid);
      const firstSeen = last[0]?.at ?? 0;
      const warm = last.find((s) => s.at >= firstSeen + warmUpMs) ?? last[0];
      return { warm: warm?.mib ?? 0, end: last.at(-1)?.mib ?? 0 };
    },
  };
}
