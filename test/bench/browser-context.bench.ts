/**
 * What a browser test's context costs (issue 30, decision 0090): a test that opens a page, signs in
 * by the form until the shell shows and ends, done TESTS times per round each way, alternating:
 * - fresh: a new Chromium context per test, closed after it (the browser tests before decision 0090);
 * - pooled: a context from the pool of test/support/context-pool.ts, given back cleared (now).
 * Prints the median Chromium core-seconds per test (every `chromium` process's own time and its
 * reaped children's, from /proc; the benchmark's Chromium should be the only one running) and wall
 * time per test, with their spread over ROUNDS rounds, and pooled's ratio to fresh.
 * Figures only; never fails on time. `npm run bench:browser-context` (about two minutes).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext } from 'playwright-core';
import { buildFrontend, frontendIsStale } from '../../infra/local/frontend-build.ts';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { launchChromium } from '../support/browser.ts';
import { releaseContext, takeContext } from '../support/context-pool.ts';
import { fillSignIn } from '../support/e2e-fixture.ts';
import { startSeededPortal } from '../support/seeded-portal.ts';
import { machine, median, spread, table } from './machine.ts';

const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 5));
const TESTS = Number(process.env.BENCH_TESTS ?? 6);
const TICKS = 100; // USER_HZ on Linux

/** Core-seconds every Chromium process has used, its reaped children's included. */
function chromiumSeconds(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chromium')) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks / TICKS;
}

type Way = 'fresh' | 'pooled';
const ways: Record<Way, { take: (browser: Browser) => Promise<BrowserContext>; give: (context: BrowserContext) => Promise<void> }> = {
  fresh: { take: (browser) => browser.newContext(), give: (context) => context.close() },
  pooled: { take: (browser) => takeContext(browser), give: releaseContext },
};

const root = fileURLToPath(new URL('../..', import.meta.url));
if (frontendIsStale(root, `${root}frontend/dist`)) buildFrontend(root);
const portal = await startSeededPortal();
const browser = await launchChromium();

/** One test's worth: a page, the sign-in form, the shell, the context given back. */
async function oneTest(way: Way): Promise<void> {
  const context = await ways[way].take(browser);
  const page = await context.newPage();
  await page.goto(`${portal.url}/signin`);
  await fillSignIn(page, DEMO_DEFAULTS);
  await page.getByRole('banner').getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 });
  await ways[way].give(context);
}

const results: Record<Way, { cpu: number[]; wall: number[] }> = { fresh: { cpu: [], wall: [] }, pooled: { cpu: [], wall: [] } };
try {
  // Unmeasured: the portal's first reads, and a pooled context to take.
  for (const way of ['fresh', 'pooled'] as const) await oneTest(way);
  for (let round = 0; round < ROUNDS; round++) {
    for (const way of ['fresh', 'pooled'] as const) {
      const [cpu, started] = [chromiumSeconds(), performance.now()];
      for (let test = 0; test < TESTS; test++) await oneTest(way);
      // Closed renderers are reaped, and counted, a moment after their context goes.
      await new Promise((resolve) => setTimeout(resolve, 300));
      results[way].cpu.push((chromiumSeconds() - cpu) / TESTS);
      results[way].wall.push((performance.now() - started - 300) / 1000 / TESTS);
    }
  }
} finally {
  await browser.close();
  await portal.stop();
}

console.log(`${machine()}; ${ROUNDS} rounds of ${TESTS} tests each way, alternating`);
console.log(
  table(
    ['per test', 'Chromium core-s (median)', 'spread', 'wall s (median)', 'spread'],
    (['fresh', 'pooled'] as const).map((way) => [way, median(results[way].cpu).toFixed(2), spread(results[way].cpu, 2), median(results[way].wall).toFixed(2), spread(results[way].wall, 2)]),
  ),
);
console.log(`pooled / fresh: ${(median(results.pooled.cpu) / median(results.fresh.cpu)).toFixed(2)} of the CPU, ${(median(results.pooled.wall) / median(results.fresh.wall)).toFixed(2)} of the wall time`);
process.exit(0);
