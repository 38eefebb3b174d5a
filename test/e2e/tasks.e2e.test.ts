import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { tag, toast, useE2e, watchOf } from '../support/e2e-fixture.ts';
import { addPeopleInGroup, call, idToken } from '../support/seed-users.ts';

/**
 * Issue 14 in Chromium: the tasks page against the running portal. What only a browser shows: the
 * form as a person fills it, the checklist ticked on a watch appearing in the admin's details pane
 * without a reload and completed there, a draft becoming a task, a template's defaults in the form,
 * and the complete and undo dialogs. The rules themselves are the integration tests'.
 */
describe('tasks in Chromium: the form, the live details pane, drafts, templates, complete and undo (issue 14)', () => {
  const e2e = useE2e();
  const { orgPath } = e2e;
  const first = { email: `ticker-${tag()}@e2e.local`, firstname: 'Tia', lastname: `Tick${tag()}`, password: 'Member-Pass-1!' };
  const second = { email: `helper-${tag()}@e2e.local`, firstname: 'Hal', lastname: `Help${tag()}`, password: 'Member-Pass-1!' };
  const name = (who: typeof first) => `${who.firstname} ${who.lastname}`;
  let token = '';
  let staffIds: string[] = [];

  beforeAll(async () => {
    token = await idToken(e2e.url(), e2e.admin.email, e2e.admin.password);
    staffIds = (await addPeopleInGroup(e2e.url(), token, e2e.orgId, [first, second], { name: `Shop floor ${tag()}`, color: '#43A047' })).userIds;
  });

  const details = (page: Page) => page.getByRole('region', { name: 'Details' });
  const api = <T>(method: string, path: string, body?: unknown) => call<T>(e2e.url(), token, method, `/organizations/${e2e.orgId}${path}`, body);

  async function adminOnTasks(query = ''): Promise<Page> {
    const page = await e2e.signedIn();
    await e2e.open(page, `/tasks${query}`);
    await page.getByRole('tablist', { name: 'Task lists' }).waitFor();
    return page;
  }

  /** Picks a recipient in the picker named `field`. */
  async function choose(card: Locator, field: string, who: string) {
    await card.getByRole('combobox', { name: field, exact: true }).fill(who.slice(0, 10));
    await card.getByRole('option', { name: who }).click();
    await card.getByRole('list', { name: field, exact: true }).getByText(who).waitFor();
  }


  it('an admin gives two staff a three-item checklist; two ticks on a watch show in the details without a reload; the admin ticks the third and the task completes', { timeout: 180_000 }, async () => {
    const watch = await watchOf(e2e, first);
    const admin = await adminOnTasks();
    const title = `Opening ${tag(4)}`;
    const items = ['Lights on', 'Tills counted', 'Doors unlocked'] as const;

    await admin.getByRole('link', { name: 'New Task' }).click();
    await admin.waitForURL(`**${orgPath('/tasks/create')}*`);
    const card = admin.getByRole('dialog', { name: 'New Task' });
    const create = card.getByRole('button', { name: 'Create Task' });
    // Start of day and End of day by default; the submit waits for a recipient.
    expect(await card.getByRole('radio', { name: 'Start of day' }).isChecked()).toBe(true);
    expect(await card.getByRole('radio', { name: 'End of day' }).isChecked()).toBe(true);
    expect(await create.isDisabled()).toBe(true);
    await card.getByLabel('Title', { exact: true }).fill(title);
    for (const [index, item] of items.entries()) {
      await card.getByRole('button', { name: 'Add checklist item' }).click();
      await card.getByRole('textbox', { name: `Checklist item ${index + 1}` }).fill(item);
    }
    await choose(card, 'Recipients', name(first));
    await choose(card, 'Recipients', name(second));
    // A checklist forces 'one': the completion rule is not offered.
    expect(await card.getByRole('radiogroup', { name: 'Completed when' }).count()).toBe(0);
    await create.click();
    await toast(admin, 'Task created').waitFor();
    await card.waitFor({ state: 'detached' });

    // The card closes onto the task's details in today's list.
    await details(admin).getByRole('heading', { name: title }).waitFor();
    await admin.getByRole('list', { name: "Today's tasks" }).getByRole('link', { name: new RegExp(title) }).waitFor();
    await details(admin).getByRole('heading', { name: 'Checklist (0 of 3)' }).waitFor();

    // The staff member ticks two items on the watch.
    await watch.getByRole('button', { name: new RegExp(title) }).click({ timeout: 20_000 });
    await watch.getByRole('checkbox', { name: items[0] }).check();
    await watch.getByRole('checkbox', { name: items[1] }).check();

    // The admin's pane follows without a reload: two ticked, by whom.
    await details(admin).getByRole('heading', { name: 'Checklist (2 of 3)' }).waitFor({ timeout: 15_000 });
    expect(await details(admin).getByRole('checkbox', { name: items[0] }).isChecked()).toBe(true);
    expect(await details(admin).getByRole('checkbox', { name: items[1] }).isChecked()).toBe(true);
    await details(admin).getByText(new RegExp(`Ticked by ${name(first)}`)).first().waitFor();
    expect(await details(admin).getByRole('status').filter({ hasText: 'Ongoing' }).count()).toBe(1);

    // The admin ticks the third and saves the batch, by keyboard: the task completes.
    await details(admin).getByRole('checkbox', { name: items[2] }).focus();
    await admin.keyboard.press('Space');
    expect(await details(admin).getByRole('checkbox', { name: items[2] }).isChecked()).toBe(true);
    await admin.keyboard.press('Tab');
    expect(await admin.evaluate(() => document.activeElement?.textContent)).toBe('Save checklist');
    await admin.keyboard.press('Enter');
    await toast(admin, 'Checklist saved').waitFor();
    await details(admin).getByRole('status').filter({ hasText: 'Completed' }).waitFor({ timeout: 15_000 });
    await details(admin).getByRole('heading', { name: 'Checklist (3 of 3)' }).waitFor();
  });

  it("a draft saved untitled appears as 'Untitled Draft ' and becomes a task through Create Task", async () => {
    const admin = await adminOnTasks();
    await admin.getByRole('link', { name: 'New Task' }).click();
    const card = admin.getByRole('dialog', { name: 'New Task' });
    // A draft saves without validation: nothing filled in.
    await card.getByRole('button', { name: 'Save as draft' }).click();
    await toast(admin, 'Draft saved').waitFor();
    await card.waitFor({ state: 'detached' });
    await admin.getByRole('tab', { name: 'Drafts', selected: true }).waitFor();
    const heading = details(admin).getByRole('heading', { level: 3 });
    await heading.waitFor();
    expect(await heading.textContent()).toBe('Untitled Draft ');
    await admin.getByRole('list', { name: 'Task drafts' }).getByRole('link', { name: /Untitled Draft/ }).first().waitFor();

    // Create Task: the draft in the task form, validated as a task.
    await details(admin).getByRole('link', { name: 'Create Task' }).click();
    const form = admin.getByRole('dialog', { name: 'Create Task from Draft' });
    const title = `Bottles ${tag(4)}`;
    await form.getByLabel('Title', { exact: true }).fill(title);
    await choose(form, 'Recipients', name(second));
    await form.getByRole('button', { name: 'Create Task' }).click();
    await toast(admin, 'Task created').waitFor();
    await form.waitFor({ state: 'detached' });
    await details(admin).getByRole('heading', { name: title }).waitFor();
    await admin.getByRole('tab', { name: 'Today', selected: true }).waitFor();
  });

  it('a task from a template gets the template defaults: closure one, reminders off, from now to the end of the day', async () => {
    const templateTitle = `Closing ${tag(4)}`;
    const template = await api<{ id: string }>('POST', '/task-templates', {
      task: {
        content: { title: { text: templateTitle }, body: { text: 'Before you leave' }, checklist: [] },
        recipient_groups: [{ group_number: 0, recipients: staffIds.map((id) => ({ id, type: 'user' })) }],
        config: { closure_criteria: 'all', reminders_enabled: true },
      },
    });
    const admin = await adminOnTasks(`?tab=templates&selected=${template.id}`);
    await details(admin).getByRole('heading', { name: templateTitle }).waitFor();
    await details(admin).getByRole('link', { name: 'Send', exact: true }).click();
    const form = admin.getByRole('dialog', { name: 'Task from Template' });
    expect(await form.getByLabel('Title', { exact: true }).inputValue()).toBe(templateTitle);
    // Two users in group 0 and no checklist: the rule is offered, and starts at 'one'; reminders off.
    expect(await form.getByRole('radio', { name: 'One recipient completes it' }).isChecked()).toBe(true);
    expect(await form.getByRole('switch', { name: 'Remind before the end' }).isChecked()).toBe(false);
    expect(await form.getByRole('radio', { name: 'Start of day' }).isChecked()).toBe(true);
    expect(await form.getByRole('radio', { name: 'End of day' }).isChecked()).toBe(true);
    // The organisation's today (decision 0049), whatever the browser's zone.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_DEFAULTS.timeZone }).format(new Date());
    expect(await form.getByLabel('Start date').inputValue()).toBe(today);
    expect(await form.getByLabel('End date').inputValue()).toBe(today);

    await form.getByRole('button', { name: 'Create Task' }).click();
    await toast(admin, 'Task created').waitFor();
    await details(admin).getByRole('heading', { name: templateTitle }).waitFor();
    const facts = details(admin).getByRole('definition');
    await facts.filter({ hasText: 'One recipient completes it' }).waitFor();
    expect(await facts.filter({ hasText: /^Off$/ }).count()).toBe(1);
    await details(admin).getByRole('status').filter({ hasText: 'Ongoing' }).waitFor();
  });

  it("an admin completes a task without checklist through the dialog and undoes it ('THIS IS A COMPLETED TASK')", async () => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const minutes = -now.getTimezoneOffset();
    const offset = `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
    const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    const title = `Mop ${tag(4)}`;
    const task = await api<{ id: string }>('POST', '/tasks', {
      content: { title: { text: title }, body: { text: '' }, checklist: [] },
      recipient_groups: [{ group_number: 0, recipients: [{ id: staffIds[0], type: 'user' }] }],
      config: { start: { date: day, time: `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`, offset }, end: { date: '2030-06-03', time: '23:59:59', offset: '+02:00' } },
    });
    const admin = await adminOnTasks(`?tab=all&selected=${task.id}`);
    const status = details(admin).getByRole('status');
    await status.filter({ hasText: 'Ongoing' }).waitFor();

    // By keyboard: the link opens the question (Escape leaves it), Tab reaches the answer.
    const completeLink = details(admin).getByRole('link', { name: 'Complete' });
    await completeLink.focus();
    await admin.keyboard.press('Enter');
    const complete = admin.getByRole('alertdialog', { name: 'Complete task' });
    await complete.getByText('Do you really wish to complete this task?').waitFor();
    await admin.keyboard.press('Escape');
    await complete.waitFor({ state: 'detached' });
    await completeLink.focus();
    await admin.keyboard.press('Enter');
    await complete.getByRole('button', { name: 'Cancel' }).waitFor();
    await admin.keyboard.press('Tab');
    expect(await admin.evaluate(() => document.activeElement?.textContent)).toBe('Complete');
    await admin.keyboard.press('Enter');
    await toast(admin, 'Task completed').waitFor();
    await status.filter({ hasText: 'Completed' }).waitFor();

    await details(admin).getByRole('link', { name: 'Undo completion' }).click();
    const undo = admin.getByRole('alertdialog', { name: 'THIS IS A COMPLETED TASK' });
    await undo.getByText('Do you really wish to uncomplete this task?').waitFor();
    await undo.getByRole('button', { name: 'Uncomplete' }).click();
    await toast(admin, 'Task reopened').waitFor();
    await status.filter({ hasText: 'Ongoing' }).waitFor();
    expect(await details(admin).getByRole('link', { name: 'Undo completion' }).count()).toBe(0);

    // An unknown id goes back to the list.
    await e2e.open(admin, '/tasks/complete/undo/no-such-id');
    await admin.waitForURL((url) => url.pathname === orgPath('/tasks'));
  });
});
