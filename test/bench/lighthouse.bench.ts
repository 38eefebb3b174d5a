/**
 * Lighthouse benchmark (issue 12): Lighthouse's desktop preset on /signin (signed out) and on
 * /notifications (signed in as the demo admin) of a seeded portal serving the production build.
 * Each page is measured several times from a cold browser cache; prints the median performance and
 * accessibility scores with their spread, and the median LCP and total blocking time. Figures
 * only: it never fails on a score. Run with `npm run bench:lighthouse` (a few minutes; needs Java
 * for DynamoDB Local and Chromium at /usr/bin/chromium).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { startSeededPortal } from '../support/seeded-portal.ts';
import { machine, median, spread, table } from './machine.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** BENCH_LHR_DIR: also writes each audit's full report (lhr JSON) there, to read what Lighthouse flags. */
const LHR_DIR = process.env.BENCH_LHR_DIR;
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

interface Sample {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
}

const portal = await startSeededPortal();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
});

/**
 * Playwright drives the same browser between audits (sign-in, emptying the HTTP cache) and lets go
 * before Lighthouse starts: two CDP clients attached at once spoil Lighthouse's trace.
 */
async function withBrowser<T>(use: (context: BrowserContext) => Promise<T>): Promise<T> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    return await use(browser.contexts()[0]!);
  } finally {
    await browser.close();
  }
}

const signIn = () =>
  withBrowser(async (context) => {
    const page = await context.newPage();
    await page.goto(`${portal.url}/signin`);
    const email = page.getByLabel('Email');
    const shell = page.getByRole('banner').getByRole('heading', { level: 1 });
    // A loaded machine may take a while; a session the last audit left is used as it is.
    await email.or(shell).first().waitFor({ timeout: 90_000 });
    if (await email.isVisible()) {
      // As test/support/e2e-fixture.ts fillSignIn (that module needs Vitest).
      await email.fill(DEMO_DEFAULTS.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_DEFAULTS.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    }
    await shell.waitFor({ timeout: 60_000 });
    const orgId = new URL(page.url()).pathname.split('/')[1]!;
    await page.close();
    return orgId;
  });

/**
 * Empties the HTTP cache; without `keepSession` also the portal's storage, so the page loads
 * signed out. Lighthouse 13's own storage reset leaves localStorage, where the session is: /signin
 * was audited signed in, as a redirect to the dashboard.
 */
const emptyHttpCache = (keepSession: boolean) =>
  withBrowser(async (context) => {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    if (!keepSession) await cdp.send('Storage.clearDataForOrigin', { origin: new URL(portal.url).origin, storageTypes: 'all' });
    await page.close();
  });

/** A cold load: the HTTP cache is emptied first; `keepSession` keeps the stored tokens, else the page loads signed out. */
async function audit(url: string, keepSession: boolean): Promise<Sample> {
  await emptyHttpCache(keepSession);
  const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: keepSession };
  const result = await lighthouse(url, flags, desktopConfig);
  const lhr = result?.lhr;
  if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
  // A redirect (signed out on a signed-in page, or the reverse) would measure another page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`Lighthouse audited ${lhr.finalDisplayedUrl}, not ${url}`);
  if (LHR_DIR) {
    mkdirSync(LHR_DIR, { recursive: true });
    writeFileSync(join(LHR_DIR, `${new URL(url).pathname.split('/').pop()}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  return {
    performance: (lhr.categories.performance?.score ?? 0) * 100,
    accessibility: (lhr.categories.accessibility?.score ?? 0) * 100,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
  };
}

try {
  const samples: Record<string, Sample[]> = { '/signin': [], '/notifications': [] };
  for (let run = 0; run < RUNS; run++) {
    // Signed in first (the /signin audit clears the storage, which signs the browser out again).
    const orgId = await signIn();
    samples['/notifications']!.push(await audit(`${portal.url}/${orgId}/notifications`, true));
    samples['/signin']!.push(await audit(`${portal.url}/signin`, false));
    console.log(`run ${run + 1}/${RUNS} done`);
  }
  console.log(`\nLighthouse desktop, ${RUNS} cold loads per page; machine: ${machine()}\n`);
  const rows = Object.entries(samples).map(([route, list]) => {
    const of = (key: keyof Sample) => list.map((sample) => sample[key]);
    return [
      route,
      `${median(of('performance')).toFixed(0)} (${spread(of('performance'), 0)})`,
      `${median(of('accessibility')).toFixed(0)} (${spread(of('accessibility'), 0)})`,
      `${median(of('lcpMs')).toFixed(0)} ms`,
      `${median(of('tbtMs')).toFixed(0)} ms`,
    ];
  });
  console.log(table(['Page', 'Performance (spread)', 'Accessibility (spread)', 'LCP', 'TBT'], rows));
} finally {
  chrome.kill();
  await portal.stop();
}
process.exit(0);
