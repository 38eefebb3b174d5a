/**
 * `npm run size`: per entry route, the JS and CSS (bytes gzip) that load before first render, read
 * from the production build's manifest (built first when stale). Exits 1 when a budget breaks.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTable, measureRoutes, overBudget } from './bundle-size.ts';
import { buildFrontend, frontendIsStale } from './frontend-build.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = join(root, 'frontend', 'dist');
if (frontendIsStale(root, dist)) buildFrontend(root);

const sizes = measureRoutes(dist);
console.log(formatTable(sizes));
const over = overBudget(sizes);
if (over.length) {
  console.error(`\nOver budget:\n${over.join('\n')}`);
  process.exitCode = 1;
}
