import { fileURLToPath } from 'node:url';
import { median } from '../bench/machine.ts';
import type { PortalProcess } from '../support/portal-process.ts';

/**
 * What the soak's portal process is started with (startSeededPortal's `nodeArgs`): `global.gc` and
 * the heap probe, which answers SIGUSR2 with its live memory after a full collection (heap-probe.ts).
 */
export const HEAP_PROBE_NODE_ARGS = ['--expose-gc', '--import', fileURLToPath(new URL('./heap-probe.ts', import.meta.url))] as const;

export interface MemorySample {
  pid: number;
  at: number;
  /** JavaScript heap plus external (Buffers) still live after a full collection, MiB. */
  liveMiB: number;
  rssMiB: number;
}

/** The memory audit's input: the last process's live memory after warm-up and at the end (medians), and its RSS. */
export interface MemoryFigures {
  warm: number;
  end: number;
  rssWarm: number;
  rssEnd: number;
  /** The last process's samples, in order (live MiB). */
  series: number[];
}

const MARK = /\[soak-heap\] (\d+) (\d+) (\d+)\n/g;
const MEDIAN_OF = 3;
const MiB = 1024 * 1024;

/** The benchmarks' median; 0 for no samples (the audit reports a missing probe answer). */
const medianOf = (values: number[]) => (values.length ? median(values) : 0);

/**
 * Samples the portal process's live memory every `everyMs` (decision 0067): SIGUSR2 to the process,
 * whose heap probe collects garbage fully and prints heap and external bytes, read from its output.
 * A restarted portal is a new process; the figures are the last process's: the median of its first
 * three samples from `warmUpMs` after it was first seen, against the median of its last three
 * (taken after the load, while the run settles). So the comparison is what stays live, not where
 * the collector happened to be, and a median of three keeps one sample taken mid-burst from deciding.
 */
export function memorySampler(current: () => PortalProcess, warmUpMs: number, everyMs = 5_000) {
  const samples: MemorySample[] = [];
  let stopped = false;

  async function take(): Promise<void> {
    const portal = current();
    const { child } = portal;
    if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
    const before = portal.output.match(MARK)?.length ?? 0;
    try {
      process.kill(child.pid, 'SIGUSR2');
    } catch {
      return;
    }
    // A full collection of a busy process on a loaded machine: give it up to 10 s to answer.
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      const marks = [...portal.output.matchAll(MARK)];
      if (marks.length > before) {
        const [, heap, external, rss] = marks.at(-1)!.map(Number);
        samples.push({ pid: child.pid, at: Date.now(), liveMiB: (heap! + external!) / MiB, rssMiB: rss! / MiB });
        return;
      }
      await new Promise((done) => setTimeout(done, 100));
    }
  }

  const loop = (async () => {
    while (!stopped) {
      await take();
      await new Promise((done) => setTimeout(done, everyMs));
    }
  })();

  return {
    /** Stops sampling after a last sample; answers the last process's figures. */
    async stop(): Promise<MemoryFigures> {
      stopped = true;
      await loop;
      await take();
      const last = samples.filter((s) => s.pid === samples.at(-1)?.pid);
      const firstSeen = last[0]?.at ?? 0;
      const warmFrom = Math.max(0, last.findIndex((s) => s.at >= firstSeen + warmUpMs));
      const warm = last.slice(warmFrom, warmFrom + MEDIAN_OF);
      const end = last.slice(-MEDIAN_OF);
      return {
        warm: medianOf(warm.map((s) => s.liveMiB)),
        end: medianOf(end.map((s) => s.liveMiB)),
        rssWarm: medianOf(warm.map((s) => s.rssMiB)),
        rssEnd: medianOf(end.map((s) => s.rssMiB)),
        series: last.map((s) => s.liveMiB),
      };
    },
  };
}
