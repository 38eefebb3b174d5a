import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { SEEDED_PASSWORD, mainNav as nav, pathOf as path, uniqueEmail, useE2e } from '../support/e2e-fixture.ts';

const PASSWORD = 'Shell-pass1!';

describe('the shell in Chromium: sidebar, logout, narrow layout, side cards, settings, help', () => {
  const e2e = useE2e();
  const { open, orgPath } = e2e;
  const main = (page: Page) => page.getByRole('main');

  it("sends unknown paths to the module's default route, never round in a loop", async () => {
    const page = await e2e.signedIn();
    const cases: Array<[string, string]> = [
      ['/help/bogus/FAQ', '/help/FAQ'],
      ['/help/nothing-here', '/help/FAQ'],
      ['/automation/bogus/deeper', '/automation/triggers'],
      ['/users/bogus/deeper', '/users'],
      ['/devices/bogus/deeper', '/devices'],
      ['/notifications/bogus/deeper', '/notifications'],
    ];
    for (const [unknown, target] of cases) {
      await open(page, unknown);
      await page.waitForURL((url) => url.pathname === orgPath(target));
      expect(new URL(page.url()).pathname).toBe(orgPath(target));
    }
  });

  it('shows the sidebar of spec 000 §2 in order and lands on the dashboard', async () => {
    const page = await e2e.signedIn();
    await page.waitForURL(`**${orgPath('/dashboard')}`);
    await page.getByRole('heading', { name: DEMO_DEFAULTS.organizationName }).waitFor();

    const links = nav(page).getByRole('link');
    expect(await links.allTextContents()).toEqual([
      'Dashboard',
      'Shift Planner',
      'Notifications',
      'Tasks',
      'Actions',
      'Automation',
      'Reports',
      'Users',
      'Devices',
      'Settings',
      'Knowledge Centre',
    ]);
    const hrefs = await links.evaluateAll((elements) => elements.map((e) => new URL((e as HTMLAnchorElement).href).pathname));
    expect(hrefs).toEqual(
      ['/dashboard', '/schedule', '/notifications', '/tasks', '/actions', '/automation', '/reports', '/users', '/devices', '/settings', '/help'].map((route) => orgPath(route)),
    );
    const current = () => nav(page).locator('a[aria-current="page"]').textContent();
    expect(await current()).toBe('Dashboard');

    // The dashboard (issue 17): the organisation's default variants, tasks and actions, as tabs.
    await main(page).getByRole('heading', { name: 'Dashboard' }).waitFor();
    await main(page).getByRole('link', { name: 'Actions', exact: true }).waitFor();

    // Automation opens on its triggers (issue 16).
    await nav(page).getByRole('link', { name: 'Automation' }).click();
    await page.waitForURL((url) => url.pathname === orgPath('/automation/triggers'));
    await main(page).getByRole('heading', { name: 'Automation' }).waitFor();
    await main(page).getByRole('link', { name: 'Triggers' }).waitFor();

    await nav(page).getByRole('link', { name: 'Tasks' }).click();
    await page.waitForURL(`**${orgPath('/tasks')}`);
    await main(page).getByRole('heading', { name: 'Tasks' }).waitFor();
    expect(await current()).toBe('Tasks');

    // Collapsible: names move out of sight, the links keep their accessible names.
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await page.getByRole('button', { name: 'Expand menu' }).waitFor();
    expect(await nav(page).getByRole('link', { name: 'Tasks' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await page.getByRole('button', { name: 'Collapse menu' }).waitFor();
  });

  it('shows the user initials and logs out to /signin with local storage cleared', async () => {
    const email = uniqueEmail('ada');
    await e2e.portal.seed.addMember({ email, password: PASSWORD, roles: ['admin'], firstname: 'Ada', lastname: 'Lovelace' });
    const page = await e2e.signedIn({ email, password: PASSWORD });
    const account = page.getByRole('button', { name: 'Account: Ada Lovelace' });
    await account.waitFor();
    expect(await account.textContent()).toContain('AL');
    expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);

    await account.click();
    const popup = page.getByRole('dialog', { name: 'Account' });
    await popup.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/signin');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  it('turns the menu into a popup and details into an overlay up to 920px wide', async () => {
    const page = await e2e.signedIn(e2e.admin, { viewport: { width: 800, height: 900 } });
    expect(await nav(page).count()).toBe(0);

    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Menu', exact: true });
    await menu.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await menu.getByRole('link', { name: 'Knowledge Centre' }).click();
    await page.waitForURL(`**${orgPath('/help/FAQ')}`);
    await menu.waitFor({ state: 'detached' });

    // Narrow tabs are a dropdown; the user guide's details open as an overlay.
    await page.getByRole('combobox', { name: 'Knowledge centre sections' }).selectOption({ label: 'User guide' });
    await page.waitForURL(`**${orgPath('/help/user-guide')}`);
    await page.getByRole('navigation', { name: 'User guide sections' }).getByRole('link', { name: 'Tasks' }).click();
    const overlay = page.getByRole('dialog', { name: 'Tasks' });
    await overlay.getByText('Tasks are work items').waitFor();
    await overlay.getByRole('button', { name: 'Close' }).click();
    await overlay.waitFor({ state: 'detached' });

    // Back to a wide window: the sidebar returns (after the resize debounce).
    await page.setViewportSize({ width: 1280, height: 900 });
    await nav(page).waitFor();
    expect(await page.getByRole('button', { name: 'Menu', exact: true }).count()).toBe(0);
  });

  it('opens a side card over a faded page and closes it on an outside click, not when locked, and on Escape', async () => {
    const page = await e2e.signedIn();
    await open(page, '/help/contact-us');
    await page.getByRole('link', { name: 'Write to support' }).click();
    await page.waitForURL(`**${orgPath('/help/contact-us/create')}`);
    const card = page.getByRole('dialog', { name: 'Write to support' });
    await card.waitFor();
    expect(await main(page).getAttribute('data-faded')).toBe('true');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('main')!).opacity === '0.4');

    await page.mouse.click(400, 600);
    await card.waitFor({ state: 'detached' });
    expect(path(page)).toBe(orgPath('/help/contact-us'));
    expect(await main(page).getAttribute('data-faded')).toBe('false');

    await page.goto(`${e2e.url(orgPath('/help/contact-us/create'))}?cardstate=lock`);
    await card.waitFor();
    await page.mouse.click(400, 600);
    await page.waitForTimeout(300);
    expect(await card.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
    expect(path(page)).toBe(orgPath('/help/contact-us'));
  });

  it('closes the side card about a second after a successful submit, with a toast', async () => {
    const page = await e2e.signedIn();
    await open(page, '/help/contact-us/create');
    const card = page.getByRole('dialog', { name: 'Write to support' });
    await card.getByRole('button', { name: 'Send' }).click();
    await card.getByText('Subject is required').waitFor();
    await card.getByText('Message is required').waitFor();

    // A started message is not thrown away by an outside click.
    await card.getByLabel('Subject').fill('Unlock actions');
    await page.mouse.click(400, 600);
    await page.waitForTimeout(300);
    expect(await card.isVisible()).toBe(true);

    await card.getByLabel('Message').fill('Please enable actions for our organization.');
    await card.getByRole('button', { name: 'Send' }).click();
    // Not timed (a loaded machine stretches any interval): the toast shows while the card is still
    // open, a second before it closes by itself (CARD_CLOSE_AFTER_SUBMIT_MS).
    await page.getByRole('status').filter({ hasText: 'Your email app has opened' }).waitFor();
    expect(await card.isVisible()).toBe(true);
    await card.waitFor({ state: 'detached', timeout: 5_000 });
    expect(path(page)).toBe(orgPath('/help/contact-us'));
  });

  it('redirects /help to /help/FAQ and shows help tips when switched on', async () => {
    const page = await e2e.signedIn();
    await open(page, '/help');
    await page.waitForURL(`**${orgPath('/help/FAQ')}`);
    const tabs = page.getByRole('navigation', { name: 'Knowledge centre sections' });
    expect(await tabs.getByRole('link').allTextContents()).toEqual(['FAQ', 'User guide', 'Contact us']);

    await page.getByText('Which statuses can a task have?').click();
    await page.getByText('all declined (every recipient declined it)', { exact: false }).waitFor();

    expect(await page.getByRole('complementary', { name: 'Reading the FAQ' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Help tips' }).click();
    await page.getByRole('complementary', { name: 'Reading the FAQ' }).waitFor();
  });

  it('shows the general tab to the superadmin and sends an admin to shift-planner', async () => {
    const page = await e2e.signedIn();
    await open(page, '/settings');
    await page.waitForURL(`**${orgPath('/settings/general')}`);
    const tabs = page.getByRole('navigation', { name: 'Settings sections' });
    expect(await tabs.getByRole('link').allTextContents()).toEqual(['General', 'Shift planner', 'Tasks', 'Actions', 'Automation', 'Watch', 'Tablet', 'Audit trail']);
    await page.getByLabel('Notifications', { exact: true }).waitFor();

    const email = uniqueEmail('admin');
    await e2e.portal.seed.addMember({ email, password: PASSWORD, roles: ['admin'] });
    const admin = await e2e.signedIn({ email, password: PASSWORD });
    await open(admin, '/settings');
    await admin.waitForURL(`**${orgPath('/settings/shift-planner')}`);
    const adminTabs = admin.getByRole('navigation', { name: 'Settings sections' });
    await adminTabs.getByRole('link', { name: 'Shift planner' }).waitFor();
    expect(await adminTabs.getByRole('link', { name: 'General' }).count()).toBe(0);
    expect(await adminTabs.getByRole('link', { name: 'Audit trail' }).count()).toBe(0);
    await open(admin, '/settings/general');
    await admin.waitForURL(`**${orgPath('/settings/shift-planner')}`);
  });

  it('updates the sidebar without a reload when the superadmin changes feature flags', async () => {
    // Its own organisation, so the demo organisation's flags stay as the other tests expect them.
    const email = uniqueEmail('owner');
    const orgId = await e2e.portal.seed.addOrganization('Flag Org', [{ email, roles: ['superadmin'] }]);
    const page = await e2e.signedIn({ email, password: SEEDED_PASSWORD });
    await open(page, '/settings/general', orgId);
    await page.getByRole('heading', { name: 'Flag Org' }).waitFor();
    await nav(page).getByRole('link', { name: 'Tasks' }).waitFor();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Tasks', { exact: true }).selectOption('disable-and-hide');
    await page.getByLabel('Actions', { exact: true }).selectOption('disable');
    // Amplify's checkbox input is visually hidden behind its label, which takes the click.
    for (const label of ['Tasks dashboard', 'Actions dashboard']) {
      expect(await page.getByLabel(label).isChecked()).toBe(true);
      await page.getByText(label, { exact: true }).click();
      expect(await page.getByLabel(label).isChecked()).toBe(false);
    }
    await save.click();
    await page.getByRole('status').filter({ hasText: 'Settings saved' }).waitFor();

    await nav(page).getByRole('link', { name: 'Tasks' }).waitFor({ state: 'detached' });
    const actions = nav(page).getByText('Actions', { exact: true });
    expect(await actions.evaluate((e) => e.closest('[aria-disabled]')?.getAttribute('aria-disabled'))).toBe('true');
    const dashboard = nav(page).getByText('Dashboard', { exact: true });
    expect(await dashboard.evaluate((e) => e.closest('[aria-disabled]')?.getAttribute('aria-disabled'))).toBe('true');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

    await open(page, '/actions', orgId);
    await page.getByRole('heading', { name: 'You do not have access to this page' }).waitFor();
    await page.getByText('Contact support to unlock functionality.').waitFor();
  });

  it('switches presentation mode (zoom 0.7) and developer mode (inspect link, faded page)', async () => {
    const page = await e2e.signedIn();
    const presentation = page.getByRole('button', { name: 'Presentation mode' });
    await presentation.click();
    expect(await presentation.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('.shell').evaluate((e) => getComputedStyle(e).zoom)).toBe('0.7');
    await presentation.click();
    expect(await page.locator('.shell').evaluate((e) => getComputedStyle(e).zoom)).toBe('1');

    await page.goto(`${e2e.url(orgPath('/settings/general'))}?developer-mode=true`);
    await page.getByText('Developer mode', { exact: true }).waitFor();
    expect(await main(page).getAttribute('data-faded')).toBe('true');
    await page.getByRole('link', { name: 'Inspect' }).click();
    const card = page.getByRole('dialog', { name: 'General settings (JSON)' });
    await card.getByText('"features"').waitFor();

    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });

    // Remembered while navigating without the query: the inspect link stays, the page no longer fades.
    await nav(page).getByRole('link', { name: 'Knowledge Centre' }).click();
    await page.waitForURL(`**${orgPath('/help/FAQ')}`);
    await nav(page).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Inspect' }).waitFor();
    expect(await main(page).getAttribute('data-faded')).toBe('false');
  });

  it('shows the new-version page when a code chunk fails to load', async () => {
    const page = await e2e.signedIn();
    await page.waitForURL(`**${orgPath('/dashboard')}`);
    // A deploy replaced the build: the knowledge centre's chunk is gone.
    await page.route('**/assets/*.js', (route) => route.abort());
    await nav(page).getByRole('link', { name: 'Knowledge Centre' }).click();
    await page.getByRole('heading', { name: 'New Version Available!' }).waitFor();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
  });
});
