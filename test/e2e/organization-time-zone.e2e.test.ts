import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { isoWeekOf, weekNumber } from '@portal/shared/shifts/iso-week';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { tag, useE2e } from '../support/e2e-fixture.ts';
import { addPeopleInGroup, call, idToken } from '../support/seed-users.ts';

/** The demo organisation's zone (infra/local/seed.ts). */
const ORG_ZONE = DEMO_DEFAULTS.timeZone;

const dayIn = (timeZone: string, at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** Longer than the test takes: the browser's zone must be on another day than the organisation for all of it. */
const TEST_WINDOW_MS = 180_000;

/**
 * A browser zone whose calendar day is not the organisation's from now to the end of the test's
 * window, so the test holds at any time of day without a server clock: 12 h behind Berlin before
 * its noon, 13 h ahead after. In the window's last minutes of the organisation's day no zone is
 * (Kiritimati reaches the next day with Berlin, and the hour before an hour-long window asked for
 * one: CI failed at 23:05 Berlin), so the test waits for the new day, at most the window, once.
 */
async function otherDayZone(): Promise<string> {
  for (;;) {
    const now = new Date();
    const end = new Date(now.getTime() + TEST_WINDOW_MS);
    const zone = ['Pacific/Pago_Pago', 'Pacific/Kiritimati'].find((candidate) => [now, end].every((at) => dayIn(candidate, at) !== dayIn(ORG_ZONE, at)));
    if (zone) return zone;
    await new Promise((resolve) => setTimeout(resolve, TEST_WINDOW_MS));
  }
}

/**
 * Issue 28 in Chromium: the organisation's zone decides "today", the week and the times shown, not
 * the browser's. The browser runs in a zone on another calendar day; the planner's today and week
 * must be the dashboard's (the server's organisation day), and "Published …" the organisation's
 * wall clock. The helper's rules (midnight, DST weeks, zones west of UTC) are its unit tests.
 */
describe('one clock: the organisation time zone in a browser elsewhere (issue 28)', () => {
  const e2e = useE2e();
  let token = '';
  let staffId = '';
  const api = <T>(method: string, path: string, body?: unknown) => call<T>(e2e.url(), token, method, `/organizations/${e2e.orgId}${path}`, body);

  beforeAll(async () => {
    token = await idToken(e2e.url(), e2e.admin.email, e2e.admin.password);
    const person = { email: `clock-${tag()}@e2e.local`, firstname: 'Clara', lastname: `Clock${tag()}`, password: 'Member-Pass-1!' };
    staffId = (await addPeopleInGroup(e2e.url(), token, e2e.orgId, [person], { name: `Clock ${tag()}`, color: '#43A047' })).userIds[0]!;
  });

  /** Formats in the page, so the expectation uses the browser's own ICU data, as the portal does. */
  const inPage = (page: Page, options: Intl.DateTimeFormatOptions, at: string) =>
    page.evaluate(([o, iso]) => new Intl.DateTimeFormat('en', o as Intl.DateTimeFormatOptions).format(new Date(iso as string)), [options, at] as const);

  it("shows the dashboard's today as the planner's today and week, and times in the organisation's zone", { timeout: 2 * TEST_WINDOW_MS + 60_000 }, async () => {
    const timezoneId = await otherDayZone();
    const page = await e2e.signedIn(undefined, { timezoneId });
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
    const today = dayIn(ORG_ZONE, new Date());
    const noon = `${today}T12:00:00Z`;

    // The dashboard: the server's organisation day.
    await e2e.open(page, '/dashboard/tasks');
    const dayLabel = await inPage(page, { dateStyle: 'medium', timeZone: 'UTC' }, noon);
    await expect.poll(() => page.getByRole('main').textContent(), { timeout: 20_000 }).toMatch(new RegExp(`(No tasks for|Tasks of) ${dayLabel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

    // The planner without a date: the organisation's today is highlighted, in its ISO week.
    await e2e.open(page, '/schedule');
    await page.getByRole('grid').waitFor();
    const longLabel = await inPage(page, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }, noon);
    expect.soft(await page.locator('.schedule-grid__day--today .visually-hidden').textContent()).toBe(longLabel);
    const week = isoWeekOf(today);
    expect.soft(await page.locator('.schedule-toolbar__week').textContent()).toBe(`Week ${weekNumber(week)}, ${week.slice(0, 4)}`);
    expect.soft(await page.getByRole('link', { name: 'Today' }).getAttribute('aria-current')).toBe('date');

    // A published week far ahead: "Published …" is the organisation's wall clock.
    const start = { date: '2031-03-05', time: '09:00:00', offset: '+01:00' };
    await api('POST', '/shifts', { user_id: staffId, name: 'Clock', start, end: { ...start, time: '17:00:00' }, activities: [] });
    await api('POST', '/shift-weeks/2031-W10/publish');
    const published = (await api<{ published_at: string }>('GET', '/shift-weeks/2031-W10')).published_at;
    await e2e.open(page, '/schedule/2031-03-05/week');
    const expected = await inPage(page, { dateStyle: 'medium', timeStyle: 'short', timeZone: ORG_ZONE }, published);
    await expect.poll(() => page.getByText(/^Published /).textContent(), { timeout: 20_000 }).toBe(`Published ${expected}`);
  });
});
