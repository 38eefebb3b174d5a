import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { launchChromium } from './browser.ts';
import { startSeededPortal } from './seeded-portal.ts';

export { SEEDED_PASSWORD } from './seeded-portal.ts';

/**
 * The one setup of every browser test (test/e2e): its own seeded portal (`npm start` on free ports
 * with a temporary DATA_DIR copied from the run's seeded one, see seeded-portal.ts), Debian's
 * Chromium recording CSP violations (browser.ts), and pages in fresh contexts, signed in as whoever a test needs. Each file has a
 * runtime of its own, so files run in parallel workers without sharing data.
 */

export type SeededPortal = Awaited<ReturnType<typeof startSeededPortal>>;

export interface Credentials {
  email: string;
  password: string;
}

/** The demo superadmin `npm start` seeds (infra/local/seed.ts), member of the demo organisation only. */
export const DEMO_ADMIN: Credentials = { email: DEMO_DEFAULTS.email, password: DEMO_DEFAULTS.password };

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
  readonly portal: SeededPortal;
  readonly browser: Browser;
  /** The portal's address of a path ('/signin'); the portal's root without one. */
  url(path?: string): string;
  /** A route of an organisation ('/users' → '/<orgId>/users'), the demo organisation unless given. */
  orgPath(route: string, orgId?: string): string;
  /** Opens a route of an organisation, the demo organisation unless given. */
  open(page: Page, route: string, orgId?: string): ReturnType<Page['goto']>;
  /** A page in a fresh context: no session, language or remembered organisation leaks between tests. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Signs in on /signin (as the demo superadmin unless given) and waits for the shell: an organisation's name is the banner's heading. */
  signIn(page: Page, user?: Credentials): Promise<void>;
  /** newPage, then signIn: a fresh context's page showing the shell. */
  signedIn(user?: Credentials, options?: BrowserContextOptions): Promise<Page>;
}

/**
 * Call once at the top of a describe: starts the portal and Chromium before its tests (together)
 * and stops both after them. portal and browser throw when read outside a test or hook.
 */
export function useE2e(): E2e {
  let portal: SeededPortal | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([startSeededPortal({}, inject('e2eSeededDataDir')), launchChromium()]);
    if (started.status === 'fulfilled') portal = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    for (const result of [started, launched]) if (result.status === 'rejected') throw result.reason;
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const e2e: E2e = {
    get portal() {
      if (!portal) throw new Error('The e2e portal is not running: use it inside a test or hook of the describe that called useE2e()');
      return portal;
    },
    get browser() {
      if (!browser) throw new Error('Chromium is not running: use it inside a test or hook of the describe that called useE2e()');
      return browser;
    },
    url: (path = '') => `${e2e.portal.url}${path}`,
    orgPath: (route, orgId = e2e.portal.demoOrgId) => `/${orgId}${route}`,
    open: (page, route, orgId) => page.goto(e2e.url(e2e.orgPath(route, orgId))),
    async newPage(options = {}) {
      return (await e2e.browser.newContext(options)).newPage();
    },
    async signIn(page, user = DEMO_ADMIN) {
      await page.goto(e2e.url('/signin'));
      await fillSignIn(page, user);
      await page.getByRole('banner').getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 });
    },
    async signedIn(user = DEMO_ADMIN, options = {}) {
      const page = await e2e.newPage(options);
      await e2e.signIn(page, user);
      return page;
    },
  };
  return e2e;
}

/** A watch emulator (/watch) in a fresh context, signed in as `who` and connected: its screen. */
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
