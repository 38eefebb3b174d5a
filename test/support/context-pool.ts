import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

/**
 * The browser tests' contexts, reused from test to test within a worker (decision 0090). A fresh
 * Chromium context costs about 2.3 core-seconds to open, sign in and close on this machine; one that
 * keeps a page open between tests keeps its renderer and its cache warm, and the same steps cost
 * about 1.1. Each test still begins with nothing of the one before: when a test gives a context
 * back, its pages close, and its cookies, permissions and the storage of every origin it visited
 * (localStorage, sessionStorage, IndexedDB, caches, service workers) are cleared.
 *
 * What clearing cannot undo makes the context one-off: a test that adds a script, a binding or a
 * route to the context, sets it offline, gives it headers, credentials, a place or a clock of its
 * own, or changes its timeouts gets a context that is closed when the test ends. So does one
 * opened with a stored session (`storageState`), which is the point of opening it. A listener is
 * not watched: a test listens on its page (closed after it), never on the context.
 */

interface Pooled {
  readonly key: string;
  /** about:blank, open while the context is idle: with no page left, Chromium lets the renderer and the cache go. */
  readonly keeper: Page;
  readonly origins: Set<string>;
  dirty: boolean;
}

/** Context methods whose effect outlives the test and that clearing storage does not undo. */
const LASTING: ReadonlyArray<keyof BrowserContext & string> = [
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'setOffline',
  'setExtraHTTPHeaders',
  'setHTTPCredentials',
  'setGeolocation',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
];
/** The context's clock (`page.clock` is the context's): any call installs or moves a fake time. */
const CLOCK_CALLS = ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime'] as const;

const pooled = new WeakMap<BrowserContext, Pooled>();
const idle = new Map<string, BrowserContext[]>();

/** Wraps `names` of `target` so that a call marks the entry dirty before it does what it did. */
function markDirtyOnCall(target: object, names: readonly string[], entry: Pooled): void {
  const methods = target as Record<string, (...args: unknown[]) => unknown>;
  for (const name of names) {
    const original = methods[name]!.bind(target);
    methods[name] = (...args) => {
      entry.dirty = true;
      return original(...args);
    };
  }
}

/** Makes the context one-off when a test calls one of the methods above on it, or on its clock. */
function watchLastingChanges(context: BrowserContext, entry: Pooled): void {
  markDirtyOnCall(context, LASTING, entry);
  markDirtyOnCall(context.clock, CLOCK_CALLS, entry);
}

async function openPooled(browser: Browser, options: BrowserContextOptions, key: string): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  const entry: Pooled = { key, keeper: await context.newPage(), origins: new Set(), dirty: false };
  // Every origin a page of the context showed, so that giving it back clears each one's storage.
  context.on('page', (page) =>
    page.on('framenavigated', (frame) => {
      const { origin } = new URL(frame.url());
      if (origin.startsWith('http')) entry.origins.add(origin);
    }),
  );
  watchLastingChanges(context, entry);
  pooled.set(context, entry);
  return context;
}

/** A context for a test: an idle one opened with the same options, or a new one. */
export async function takeContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  if (options.storageState !== undefined) return browser.newContext(options);
  const key = JSON.stringify(options);
  return idle.get(key)?.pop() ?? openPooled(browser, options, key);
}

/** Gives a test's context back: cleared and idle for the next test, or closed when it cannot be cleared. */
export async function releaseContext(context: BrowserContext): Promise<void> {
  const entry = pooled.get(context);
  const closed = !context.browser()?.isConnected() || entry?.keeper.isClosed();
  if (!entry || entry.dirty || closed) {
    await context.close().catch(() => undefined);
    return;
  }
  try {
    await Promise.all(context.pages().filter((page) => page !== entry.keeper).map((page) => page.close()));
    await context.clearCookies();
    await context.clearPermissions();
    const session = await context.newCDPSession(entry.keeper);
    for (const origin of entry.origins) await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await session.detach();
    entry.origins.clear();
  } catch {
    // A test closed the context itself (or Chromium went): nothing to give back.
    await context.close().catch(() => undefined);
    return;
  }
  const list = idle.get(entry.key) ?? [];
  list.push(context);
  idle.set(entry.key, list);
}

/** Whether the context waits, cleared, for the next test (afterAll leaves those open). */
export const isIdle = (context: BrowserContext): boolean => [...idle.values()].some((list) => list.includes(context));
