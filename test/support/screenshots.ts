/**
 * Screenshots of the portal (`npm run screenshots`): a seeded portal on free ports, Debian's
 * Chromium, the demo superadmin signed in, the seed's live day (decision 0051), then PNGs.
 *
 *   npm run screenshots                 every module at 1440 px in English, from the seeded demo
 *                                       alone, and the watch emulator answering → docs/screenshots/
 *   npm run screenshots -- --all [dir]  every page at 1440, 1024 and 800 px in English and German,
 *                                       empty states included, with a little more data for the
 *                                       pages the seed leaves empty → dir (default /tmp/portal-screens)
 *
 * FRONTEND_DIST serves a build of your own instead of (re)building frontend/dist.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { DEMO_FLIC_TRIGGER } from '../../infra/local/seed-automation.ts';
import { startSeededPortal } from './seeded-portal.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WIDTHS = [1440, 1024, 800] as const;
const LANGUAGES = ['en', 'de'] as const;
/** The organisation's zone: the browser shows its times as the demo's staff see them. */
const TIME_ZONE = DEMO_DEFAULTS.timeZone;

interface Shot {
  name: string;
  /** An organisation route ('/users'), or an absolute path ('/signin') when signedOut. */
  route: string;
  signedOut?: boolean;
  /** Shown in docs/screenshots/. */
  docs?: boolean;
  /** A part of a long side card to show (a selector, the same in every language): scrolled to the top. */
  scrollTo?: string;
  /** Text the page shows once its reads are in (a name: the same in every language). */
  waitForText?: string;
}

const PAGES: Shot[] = [
  { name: 'sign-in', route: '/signin', signedOut: true, docs: true },
  { name: 'sign-up', route: '/signup', signedOut: true },
  { name: 'dashboard', route: '/dashboard', docs: true },
  { name: 'dashboard-actions', route: '/dashboard/actions', docs: true },
  { name: 'schedule', route: '/schedule', docs: true },
  { name: 'notifications', route: '/notifications?tab=sent&selected={sent}', docs: true },
  { name: 'notifications-scheduled', route: '/notifications?tab=scheduled' },
  { name: 'notification-templates', route: '/notifications?tab=templates' },
  { name: 'notification-create', route: '/notifications/create' },
  { name: 'actions', route: '/actions?tab=sent&selected={action}', docs: true },
  { name: 'action-templates', route: '/actions?tab=templates' },
  { name: 'action-create', route: '/actions/create' },
  { name: 'settings-actions', route: '/settings/actions' },
  { name: 'tasks', route: '/tasks?tab=today&selected={task}', docs: true },
  { name: 'task-templates', route: '/tasks?tab=templates' },
  { name: 'users', route: '/users', docs: true },
  { name: 'user-create', route: '/users/create' },
  { name: 'device-users', route: '/users/devices' },
  { name: 'user-groups', route: '/users/user-groups' },
  { name: 'group-create', route: '/users/user-groups/create' },
  { name: 'access-levels', route: '/users/access-levels' },
  { name: 'devices', route: '/devices', docs: true },
  { name: 'device-create', route: '/devices/create' },
  { name: 'tablet-edit', route: '/devices/tablet/{tablet}/edit' },
  { name: 'automation-triggers', route: '/automation/triggers' },
  { name: 'automation-trigger-create', route: '/automation/triggers/create' },
  { name: 'automation-trigger', route: '/automation/triggers/edit/{trigger}', docs: true, scrollTo: '#firings-heading', waitForText: 'Felix Wagner' },
  { name: 'automation-trigger-groups', route: '/automation/trigger-groups' },
  { name: 'automation-trigger-group-create', route: '/automation/trigger-groups/create' },
  { name: 'reports', route: '/reports?tab=actions&range=30', docs: true, waitForText: 'Help at the bottle return' },
  { name: 'reports-tasks', route: '/reports?tab=tasks' },
  { name: 'reports-automation', route: '/reports?tab=automation&range=30', docs: true, scrollTo: '.report-chart >> nth=0', waitForText: 'Help at bottle return' },
  { name: 'settings-general', route: '/settings/general' },
  { name: 'settings-tablet', route: '/settings/tablet' },
  { name: 'settings-audit', route: '/settings/audit' },
  { name: 'help-faq', route: '/help/FAQ' },
  { name: 'help-user-guide', route: '/help/user-guide' },
  { name: 'help-contact-us', route: '/help/contact-us' },
  { name: 'no-such-page', route: '/devices/nothing-here' },
];

