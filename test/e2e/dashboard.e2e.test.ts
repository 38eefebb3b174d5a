import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { mainNav, pathOf, tag, toast, useE2e, watchOf } from '../support/e2e-fixture.ts';
import { addPeopleInGroup, call, idToken } from '../support/seed-users.ts';

/**
 * Issue 17 in Chromium: what only a browser shows of the dashboard. The panels' numbers and order
 * are the integration tests' (test/integration/dashboard.test.ts); here an answer on a watch reaches
 * the open dashboard by itself, the custom panels are ordered with the keyboard, and the general
 * setting `dashboards` decides the variants, the tabs, the sidebar entry and the landing route.
 */
describe('dashboard in Chromium: live statuses, variants by setting (issue 17)', () => {
  const e2e = useE2e();
  const { orgPath } = e2e;
  const cashier = { email: `cashier-${tag()}@e2e.local`, firstname: 'Cora', lastname: `Cash${tag()}`, password: 'Member-Pass-1!' };
  let token: string;
  let cashierId: string;

  beforeAll(async () => {
    token = await idToken(e2e.url(), e2e.admin.email, e2e.admin.password);
    const people = await addPeopleInGroup(e2e.url(), token, e2e.orgId, [cashier], { name: `Tills ${tag()}`, color: '#43A047' });
    cashierId = people.userIds[0]!;
  });

  const variantTabs = (page: Page) => page.getByRole('navigation', { name: 'Dashboards' });
  const panelTitles = (page: Page) => page.getByRole('main').getByRole('heading', { level: 3 }).allTextContents();

  /** A row's cell under a column header ('Accepted'); the row header (the action) is the first column. */
  async function cellOf(table: Locator, row: Locator, column: string): Promise<Locator> {
    const headers = await table.getByRole('columnheader').allTextContents();
    const index = headers.indexOf(column);
    if (index < 1) throw new Error(`No column ${column} in ${headers.join(', ')}`);
    return row.getByRole('cell').nth(index - 1);
  }

  /** Presses Tab until the focused element's text is `name` (at most 60 times): the keyboard's way there. */
  async function tabTo(page: Page, name: string): Promise<void> {
    for (let i = 0; i < 60; i += 1) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === name) return;
    }
    throw new Error(`Tab never reached ${name}`);
  }

  const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

  /** Ticks the general settings' dashboards as given and saves them, as the superadmin does. */
  async function setDashboards(page: Page, on: { tasks: boolean; actions: boolean; custom: boolean }) {
    await e2e.open(page, '/settings/general');
    for (const [variant, label] of [
      ['tasks', 'Tasks dashboard'],
      ['actions', 'Actions dashboard'],
      ['custom', 'Custom dashboard'],
    ] as const) {
      // Amplify's checkbox hides its input: a click on the label ticks it, as a person does.
      if ((await page.getByRole('checkbox', { name: label }).isChecked()) !== on[variant]) await page.getByText(label, { exact: true }).click();
    }
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Settings saved').waitFor();
  }

  it('the dashboard shows an action’s statuses changing from no-response to accepted without a reload when a staff member accepts on the watch emulator', async () => {
    const watch = await watchOf(e2e, cashier);
    const admin = await e2e.signedIn();
    await admin.waitForURL(`**${orgPath('/dashboard')}`);
    // Tasks and actions are on (the organisation's default): tabs, the first one current at /dashboard.
    await variantTabs(admin).getByRole('link', { name: 'Tasks', exact: true }).and(admin.locator('[aria-current="page"]')).waitFor();
    await variantTabs(admin).getByRole('link', { name: 'Actions', exact: true }).click();
    await admin.waitForURL(`**${orgPath('/dashboard/actions')}`);
    await admin.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    const title = `Till 7 ${tag(4)}`;
    await call(e2e.url(), token, 'POST', `/organizations/${e2e.orgId}/actions`, {
      content: { title: { text: title }, body: { text: 'Who can cover till 7?' } },
      recipient_groups: [{ group_number: 0, recipients: [{ id: cashierId, type: 'user' }] }],
      config: { forward_after: 600, response_threshold: { type: 1, number: null } },
    });

    // The sent action appears by itself, open, its one recipient not answered yet.
    const table = admin.getByRole('table', { name: 'Responses per action, open actions first' });
    const row = table.getByRole('row', { name: new RegExp(title) });
    await row.waitFor({ timeout: 15_000 });
    await row.getByText('Open', { exact: true }).waitFor();
    await (await cellOf(table, row, 'No response')).getByText('1 (100 %)', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await (await cellOf(table, row, 'Accepted')).textContent()).toBe('0 (0 %)');
    expect(await (await cellOf(table, row, 'First accept after')).textContent()).toBe('No accept yet');

    await watch.getByRole('button', { name: new RegExp(title) }).click({ timeout: 15_000 });
    await watch.getByRole('button', { name: 'Accept' }).click();
    await watch.getByRole('status').filter({ hasText: 'Accepted' }).waitFor({ timeout: 15_000 });

    // The dashboard follows without a reload: accepted, fulfilled, a time to the first accept.
    await (await cellOf(table, row, 'Accepted')).getByText('1 (100 %)', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await (await cellOf(table, row, 'No response')).textContent()).toBe('0 (0 %)');
    await row.getByText('Fulfilled', { exact: true }).waitFor();
    expect(await (await cellOf(table, row, 'First accept after')).textContent()).toMatch(/^\d+ (seconds?|minutes?)/);
    expect(await admin.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });

  it('the setting decides the variants: custom panels ordered by keyboard; tasks only shows the tasks variant; all dashboards disabled hides the entry and lands on the first feature route', async () => {
    const admin = await e2e.signedIn();

    // Custom on: its tab, its default panels, and "Edit panels" worked with the keyboard alone.
    await setDashboards(admin, { tasks: true, actions: true, custom: true });
    await e2e.open(admin, '/dashboard/custom');
    await variantTabs(admin).getByRole('link', { name: 'Custom' }).and(admin.locator('[aria-current="page"]')).waitFor();
    await admin.getByRole('heading', { name: 'Recent actions' }).waitFor();
    expect(await panelTitles(admin)).toEqual(['Recent actions', 'Today’s tasks']);
    await tabTo(admin, 'Edit panels');
    await admin.keyboard.press('Enter');
    const card = admin.getByRole('dialog', { name: 'Edit panels' });
    await card.waitFor();
    await tabTo(admin, 'Move up (Today’s tasks)');
    await admin.keyboard.press('Enter');
    // First now, it cannot go further up: focus stays on its row, and a status line says where it went.
    expect(await focused(admin)).toBe('Move down (Today’s tasks)');
    await card.getByRole('status').filter({ hasText: 'Today’s tasks is now number 1 of 2.' }).waitFor();
    await tabTo(admin, 'Add (On shift today)');
    await admin.keyboard.press('Enter');
    expect(await focused(admin)).toBe('Remove (On shift today)');
    await tabTo(admin, 'Save');
    await admin.keyboard.press('Enter');
    await toast(admin, 'Panels saved').waitFor();
    await card.waitFor({ state: 'detached' });
    await admin.getByRole('heading', { name: 'On shift today' }).waitFor();
    expect(await panelTitles(admin)).toEqual(['Today’s tasks', 'Recent actions', 'On shift today']);

    // Tasks only: the dashboard is the tasks variant, without tabs; another variant's path goes to it.
    await setDashboards(admin, { tasks: true, actions: false, custom: false });
    await mainNav(admin).getByRole('link', { name: 'Dashboard' }).click();
    await admin.waitForURL(`**${orgPath('/dashboard')}`);
    await admin.getByRole('heading', { name: 'Today’s tasks' }).waitFor();
    expect(await variantTabs(admin).count()).toBe(0);
    expect(await panelTitles(admin)).toEqual(['Today’s tasks']);
    await e2e.open(admin, '/dashboard/actions');
    await admin.waitForURL(`**${orgPath('/dashboard')}`);
    await admin.getByRole('heading', { name: 'Today’s tasks' }).waitFor();

    // None: the sidebar's entry is no link any more, and the organisation lands on the first feature route.
    await setDashboards(admin, { tasks: false, actions: false, custom: false });
    await mainNav(admin).locator('[aria-disabled="true"]', { hasText: 'Dashboard' }).waitFor();
    expect(await mainNav(admin).getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    await e2e.open(admin, '/');
    await admin.waitForURL(`**${orgPath('/schedule')}`);
    expect(pathOf(admin)).toBe(orgPath('/schedule'));
  });
});
