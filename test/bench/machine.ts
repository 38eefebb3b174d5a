import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';

/** The machine a benchmark ran on, printed beside its figures (docs/performance.md names it). */
export function machine(): string {
  const cores = cpus();
  return `${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}/${process.arch}`;
}

/** The commit the benchmark ran on (short hash, `+changes` when the working tree differs from it). */
export function commit(): string {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${hash}+changes` : hash;
  } catch {
    return 'unknown';
  }
}

/** The 1, 5 and 15 minute load averages now: on a shared machine, how much else was running. */
export const loadAverage = (): string => loadavg().map((l) => l.toFixed(2)).join(', ');

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The q-quantile (0..1) by nearest rank. */
export const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
};

/** Smallest to largest, for the spread beside a median. */
export const spread = (values: number[], digits = 1): string => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

/** A right-aligned text table. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Marks an aim's line; `npm run bench` (run-all.ts) gathers these lines into the table it prints last. */
export const AIM_MARK = 'aim |';

/**
 * Prints one aim of docs/performance.md's aims table: what was measured, the figure (median and
 * spread as the benchmark printed them), the aim, and whether the figure meets it.
 */
export function aim(name: string, figure: string, target: string, met: boolean): void {
  console.log(`${AIM_MARK} ${name} | ${figure} | ${target} | ${met ? 'met' : 'NOT met'}`);
}