/** Pages the seed leaves empty, worth a look as they are: taken before the extras below. */
const EMPTY: Shot[] = [
  { name: 'user-groups-empty', route: '/users/user-groups' },
  { name: 'notifications-scheduled-empty', route: '/notifications?tab=scheduled' },
  { name: 'templates-empty', route: '/notifications?tab=templates' },
  { name: 'settings-tablet-empty', route: '/settings/tablet' },
];

/** The demo employee whose watch the emulator shows (seed-shifts.ts), with a password set for it: the seed gives none anybody knows. */
const WEARER = { email: 'anna.berg@demo.local', password: 'Demo-Staff-1!' };

/** The seed's staff: loaded once the portal is up (seed-shifts.ts loads the functions, which read the environment the portal sets). */
const demoStaff = async () => (await import('../../infra/local/seed-shifts.ts')).DEMO_STAFF;

async function signIn(page: Page, url: string, who: { email: string; password: string } = DEMO_DEFAULTS): Promise<void> {
  await page.goto(`${url}/signin`);
  await fillSignIn(page, who);
  await page.getByRole('banner').getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
}

async function fillSignIn(page: Page, who: { email: string; password: string }): Promise<void> {
  // By type, not label: the page may be in German.
  await page.locator('input[type=email]').fill(who.email);
  await page.locator('input[type=password]').fill(who.password);
  await page.locator('button[type=submit]').click();
}

/** The API as the signed-in page calls it: the session's ID token as the bearer. */
async function api<T = { id?: string; device?: { id: string } }>(page: Page, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
      const response = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key ? localStorage.getItem(key) : ''}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { path, body },
  ) as Promise<T>;
}

type Listed = { items: Array<{ id: string; name?: string; state?: string; content?: { title: { text: string } } }> };

/** The seeded items the docs' routes select: the open action, the opening checklist, the sent notification, the Flic trigger. */
async function seededIds(page: Page, orgId: string): Promise<Record<string, string>> {
  const org = (path: string) => `/api/organizations/${orgId}${path}`;
  const [actions, tasks, sent, triggers] = await Promise.all([
    api<Listed>(page, org('/actions')),
    api<Listed>(page, org('/tasks?tab=today')),
    api<Listed>(page, org('/notifications?tab=sent')),
    api<Listed>(page, org('/triggers')),
  ]);
  const find = (list: Listed, match: (item: Listed['items'][number]) => boolean, what: string) => {
    const item = list.items.find(match);
    if (!item) throw new Error(`The seed has no ${what}`);
    return item.id;
  };
  return {
    action: find(actions, (a) => a.state === 'open', 'open action'),
    task: find(tasks, (t) => t.content?.title.text === 'Opening checklist', 'opening checklist today'),
    sent: find(sent, () => true, 'sent notification'),
    trigger: find(triggers, (t) => t.name === DEMO_FLIC_TRIGGER, 'Flic trigger'),
  };
}

/** For `--all`: a group, a tablet, a design template, notification templates and a scheduled notification, of the seed's people. */
async function addExtras(page: Page, orgId: string): Promise<Record<string, string>> {
  const org = (path: string) => `/api/organizations/${orgId}${path}`;
  const people = (await api<{ items: Array<{ id: string; email: string }> }>(page, org('/users'))).items;
  const early = (await demoStaff()).slice(0, 3).map((person) => people.find((p) => p.email === person.email)!.id);
  await api(page, org('/user-groups'), { name: 'Early shift', color: '#1E88E5', users: early });
  const tablet = await api(page, org('/devices'), { device_id: 'TAB-0007', type: 'android_tablet', name: 'Kiosk tablet', protocol: 'MQTT', user_id: null });
  await api(page, org('/tablet-templates'), { name: 'House colours', design_settings: { colors: { primary: '#00897B' } } });
  const everyone = [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }];
  const message = (title: string, body: string) => ({ title: { text: title }, body: { text: body } });
  await api(page, org('/notification-templates'), { title: 'Shift swap', notification: { content: message('Shift swap', 'Who can take over my shift?'), recipient_groups: everyone } });
  const later = { date: '2030-06-03', time: '10:00', offset: '+02:00' };
  await api(page, org('/notifications'), { content: message('Fire drill', 'At 11:00, please leave through the main exit.'), recipient_groups: everyone, config: { send: later, recurring: null } });
  return { tablet: tablet.device!.id };
}
async function shoot(browser: Browser, url: string, orgId: string, shots: Shot[], options: { out: string; widths: readonly number[]; languages: readonly string[]; ids: Record<string, string> }) {
  for (const language of options.languages) {
    for (const width of options.widths) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: language, timezoneId: TIME_ZONE });
      await context.addInitScript((lang) => localStorage.setItem('portal.language', lang), language);
      const page = await context.newPage();
      let signedIn = false;
      for (const shot of shots) {
        if (!shot.signedOut && !signedIn) {
          await signIn(page, url);
          signedIn = true;
        }
        const route = shot.route.replace(/\{(\w+)\}/g, (_, name: string) => options.ids[name] ?? name);
        await page.goto(shot.signedOut ? `${url}${route}` : `${url}/${orgId}${route}`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(400); // side cards slide in and pages fade
        if (shot.waitForText) await page.getByText(shot.waitForText).first().waitFor({ timeout: 30_000 });
        if (shot.scrollTo) await page.locator(shot.scrollTo).evaluate((element) => element.scrollIntoView({ block: 'start' }));
        const suffix = options.widths.length > 1 || options.languages.length > 1 ? `-${width}-${language}` : '';
        await page.screenshot({ path: join(options.out, `${shot.name}${suffix}.png`), fullPage: false });
        console.log(`${shot.name}${suffix}`);
      }
      await context.close();
    }
  }
}

