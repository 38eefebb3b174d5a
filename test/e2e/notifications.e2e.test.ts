import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { fillSignIn, tag, toast, useE2e } from '../support/e2e-fixture.ts';
import { addPeopleInGroup, call, idToken } from '../support/seed-users.ts';

const MEMBER_PASSWORD = 'Member-Pass-1!';
/** The demo organisation's calendar and clock: the send options are in its zone (decision 0049), not the browser's. */
const inOrg = (d: Date) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_DEFAULTS.timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })
      .formatToParts(d)
      .map((part) => [part.type, part.value]),
  );
const dateString = (d: Date) => `${inOrg(d).year}-${inOrg(d).month}-${inOrg(d).day}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 5 in Chromium: the admin's notifications screens against the running portal (API, local
 * scheduler, broker) and a member's watch emulator in a second browser context.
 *
 * The scheduled send: the time pickers have whole minutes, so the test schedules the minute after
 * next, and then moves the portal's scheduler's clock and the browser's to it instead of waiting for
 * it (issue 30, decision 0091).
 */
describe('notifications in Chromium: send, watch, read, schedule, series (issue 5)', () => {
  const e2e = useE2e();
  const { orgPath } = e2e;
  const group = `Kitchen ${tag()}`;
  const member = { email: `cook-${tag()}@e2e.local`, firstname: 'Carla', lastname: `Cook${tag()}` };
  const memberName = `${member.firstname} ${member.lastname}`;

  beforeAll(async () => {
    const token = await idToken(e2e.url(), e2e.admin.email, e2e.admin.password);
    await addPeopleInGroup(e2e.url(), token, e2e.orgId, [{ ...member, password: MEMBER_PASSWORD }], { name: group, color: '#43A047' });
  });

  const details = (page: Page) => page.getByRole('region', { name: 'Details' });
  const list = (page: Page, name: 'Sent notifications' | 'Scheduled notifications') => page.getByRole('list', { name });

  /** The demo admin on /notifications. */
  async function adminOnNotifications(): Promise<Page> {
    const page = await e2e.signedIn();
    await e2e.open(page, '/notifications');
    await page.getByRole('tab', { name: 'Sent', selected: true }).waitFor();
    return page;
  }

  /** Opens New Notification with a title and the group as recipient; returns the card. */
  async function compose(page: Page, title: string, message?: string): Promise<Locator> {
    await page.getByRole('link', { name: 'New Notification' }).click();
    await page.waitForURL(`**${orgPath('/notifications/create')}*`);
    const card = page.getByRole('dialog', { name: 'New Notification' });
    await card.getByLabel('Title', { exact: true }).fill(title);
    if (message) await card.getByLabel('Message', { exact: true }).fill(message);
    // The submit group stays disabled until a recipient is chosen (spec 000 §5).
    expect(await card.getByRole('button', { name: 'Save as template' }).isDisabled()).toBe(true);
    await card.getByRole('combobox', { name: 'Recipients' }).fill(group.slice(0, 10));
    await card.getByRole('option', { name: group }).click();
    await card.getByRole('list', { name: 'Recipients' }).getByText(group).waitFor();
    return card;
  }

  it('an admin sends to a group; the member’s watch shows it; opening it there turns them to Read live', async () => {
    // The member's watch: /watch signs in first and comes back.
    const watch = await e2e.newPage();
    await watch.goto(e2e.url('/watch'));
    await watch.waitForURL('**/signin');
    await fillSignIn(watch, { email: member.email, password: MEMBER_PASSWORD });
    await watch.waitForURL('**/watch');
    const screen = watch.getByRole('region', { name: 'Watch screen' });
    await screen.getByRole('status').filter({ hasText: 'Connected' }).waitFor({ timeout: 20_000 });

    const admin = await adminOnNotifications();
    const title = `Doors ${tag()}`;
    const card = await compose(admin, title, 'Doors open at 7:30');
    await card.getByRole('button', { name: 'Send', exact: true }).click();
    await toast(admin, 'Notification sent').waitFor();
    await card.waitFor({ state: 'detached' });

    // The card closes onto the sent notification's details.
    await details(admin).getByRole('heading', { name: title }).waitFor();
    await list(admin, 'Sent notifications').getByRole('link', { name: new RegExp(title) }).waitFor();
    const row = details(admin).getByRole('row', { name: new RegExp(memberName) });
    await row.getByText('Sent', { exact: true }).waitFor({ timeout: 15_000 });

    const message = screen.getByRole('button', { name: new RegExp(title) });
    await message.waitFor({ timeout: 15_000 });
    await message.click();
    await screen.getByRole('heading', { name: title }).waitFor();
    await screen.getByText('Doors open at 7:30').waitFor();

    // No reload: the details pane polls the status.
    await row.getByText('Read', { exact: true }).waitFor({ timeout: 15_000 });

    // An unknown id in an overlay route goes back to the list.
    await e2e.open(admin, '/notifications/edit/no-such-id');
    await admin.waitForURL((url) => url.pathname === orgPath('/notifications'));
  });

  it('a scheduled send appears under scheduled and moves to sent when it fires', async () => {
    // The browser's clock is the test's (Playwright's fake timers, at the real pace until moved),
    // installed before the page loads: the scheduled list's refresh after the send is due comes
    // when the test moves the clock there, as the portal's scheduler's does (below).
    const admin = await e2e.signedIn();
    await admin.clock.install();
    await e2e.open(admin, '/notifications');
    await admin.getByRole('tab', { name: 'Sent', selected: true }).waitFor();
    const title = `Later ${tag()}`;
    const card = await compose(admin, title);

    // The whole minute after next: over a minute ahead, so the form is sent and checked long before
    // it comes even on a busy machine; the test does not wait for it.
    const now = new Date();
    const due = new Date(now.getFullYear(), now.getMonth(), now.getDate(), now.getHours(), now.getMinutes() + 2);
    // Amplify's radios and switches are visually hidden inputs: their labels are what a person clicks.
    await card.getByText(dateString(due) === dateString(now) ? 'Later today' : 'Tomorrow', { exact: true }).click();
    await card.getByLabel('Hour').selectOption(String(Number(inOrg(due).hour)));
    await card.getByLabel('Minute').selectOption(String(Number(inOrg(due).minute)));
    await card.getByRole('button', { name: 'Schedule', exact: true }).click();
    await toast(admin, 'Notification scheduled').waitFor();
    await card.waitFor({ state: 'detached' });

    await admin.getByRole('tab', { name: 'Scheduled', selected: true }).waitFor();
    const scheduled = list(admin, 'Scheduled notifications').getByRole('link', { name: new RegExp(title) });
    await scheduled.waitFor();
    await details(admin).getByRole('heading', { name: title }).waitFor();
    // The row's link selects it in the query (`?tab=scheduled&selected=<id>`).
    const id = new URL((await scheduled.getAttribute('href'))!, e2e.url()).searchParams.get('selected')!;
    const token = await idToken(e2e.url(), e2e.admin.email, e2e.admin.password);
    const sentAt = async () => (await call<{ sent_at?: string }>(e2e.url(), token, 'GET', `/organizations/${e2e.orgId}/notifications/${id}`)).sent_at;
    // Not before it is due: a second of the scheduler's polls (every 250 ms) on the real clock sends nothing.
    await sleep(1_000);
    expect(await sentAt()).toBeUndefined();

    // The minute comes, for the scheduler (which fires it within about a second) and then for the browser.
    try {
      await e2e.portal.moveSchedulerClock(new Date(due.getTime() + 1_000));
      await vi.waitFor(async () => expect(await sentAt()).toEqual(expect.any(String)), { timeout: 15_000, interval: 250 });
    } finally {
      await e2e.portal.moveSchedulerClock(null);
    }
    await admin.clock.fastForward(Math.max(0, due.getTime() - Date.now()) + 2_000);
    // The scheduled list refreshes itself just after the send is due.
    await scheduled.waitFor({ state: 'detached', timeout: 30_000 });
    await admin.getByRole('tab', { name: 'Sent' }).click();
    await list(admin, 'Sent notifications').getByRole('link', { name: new RegExp(title) }).waitFor({ timeout: 15_000 });
  });

  it('a series’ child is edited with ‘Just this one’ and then with ‘All Occurrences’', async () => {
    const admin = await adminOnNotifications();
    const title = `Daily ${tag()}`;
    const card = await compose(admin, title, 'Briefing at the pass');

    // Right now, every day, ending the day after tomorrow: today's occurrence is sent at once.
    await card.getByText('Repeat', { exact: true }).click();
    await card.getByRole('radio', { name: 'Everyday' }).waitFor();
    expect(await card.getByRole('radio', { name: 'Everyday' }).isChecked()).toBe(true);
    await card.getByText('Repeat end date', { exact: true }).click();
    const end = new Date();
    end.setDate(end.getDate() + 2);
    await card.getByLabel('End date', { exact: true }).fill(dateString(end));
    await card.getByRole('button', { name: 'Send', exact: true }).click();
    await toast(admin, 'Notification scheduled').waitFor();
    await card.waitFor({ state: 'detached' });

    // The root is scheduled (its next occurrence); the first child is sent.
    await list(admin, 'Scheduled notifications').getByRole('link', { name: new RegExp(title) }).waitFor();
    await admin.getByRole('tab', { name: 'Sent' }).click();
    const child = list(admin, 'Sent notifications').getByRole('link', { name: new RegExp(title) });
    await child.waitFor({ timeout: 15_000 });
    await child.click();
    await details(admin).getByRole('heading', { name: title }).waitFor();

    // Just this one: the child alone, content only (it has been sent).
    const actions = details(admin).getByRole('navigation', { name: 'Notification actions' });
    await actions.getByRole('link', { name: 'Edit' }).click();
    let ask = admin.getByRole('alertdialog', { name: 'Edit a recurring notification' });
    await ask.getByRole('button', { name: 'Just this one' }).click();
    const one = admin.getByRole('dialog', { name: 'Edit Sent Notification' });
    await one.getByLabel('Title', { exact: true }).fill(`${title} one`);
    await one.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(admin, 'Changes saved').waitFor();
    await one.waitFor({ state: 'detached' });
    await details(admin).getByRole('heading', { name: `${title} one` }).waitFor();
    await list(admin, 'Sent notifications').getByRole('link', { name: new RegExp(`${title} one`) }).waitFor();

    // All Occurrences: the series' root, fetched through the child.
    await actions.getByRole('link', { name: 'Edit' }).click();
    ask = admin.getByRole('alertdialog', { name: 'Edit a recurring notification' });
    await ask.getByRole('button', { name: 'All Occurrences' }).click();
    const all = admin.getByRole('dialog', { name: 'Edit All Occurrences' });
    const titleField = all.getByLabel('Title', { exact: true });
    await titleField.waitFor();
    expect(await titleField.inputValue()).toBe(title);
    await titleField.fill(`${title} all`);
    await all.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(admin, 'Changes saved').waitFor();
    await all.waitFor({ state: 'detached' });

    await admin.getByRole('tab', { name: 'Scheduled', selected: true }).waitFor();
    await details(admin).getByRole('heading', { name: `${title} all` }).waitFor();
    await list(admin, 'Scheduled notifications').getByRole('link', { name: new RegExp(`${title} all`) }).waitFor();
    // The child edited on its own keeps its title.
    await admin.getByRole('tab', { name: 'Sent' }).click();
    await list(admin, 'Sent notifications').getByRole('link', { name: new RegExp(`${title} one`) }).waitFor();
  });
});
