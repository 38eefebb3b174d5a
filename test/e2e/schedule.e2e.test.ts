import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { tag, useE2e } from '../support/e2e-fixture.ts';
import { addPeopleInGroup, idToken } from '../support/seed-users.ts';

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

  beforeAll(async () => {
    const token = await idToken(e2e.url(), DEMO_DEFAULTS.email, DEMO_DEFAULTS.password);
    await addPeopleInGroup(e2e.url(), token, e2e.portal.demoOrgId, staff, { name: `Shop ${tag()}`, color: '#43A047' });
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
    expect(await title(page).textContent()).toContain('Week 1, 2027');

    await page.getByRole('link', { name: 'Day', exact: true }).click();
    await page.waitForURL(`**${orgPath('/schedule/2027-01-07/day')}`);
    expect(await columns.count()).toBe(2);
    await page.getByRole('link', { name: 'Previous day' }).click();
    await page.waitForURL(`**${orgPath('/schedule/2027-01-06/day')}`);
    expect(await columns.nth(1).textContent()).toContain('Wednesday, January 6, 2027');

    await page.getByRole('link', { name: 'Today' }).click();
    await page.waitForURL(`**${orgPath('/schedule/')}*/day`);
    expect(await page.getByRole('link', { name: 'Today' }).getAttribute('aria-current')).toBe('date');
  });

  it('sends a malformed date or view to this week', { timeout: 60_000 }, async () => {
    const page = await e2e.signedIn();
    await e2e.open(page, '/schedule/2026-02-30/week');
    await page.waitForURL((url) => url.pathname === orgPath('/schedule'));
    await page.getByRole('grid').waitFor();
    expect(await page.getByRole('link', { name: 'Week', exact: true }).getAttribute('aria-current')).toBe('page');
  });

  it('moves through the grid with the arrow keys: one cell in the tab order', { timeout: 60_000 }, async () => {
    const page = await planner('/schedule/2026-11-23/week');
    const grid = page.getByRole('grid');
    const rows = await grid.getByRole('rowheader').allTextContents();
    expect(rows.length).toBeGreaterThan(1);
    const focused = () => page.evaluate(() => {
      const cell = document.activeElement?.closest('td');
      return cell ? `${cell.dataset.row}:${cell.dataset.col}` : '';
    });
    // Tab from the last toolbar link enters the grid at its first cell.
    await page.getByRole('link', { name: 'Day', exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('0:0');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('1:2');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toContain(`${rows[1]}, Wednesday, November 25, 2026`);
    await page.keyboard.press('End');
    expect(await focused()).toBe('1:6');
    await page.keyboard.press('Control+Home');
    expect(await focused()).toBe('0:0');
    // Only the active cell is tabbable: Shift+Tab leaves the grid for the toolbar.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Day');
  });
});
