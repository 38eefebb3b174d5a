import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { tag, useE2e } from '../support/e2e-fixture.ts';
import { addPeopleInGroup, call, idToken } from '../support/seed-users.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe-core violations on the page as it is (the walks open routes; the shift card is no route). */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() => (window as unknown as { axe: { run: (options: object) => Promise<AxeResults> } }).axe.run({ resultTypes: ['violations'] }));
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/**
 * Issue 15 in Chromium: the shift planner's calendar and grid against the running portal. The date
 * in the path selects the week or the day, back/forward/today step by the view, the ISO week shows
 * (2026-W53 runs into 2027), and the grid is walked with the keyboard alone.
 */
describe('the shift planner in Chromium (issue 15)', () => {
  const e2e = useE2e();
  const { orgPath } = e2e;
  const staff = [
    { email: `cashier-${tag()}@e2e.local`, firstname: 'Cora', lastname: `Till${tag()}`, password: 'Member-Pass-1!' },
    { email: `stocker-${tag()}@e2e.local`, firstname: 'Stan', lastname: `Shelf${tag()}`, password: 'Member-Pass-1!' },
  ];

  const activity = `Cashier ${tag(4)}`;
  let token = '';
  let staffIds: string[] = [];
  const api = <T>(method: string, path: string, body?: unknown) => call<T>(e2e.url(), token, method, `/organizations/${e2e.orgId}${path}`, body);

  beforeAll(async () => {
    token = await idToken(e2e.url(), e2e.admin.email, e2e.admin.password);
    staffIds = (await addPeopleInGroup(e2e.url(), token, e2e.orgId, staff, { name: `Shop ${tag()}`, color: '#43A047' })).userIds;
    await api('POST', '/shift-activity-types', { name: activity, color: '#E53935' });
  });

  async function planner(route: string): Promise<Page> {
    const page = await e2e.signedIn();
    await e2e.open(page, route);
    await page.getByRole('grid').waitFor();
    return page;
  }

  const title = (page: Page) => page.locator('.schedule-toolbar__title');

  it('shows the week of the date in the path with its ISO number, steps by week and by day, and goes to today', { timeout: 120_000 }, async () => {
    const page = await planner('/schedule/2026-12-31');
    expect(await title(page).textContent()).toContain('Week 53, 2026');
    const columns = page.getByRole('grid').getByRole('columnheader');
    // The staff column and Monday 28 December 2026 to Sunday 3 January 2027.
    expect(await columns.count()).toBe(8);
    expect(await columns.nth(1).textContent()).toContain('Monday, December 28, 2026');
    expect(await columns.nth(7).textContent()).toContain('Sunday, January 3, 2027');

    await page.getByRole('link', { name: 'Next week' }).click();
    await page.waitForURL(`**${orgPath('/schedule/2027-01-07/week')}`);
    // The address changes before the page renders the new week: wait for it, then hold it.
    await expect.poll(() => title(page).textContent()).toContain('Week 1, 2027');

    await page.getByRole('link', { name: 'Day', exact: true }).click();
    await page.waitForURL(`**${orgPath('/schedule/2027-01-07/day')}`);
    await expect.poll(() => columns.count()).toBe(2);
    await page.getByRole('link', { name: 'Previous day' }).click();
    await page.waitForURL(`**${orgPath('/schedule/2027-01-06/day')}`);
    await expect.poll(() => columns.nth(1).textContent()).toContain('Wednesday, January 6, 2027');

    await page.getByRole('link', { name: 'Today' }).click();
    await page.waitForURL(`**${orgPath('/schedule/')}*/day`);
    await expect.poll(() => page.getByRole('link', { name: 'Today' }).getAttribute('aria-current')).toBe('date');
  });

  it('sends a malformed date or view to this week', { timeout: 60_000 }, async () => {
    const page = await e2e.signedIn();
    await e2e.open(page, '/schedule/2026-02-30/week');
    await page.waitForURL((url) => url.pathname === orgPath('/schedule'));
    await page.getByRole('grid').waitFor();
    expect(await page.getByRole('link', { name: 'Week', exact: true }).getAttribute('aria-current')).toBe('page');
  });

  it('moves through the grid with the arrow keys: one cell in the tab order', { timeout: 60_000 }, async () => {
    const page = await planner('/schedule/2031-11-26/week');
    const grid = page.getByRole('grid');
    const rows = await grid.getByRole('rowheader').allTextContents();
    expect(rows.length).toBeGreaterThan(1);
    const focused = () => page.evaluate(() => {
      const cell = document.activeElement?.closest('td');
      return cell ? `${cell.dataset.row}:${cell.dataset.col}` : '';
    });
    // Tab from the week's last command (Publish: nothing is planned in this week) enters the grid at its first cell.
    await page.getByRole('button', { name: 'Publish' }).focus();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('0:0');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('1:2');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Add a shift for ${rows[1]} on Wednesday, November 26, 2031`);
    await page.keyboard.press('End');
    expect(await focused()).toBe('1:6');
    await page.keyboard.press('Control+Home');
    expect(await focused()).toBe('0:0');
    // Only the active cell is tabbable: Shift+Tab leaves the grid for the week's commands.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Publish');
  });

  it('an admin plans a shift for a staff member on Monday with an activity, by keyboard from the grid, and publishes the week', { timeout: 120_000 }, async () => {
    const cora = `${staff[0]!.firstname} ${staff[0]!.lastname}`;
    const page = await planner('/schedule/2030-01-09/week');
    const status = page.locator('.schedule-status__state');
    await status.getByText('Draft: not published yet').waitFor();

    // Keyboard alone: the add button of Cora's Monday, Enter opens the card.
    const add = page.getByRole('button', { name: `Add a shift for ${cora} on Monday, January 7, 2030` });
    await add.focus();
    await page.keyboard.press('Enter');
    const card = page.getByRole('dialog', { name: 'New Shift' });
    await card.waitFor();
    expect(await card.getByLabel('Staff').inputValue()).toBe(staffIds[0]);
    expect(await card.getByLabel('Day').inputValue()).toBe('2030-01-07');
    await card.getByLabel('Start').fill('08:00');
    await card.getByLabel('End').fill('16:00');
    await card.getByLabel('Name').fill('Early');
    await card.getByRole('button', { name: 'Add activity' }).click();
    await card.getByRole('group', { name: 'Activity 1' }).getByLabel('Activity').selectOption({ label: activity });
    await card.getByRole('group', { name: 'Activity 1' }).getByLabel('From').fill('08:00');
    await card.getByRole('group', { name: 'Activity 1' }).getByLabel('To').fill('12:00');
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Create Shift' }).click();
    await card.waitFor({ state: 'detached' });

    const shift = page.getByRole('button', { name: new RegExp(`^Early 08:00–16:00 .*${cora}, Monday, January 7, 2030`) });
    await shift.waitFor();
    expect(await shift.textContent()).toContain('Draft');
    // The grid with a shift in it, and the week's draft state.
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Publish' }).click();
    await status.getByText(/^Published /).waitFor();
    expect(await shift.textContent()).not.toContain('Draft');
    const week = await api<{ shifts: Array<{ user_id: string; name: string; published: boolean; start: { date: string; time: string }; activities: unknown[] }> }>('GET', '/shift-weeks/2030-W02');
    expect(week.shifts.map(({ user_id, name, published, start, activities }) => ({ user_id, name, published, start: `${start.date} ${start.time}`, activities: activities.length }))).toEqual([
      { user_id: staffIds[0], name: 'Early', published: true, start: '2030-01-07 08:00', activities: 1 },
    ]);

    // Enter opens the shift again, Escape closes its card.
    await shift.focus();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit Shift' });
    await edit.waitFor();
    expect(await edit.getByLabel('Name').inputValue()).toBe('Early');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
  });

  it('keyboard alone: saves a week as a template, applies it to the next week by its route, and moves a shift to another day', { timeout: 120_000 }, async () => {
    const cora = `${staff[0]!.firstname} ${staff[0]!.lastname}`;
    const name = `Standard ${tag(4)}`;
    // 08:00 in the demo organisation's time zone (Europe/Berlin): a template keeps wall-clock times there.
    const start = { date: '2032-03-01', time: '08:00:00', offset: '+01:00' };
    await api('POST', '/shifts', { user_id: staffIds[0], name, start, end: { ...start, time: '16:00:00' }, activities: [] });
    const page = await planner('/schedule/2032-03-01/week');
    const press = async (locator: ReturnType<Page['locator']>, key = 'Enter') => {
      await locator.focus();
      await page.keyboard.press(key);
    };

    // Save week 10 as a template, from the week's commands.
    await press(page.getByRole('button', { name: 'Week templates' }));
    const templates = page.getByRole('dialog', { name: 'Week templates' });
    await templates.getByLabel('Template name').focus();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    const applyLink = templates.getByRole('link', { name: `Apply ${name}` });
    await applyLink.waitFor();
    await page.keyboard.press('Escape');
    await templates.waitFor({ state: 'detached' });

    // The next week, and the template's apply view at its route.
    await press(page.getByRole('link', { name: 'Next week' }));
    await page.waitForURL(`**${orgPath('/schedule/2032-03-08/week')}`);
    // The address changes before the page renders the new week (a router transition): a card opened
    // in between would link to the old week's apply view. A user sees the new week first.
    await expect.poll(() => title(page).textContent()).toContain('Week 11, 2032');
    await press(page.getByRole('button', { name: 'Week templates' }));
    await press(applyLink);
    await page.waitForURL(new RegExp(`${orgPath('/schedule/2032-03-08/week/')}[^/]+$`));
    const apply = page.getByRole('dialog', { name: `Apply “${name}”` });
    await apply.waitFor();
    expect(await apply.getByRole('region', { name: "The template's shifts" }).textContent()).toContain(`Monday, March 8, 2032${cora} ${name} 08:00–16:00`);
    expect(await axeViolations(page)).toEqual([]);
    await press(apply.getByRole('button', { name: 'Apply template' }));
    await page.waitForURL(`**${orgPath('/schedule/2032-03-08/week')}`);

    // Move the applied shift from Monday to Tuesday: M, an arrow, Enter.
    const shift = page.getByRole('button', { name: new RegExp(`^${name} 08:00–16:00 .*${cora}, Monday, March 8, 2032`) });
    await press(shift, 'm');
    const status = page.locator('.schedule-move__status');
    await status.getByText(`Moving ${name} 08:00–16:00 (${cora}, Monday, March 8, 2032)`, { exact: false }).waitFor();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move here: ${cora}, Tuesday, March 9, 2032`);
    await page.keyboard.press('Enter');
    await status.getByText(`Moved ${name} 08:00–16:00 to ${cora}, Tuesday, March 9, 2032.`).waitFor();
    await page.getByRole('button', { name: new RegExp(`^${name} 08:00–16:00 .*${cora}, Tuesday, March 9, 2032`) }).waitFor();

    const week = await api<{ shifts: Array<{ user_id: string; name: string; start: { date: string; time: string } }> }>('GET', '/shift-weeks/2032-W11');
    expect(week.shifts.map(({ user_id, name: shiftName, start: { date, time } }) => ({ user_id, name: shiftName, start: `${date} ${time.slice(0, 5)}` }))).toEqual([
      { user_id: staffIds[0], name, start: '2032-03-09 08:00' },
    ]);

    // A template the organisation does not have goes back to the week.
    await e2e.open(page, '/schedule/2032-03-08/week/no-such-template');
    await page.waitForURL((url) => url.pathname === orgPath('/schedule/2032-03-08/week'));
  });
});
