/**
 * Screenshots of the portal (`npm run screenshots`): a seeded portal on free ports, Debian's
 * Chromium, the demo superadmin signed in, a little demo data, then PNGs.
 *
 *   npm run screenshots                 the main pages at 1440 px in English → docs/screenshots/
 *   npm run screenshots -- --all [dir]  every page at 1440, 1024 and 800 px in English and German,
 *                                       empty states included → dir (default /tmp/portal-screens)
 *
 * FRONTEND_DIST serves a build of your own instead of (re)building frontend/dist.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { startSeededPortal } from './seeded-portal.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WIDTHS = [1440, 1024, 800] as const;
const LANGUAGES = ['en', 'de'] as const;

interface Shot {
  name: string;
  /** An organisation route ('/users'), or an absolute path ('/signin') when signedOut. */
  route: string;
  signedOut?: boolean;
  /** Shown in docs/screenshots/. */
  docs?: boolean;
}

const PAGES: Shot[] = [
  { name: 'sign-in', route: '/signin', signedOut: true, docs: true },
  { name: 'sign-up', route: '/signup', signedOut: true },
  { name: 'dashboard', route: '/dashboard' },
  { name: 'notifications', route: '/notifications?tab=sent&selected={sent}', docs: true },
  { name: 'notifications-scheduled', route: '/notifications?tab=scheduled' },
  { name: 'notification-templates', route: '/notifications?tab=templates' },
  { name: 'notification-create', route: '/notifications/create', docs: true },
  { name: 'actions', route: '/actions?tab=sent&selected={action}', docs: true },
  { name: 'action-templates', route: '/actions?tab=templates' },
  { name: 'action-create', route: '/actions/create' },
  { name: 'settings-actions', route: '/settings/actions' },
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
  { name: 'automation-trigger-edit', route: '/automation/triggers/edit/{trigger}' },
  { name: 'automation-trigger-groups', route: '/automation/trigger-groups' },
  { name: 'automation-trigger-group-create', route: '/automation/trigger-groups/create' },
  { name: 'settings-general', route: '/settings/general', docs: true },
  { name: 'settings-tablet', route: '/settings/tablet' },
  { name: 'schedule', route: '/schedule' },
  { name: 'help-faq', route: '/help/FAQ' },
  { name: 'help-user-guide', route: '/help/user-guide' },
  { name: 'help-contact-us', route: '/help/contact-us' },
  { name: 'no-such-page', route: '/devices/nothing-here' },
];

/** Pages whose empty state is worth a look: taken before any demo data exists. */
const EMPTY: Shot[] = [
  { name: 'devices-empty', route: '/devices' },
  { name: 'user-groups-empty', route: '/users/user-groups' },
  { name: 'notifications-empty', route: '/notifications' },
  { name: 'templates-empty', route: '/notifications?tab=templates' },
  { name: 'settings-tablet-empty', route: '/settings/tablet' },
];

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/signin`);
  // By type, not label: the page may be in German.
  await page.locator('input[type=email]').fill(DEMO_DEFAULTS.email);
  await page.locator('input[type=password]').fill(DEMO_DEFAULTS.password);
  await page.locator('button[type=submit]').click();
  await page.getByRole('banner').getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
}

/** The API as the signed-in page calls it: the session's ID token as the bearer. */
async function api(page: Page, path: string, body: unknown): Promise<{ id?: string; device?: { id: string } }> {
  return page.evaluate(
    async ({ path, body }) => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key ? localStorage.getItem(key) : ''}` },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id?: string; device?: { id: string } };
    },
    { path, body },
  );
}

