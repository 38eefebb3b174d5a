/**
 * `npm run size` (and a part of `npm run bench`): per entry route, the JS and CSS (bytes gzip) that
 * load before first render, read from the production build's manifest (built first when stale),
 * and the aims rows of the budgets. Exits 1 when a budget breaks. Bytes, not time: the same figures
 * are asserted by test/e2e/bundle-budgets.e2e.test.ts.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUDGETS, formatTable, kB, measureRoutes, overBudget, type RouteSize } from '../../infra/local/bundle-size.ts';
import { buildFrontend, frontendIsStale } from '../../infra/local/frontend-build.ts';
import { aim } from './machine.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = join(root, 'frontend', 'dist');
if (frontendIsStale(root, dist)) buildFrontend(root);

const sizes = measureRoutes(dist);
console.log(formatTable(sizes));
const largest = (of: readonly RouteSize[], bytes: (size: RouteSize) => number) => of.reduce((a, b) => (bytes(b) > bytes(a) ? b : a));
for (const kind of ['signIn', 'signedIn', 'feature'] as const) {
  const routes = sizes.filter((size) => size.kind === kind);
  if (!routes.length) continue;
  const top = largest(routes, (size) => size.js);
  aim(`first-load JS (gzip), ${kind} routes`, `at most ${kB(top.js)} (${top.route})`, `at most ${kB(BUDGETS[kind])}`, top.js <= BUDGETS[kind]);
}
const topCss = largest(sizes, (size) => size.css);
aim('first-load CSS (gzip), every route', `at most ${kB(topCss.css)} (${topCss.route})`, `at most ${kB(BUDGETS.css)}`, topCss.css <= BUDGETS.css);
const over = overBudget(sizes);
if (over.length) {
  console.error(`\nOver budget:\n${over.join('\n')}`);
  process.exitCode = 1;
}
