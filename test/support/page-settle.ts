import type { Page } from 'playwright-core';

/**
 * The route walks' way through the app (the accessibility and German walks): one page moves from
 * stop to stop the way the router's links do, and waits until each stop has loaded what it shows.
 * Playwright's `networkidle` waits for 500 ms without requests after every stop; counting the
 * page's own requests needs only QUIET_MS, and a reload per stop is not needed at all.
 */

const QUIET_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = new WeakMap<Page, () => Promise<void>>();

/** Counts a page's requests in flight: lazy route chunks and API calls alike. */
function trackRequests(page: Page): () => Promise<void> {
  let pending = 0;
  let changed = Date.now();
  const bump = (delta: number) => {
    pending = Math.max(0, pending + delta);
    changed = Date.now();
  };
  page.on('request', () => bump(1));
  page.on('requestfinished', () => bump(-1));
  page.on('requestfailed', () => bump(-1));
  return async () => {
    const deadline = Date.now() + 15_000;
    while (pending > 0 || Date.now() - changed < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`${page.url()}: ${pending} requests still in flight after 15 s`);
      await sleep(50);
    }
  };
}

/**
 * Waits until the page has loaded what it shows: no request in flight for a moment, no spinner, and
 * no transition running (a page coming back from under an overlay fades in: a check would read its
 * colours half-way). The first call on a page starts counting its requests.
 */
export async function settle(page: Page): Promise<void> {
  if (!quiet.has(page)) quiet.set(page, trackRequests(page));
  await quiet.get(page)!();
  await page.locator('.amplify-loader').first().waitFor({ state: 'detached', timeout: 15_000 });
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

/** Moves the app to another address the way its links do, without reloading it. */
export async function navigate(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}