/** A few people, a group, a watch, a tablet, templates and notifications; returns ids the routes need. */
async function seedDemoData(page: Page, orgId: string): Promise<Record<string, string>> {
  const org = (path: string) => `/api/organizations/${orgId}${path}`;
  const people = [
    ['Maria', 'Schneider', 'assistant'],
    ['Jonas', 'Weber', 'employee'],
    ['Aylin', 'Yilmaz', 'employee'],
    ['Lukas', 'Fischer', 'employee'],
    ['Sofia', 'Rossi', 'admin'],
  ] as const;
  const ids: string[] = [];
  for (const [firstname, lastname, level] of people) {
    const user = await api(page, org('/users'), {
      firstname,
      lastname,
      email: `${firstname.toLowerCase()}.${lastname.toLowerCase()}@demo.local`,
      password: 'Demo-User-1!',
      access_level: level,
      pin_code: '1234',
    });
    ids.push(user.id!);
  }
  await api(page, org('/user-groups'), { name: 'Front desk', color: '#1E88E5', users: ids.slice(1, 3) });
  await api(page, org('/user-groups'), { name: 'Kitchen', color: '#E53935', users: ids.slice(2, 4) });
  await api(page, org('/devices'), { device_id: 'WATCH-0042', type: 'wear_os', name: 'Front desk watch', protocol: 'MQTT', user_id: ids[1] });
  const tablet = await api(page, org('/devices'), { device_id: 'TAB-0007', type: 'android_tablet', name: 'Lobby tablet', protocol: 'MQTT', user_id: null });
  await api(page, org('/tablet-templates'), { name: 'House colours', design_settings: { colors: { primary: '#00897B' } } });
  const everyone = [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }];
  const message = (title: string, body: string) => ({ title: { text: title }, body: { text: body } });
  await api(page, org('/notification-templates'), { title: 'Shift swap', notification: { content: message('Shift swap', 'Who can take over my shift?'), recipient_groups: everyone } });
  await api(page, org('/notification-templates'), { title: 'Delivery', notification: { content: message('Delivery at the back door', 'Please help unload.'), recipient_groups: everyone } });
  const later = { date: '2030-06-03', time: '10:00', offset: '+02:00' };
  const sent = await api(page, org('/notifications'), { content: message('Delivery at 14:00', 'Please help unload at the back door.'), recipient_groups: everyone, config: { send: null, recurring: null } });
  await api(page, org('/notifications'), { content: message('Team meeting', 'Monday 9:00 in the break room.'), recipient_groups: everyone, config: { send: later, recurring: null } });
  await api(page, org('/notifications'), { content: message('Fire drill', 'At 11:00, please leave through the main exit.'), recipient_groups: everyone, config: { send: later, recurring: null } });
  const asked = [{ group_number: 0, recipients: [{ id: ids[1], type: 'user' }] }, { group_number: 1, recipients: [{ id: 'everyone', type: 'everyone' }] }];
  const actionConfig = { forward_after: 600, response_threshold: { type: 1, number: null } };
  const cashier = await api(page, org('/action-templates'), { action: { content: message('Cashier needed at till 3', 'Who can take the till?'), recipient_groups: asked, config: actionConfig } });
  const action = await api(page, org('/actions'), { content: message('Help at the bottle return', 'Who can come now?'), recipient_groups: asked, config: actionConfig });
  // An external trigger: its card shows the webhook and the (empty) firings.
  const trigger = await api(page, org('/triggers'), {
    name: 'Cashier button',
    type: 'flic-button',
    workflows: [{ id: cashier.id, type: 'action-template' }],
    metadata: { is_external: true },
    is_throttling_enabled: true,
    throttle_duration_in_seconds: 10,
  });
  return { tablet: tablet.device!.id, sent: sent.id!, action: action.id!, trigger: trigger.id! }; // devices answer with the device and its credentials
}

async function shoot(browser: Browser, url: string, orgId: string, shots: Shot[], options: { out: string; widths: readonly number[]; languages: readonly string[]; ids: Record<string, string> }) {
  for (const language of options.languages) {
    for (const width of options.widths) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: language });
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
        const suffix = options.widths.length > 1 || options.languages.length > 1 ? `-${width}-${language}` : '';
        await page.screenshot({ path: join(options.out, `${shot.name}${suffix}.png`), fullPage: false });
        console.log(`${shot.name}${suffix}`);
      }
      await context.close();
    }
  }
}

async function main(): Promise<void> {
  const all = process.argv.includes('--all');
  const dirArg = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  const out = resolve(dirArg ?? (all ? '/tmp/portal-screens' : join(root, 'docs', 'screenshots')));
  mkdirSync(out, { recursive: true });

  const portal = await startSeededPortal();
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
    const ids = await seedDemoData(setup, portal.demoOrgId);
    await setup.close();
    const shots = all ? PAGES : PAGES.filter((shot) => shot.docs);
    await shoot(browser, portal.url, portal.demoOrgId, shots, { out, widths, languages, ids });
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