/**
 * The watch emulator of a demo employee answering an action the admin sends now: the prompt with
 * its answers, then the answer counted. Last, so the other pages show the seed's day alone.
 */
async function shootWatch(browser: Browser, url: string, orgId: string, out: string): Promise<void> {
  const { setPassword } = await import('../../functions/src/platform/identity/cognito-admin.ts');
  await setPassword(WEARER.email, WEARER.password);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en', timezoneId: TIME_ZONE });
  const watch = await context.newPage();
  await watch.goto(`${url}/watch`);
  await watch.waitForURL('**/signin');
  await fillSignIn(watch, WEARER);
  await watch.waitForURL('**/watch');
  const screen = watch.getByRole('region', { name: 'Watch screen' });
  await screen.getByRole('status').filter({ hasText: 'Connected' }).waitFor({ timeout: 30_000 });

  const admin = await browser.newPage({ timezoneId: TIME_ZONE });
  await signIn(admin, url);
  const template = (await api<{ items: Array<{ title: string; action: Record<string, unknown> }> }>(admin, `/api/organizations/${orgId}/action-templates`)).items.find((t) => t.title === 'Cashier needed at till 3')!;
  await api(admin, `/api/organizations/${orgId}/actions`, { ...template.action, config: { ...(template.action.config as object), forward_after: 600 } });
  await admin.close();

  const prompt = screen.getByRole('button', { name: /Cashier needed at till 3/ });
  await prompt.waitFor({ timeout: 30_000 });
  await prompt.click();
  await screen.getByRole('button', { name: 'Accept' }).waitFor();
  await screen.screenshot({ path: join(out, 'watch-action.png') });
  console.log('watch-action');
  await screen.getByRole('button', { name: 'Accept' }).click();
  await screen.getByRole('status').filter({ hasText: 'Accepted' }).waitFor({ timeout: 30_000 });
  await screen.screenshot({ path: join(out, 'watch-answered.png') });
  console.log('watch-answered');
  await context.close();
}

async function main(): Promise<void> {
  const all = process.argv.includes('--all');
  const dirArg = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  const out = resolve(dirArg ?? (all ? '/tmp/portal-screens' : join(root, 'docs', 'screenshots')));
  mkdirSync(out, { recursive: true });

  // The demo as `npm start` seeds it, with its four weeks of report history (the test portals have none).
  const portal = await startSeededPortal({ DEMO_HISTORY: '1' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const widths = all ? WIDTHS : [1440];
    const languages = all ? LANGUAGES : ['en'];
    if (all) await shoot(browser, portal.url, portal.demoOrgId, EMPTY, { out, widths: [1440], languages: ['en', 'de'], ids: {} });
    const setup = await browser.newPage();
    await signIn(setup, portal.url);
    const ids = { ...(await seededIds(setup, portal.demoOrgId)), ...(all ? await addExtras(setup, portal.demoOrgId) : {}) };
    await setup.close();
    const shots = all ? PAGES : PAGES.filter((shot) => shot.docs);
    await shoot(browser, portal.url, portal.demoOrgId, shots, { out, widths, languages, ids });
    await shootWatch(browser, portal.url, portal.demoOrgId, out);
    console.log(`Screenshots in ${out}`);
  } finally {
    await browser.close();
    await portal.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
