import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { demoStaff } from '../../infra/local/demo-staff.ts';
import { expectNoCspViolations, launchChromium } from './browser.ts';
import { isIdle, releaseContext, takeContext } from './context-pool.ts';
import { E2E_SEED_CHANNEL_NODE_ARGS, e2eFileDemo, e2eFileKey, moveSchedulerClock, seedFileOrganization } from './e2e-organizations.ts';
import { startSeededPortal } from './seeded-portal.ts';

export { SEEDED_PASSWORD } from './seeded-portal.ts';

/**
 * The one setup of every browser test (test/e2e). Each vitest worker of the e2e project (two at a
 * time) starts one portal (`npm start` on free ports with a temporary DATA_DIR, see
 * seeded-portal.ts, which seeds the demo organisation on its first start) and one Debian Chromium
 * recording CSP violations (browser.ts), and every file the worker runs uses both: the project
 * runs with `isolate: false`, so this module, and with it the two, lives as long as the worker; the
 * run's teardown kills the portals (global-setup.ts). Each file has an organisation of its own on
 * that portal, seeded in the portal's process as the file begins (e2e-organizations.ts, decision
 * 0085): the demo, under an administrator (`e2e.admin`) and staff (`e2e.staff('anna.berg')`) of
 * that file only, so files share no data and run in any order.
 * Pages open in contexts of their own, signed in as whoever a test needs: a context the worker
 * reuses (context-pool.ts, decision 0090), cleared of everything the test before it stored.
 */

export type SeededPortal = Awaited<ReturnType<typeof startSeededPortal>>;

/** What a file sees of its worker's portal: its address, and the back door arranging data in the file's organisation. */
export type FilePortal = Pick<SeededPortal, 'url' | 'dataDir' | 'dynamoDbPort' | 'mqttTcpUrl'> & {
  readonly seed: ReturnType<SeededPortal['seedOf']>;
  /**
   * Moves the worker's local scheduler's clock to `at` (null: the real time again), so a schedule due
   * by then fires at once (e2e-organizations.ts). The portal is the worker's: give it back the real
   * time before the test ends, or the next file's schedules fire early.
   */
  readonly moveSchedulerClock: (at: Date | null) => Promise<void>;
};

export interface Credentials {
  email: string;
  password: string;
}

/** The demo superadmin `npm start` seeds (infra/local/seed.ts); a browser test signs in as its file's administrator (`e2e.admin`). */
export const DEMO_ADMIN: Credentials = { email: DEMO_DEFAULTS.email, password: DEMO_DEFAULTS.password };

let workerPortal: Promise<SeededPortal> | undefined;
let workerBrowser: Promise<Browser> | undefined;

/**
 * The worker's portal and Chromium, started by the first file that asks (together). No hook runs
 * when a worker ends: the portal is noted in the run's directory, and the run's teardown kills it
 * with all it started (global-setup.ts); Playwright kills the browsers it launched when the worker
 * process goes.
 */
function workerRuntime(): Promise<[SeededPortal, Browser]> {
  if (!workerPortal) {
    workerPortal = startSeededPortal({}, E2E_SEED_CHANNEL_NODE_ARGS).then((portal) => {
      writeFileSync(join(inject('e2eRunDir'), `worker-${process.pid}.json`), JSON.stringify({ pid: portal.process.child.pid, dataDir: portal.dataDir }));
      return portal;
    });
    workerBrowser = launchChromium();
  }
  return Promise.all([workerPortal, workerBrowser!]);
}

/** A short random tag that keeps a test's names apart from the other tests'. */
export const tag = (length = 8) => randomUUID().slice(0, length);
export const uniqueEmail = (name: string) => `${name}-${tag()}@e2e.local`;
export const pathOf = (page: Page) => new URL(page.url()).pathname;
export const mainNav = (page: Page): Locator => page.getByRole('navigation', { name: 'Main navigation' });
export const toast = (page: Page, text: string): Locator => page.getByRole('status').filter({ hasText: text });

