/**
 * `npm run bench`: every benchmark of test/bench (`*.bench.ts`), one after the other, each in its
 * own process (a benchmark's runtime and ports never meet the next one's). Prints each one's output
 * as it comes and exits 0 when all ran, or 1 naming those that failed.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const benches = readdirSync(dir).filter((name) => name.endsWith('.bench.ts')).sort();
const failed: string[] = [];
for (const bench of benches) {
  console.log(`\n=== ${bench} ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${bench}`], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(`${bench} (${run.signal ?? `exit ${run.status}`})`);
}
console.log(`\n${benches.length - failed.length} of ${benches.length} benchmarks ran${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
process.exit(failed.length ? 1 : 0);
