/**
 * `npm run bench`: every benchmark of test/bench (`*.bench.ts`), one after the other, each in its
 * own process (a benchmark's runtime and ports never meet the next one's). Prints each one's output
 * as it comes, then the aims table: every `aim` line the benchmarks printed (machine.ts), with the
 * machine, the commit and the load average. Arguments name the ones to run (`npm run bench -- size
 * start`). Exits 0 when all ran, or 1 naming those that failed.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AIM_MARK, commit, loadAverage, machine, table } from './machine.ts';

const dir = fileURLToPath(new URL('.', import.meta.url));
// `npm run bench -- size start`: only the benchmarks named (by their file name's start).
const only = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts') && (!only.length || only.some((start) => name.startsWith(start))))
  .sort();
const failed: string[] = [];
const aims: string[][] = [];
const loadBefore = loadAverage();

/** Runs one benchmark, its output passed through as it comes; resolves to its failure, if any. */
function run(bench: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `${dir}${bench}`], { stdio: ['inherit', 'pipe', 'inherit'] });
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith(AIM_MARK)) aims.push(line.slice(AIM_MARK.length).split('|').map((cell) => cell.trim()));
    });
    child.on('close', (code, signal) => resolve(code === 0 ? undefined : `${bench} (${signal ?? `exit ${code}`})`));
  });
}

for (const bench of benches) {
  console.log(`\n=== ${bench} ===`);
  const failure = await run(bench);
  if (failure) failed.push(failure);
}
console.log(`\n=== aims (docs/performance.md) ===\n${machine()}; commit ${commit()}; load average ${loadBefore} before, ${loadAverage()} after`);
console.log(table(['measured', 'figure', 'aim', 'state'], aims));
console.log(`\n${benches.length - failed.length} of ${benches.length} benchmarks ran${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
process.exit(failed.length ? 1 : 0);