/** Fills the sign-in form the page shows and submits it; waits for nothing. */
export async function fillSignIn(page: Page, { email, password }: Credentials): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** What useE2e gives a describe's tests. */
export interface E2e {
  readonly portal: FilePortal;
  readonly browser: Browser;
  /** The file's organisation: the demo, seeded for this file only. */
  readonly orgId: string;
  /** The file's administrator: the superadmin of the file's organisation only, signed in as unless a test says otherwise. */
  readonly admin: Credentials;
  /** A demo employee's e-mail in the file's organisation, by the local part of their demo e-mail ('anna.berg'). */
  staff(localPart: string): string;
  /** The portal's address of a path ('/signin'); the portal's root without one. */
  url(path?: string): string;
  /** A route of an organisation ('/users' → '/<orgId>/users'), the file's organisation unless given. */
  orgPath(route: string, orgId?: string): string;
  /** Opens a route of an organisation, the file's organisation unless given. */
  open(page: Page, route: string, orgId?: string): ReturnType<Page['goto']>;
  /** A page in a context of its own: no session, language or remembered organisation leaks between tests (context-pool.ts). */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Signs in on /signin (as the file's administrator unless given) and waits for the shell: an organisation's name is the banner's heading. */
  signIn(page: Page, user?: Credentials): Promise<void>;
  /** newPage, then signIn: a page of a context of its own, showing the shell. */
  signedIn(user?: Credentials, options?: BrowserContextOptions): Promise<Page>;
}

/**
 * Call once at the top of a describe: before its tests, takes the worker's portal and Chromium
 * (starting them for the worker's first file) and finds the file's organisation; after each test,
 * no page may have reported a CSP violation (browser.ts), and the contexts the test opened close;
 * after the tests, those its beforeAll opened. portal, browser, orgId and admin throw when read outside a test or hook.
 */
export function useE2e(): E2e {
  let file: { portal: FilePortal; browser: Browser; orgId: string; admin: Credentials; staff: readonly { email: string }[] } | undefined;

  // Vitest reads a hook's first parameter as a fixture pattern: it must be an object pattern.
  // eslint-disable-next-line no-empty-pattern
  beforeAll(async ({}, suite) => {
    const [portal, browser] = await workerRuntime();
    const key = e2eFileKey(suite.file.filepath);
    await seedFileOrganization(portal.process, key);
    const demo = e2eFileDemo(key);
    const orgId = await portal.organizationOf(demo.email);
    file = {
      portal: {
        url: portal.url,
        dataDir: portal.dataDir,
        dynamoDbPort: portal.dynamoDbPort,
        mqttTcpUrl: portal.mqttTcpUrl,
        seed: portal.seedOf(orgId, demo.email),
        moveSchedulerClock: (at) => moveSchedulerClock(portal.process, at),
      },
      browser,
      orgId,
      admin: { email: demo.email, password: demo.password },
      staff: demoStaff(demo.staffDomain),
    };
  });

  // The contexts a test (or its beforeEach) opened go back after it, their pages closed and their
  // storage cleared (context-pool.ts): a page left open keeps polling the portal and rendering
  // beside the next tests (decision 0082). Those a beforeAll opened stay for the file. Registered
  // before the CSP check, so it runs after it (hooks run as a stack).
  let testContexts: BrowserContext[] | undefined;
  const fileContexts: BrowserContext[] = [];
  beforeEach(() => {
    testContexts = [];
  });
  afterEach(async () => {
    const opened = testContexts ?? [];
    testContexts = undefined;
    await Promise.all(opened.map(releaseContext));
  });
  // Registered per file: with `isolate: false` a hook at browser.ts's top level would run for a worker's first file only.
  afterEach(expectNoCspViolations);

  afterAll(async () => {
    // Chromium stays for the worker's next file; this file's pages go, and so do the contexts its
    // tests opened themselves (`e2e.browser.newContext`). The pool's idle contexts wait for the next file.
    await Promise.all(fileContexts.splice(0).map(releaseContext));
    await Promise.all(file?.browser.contexts().flatMap((context) => (isIdle(context) ? [] : [context.close()])) ?? []);
  });

  const current = () => {
    if (!file) throw new Error('The e2e portal is not running: use it inside a test or hook of the describe that called useE2e()');
    return file;
  };
  const e2e: E2e = {
    get portal() {
      return current().portal;
    },
    get browser() {
      return current().browser;
    },
    get orgId() {
      return current().orgId;
    },
    get admin() {
      return current().admin;
    },
    staff(localPart) {
      const person = current().staff.find(({ email }) => email.startsWith(`${localPart}@`));
      if (!person) throw new Error(`No demo employee ${localPart}`);
      return person.email;
    },
    url: (path = '') => `${e2e.portal.url}${path}`,
    orgPath: (route, orgId = e2e.orgId) => `/${orgId}${route}`,
    open: (page, route, orgId) => page.goto(e2e.url(e2e.orgPath(route, orgId))),
    async newPage(options = {}) {
      const context = await takeContext(e2e.browser, options);
      (testContexts ?? fileContexts).push(context);
      return context.newPage();
    },
    async signIn(page, user = e2e.admin) {
      await page.goto(e2e.url('/signin'));
      await fillSignIn(page, user);
      await page.getByRole('banner').getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 });
    },
    async signedIn(user = e2e.admin, options = {}) {
      const page = await e2e.newPage(options);
      await e2e.signIn(page, user);
      return page;
    },
  };
  return e2e;
}

/** A watch emulator (/watch) in a context of its own, signed in as `who` and connected: its screen. */
export async function watchOf(e2e: E2e, who: Credentials): Promise<Locator> {
  const watch = await e2e.newPage();
  await watch.goto(e2e.url('/watch'));
  await watch.waitForURL('**/signin');
  await fillSignIn(watch, who);
  await watch.waitForURL('**/watch');
  const screen = watch.getByRole('region', { name: 'Watch screen' });
  await screen.getByRole('status').filter({ hasText: 'Connected' }).waitFor({ timeout: 20_000 });
  return screen;
}
