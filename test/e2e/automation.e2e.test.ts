import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TriggerDto, TriggerGroupDto } from '../../shared/src/automation/automation.schema.ts';
import { TEMPLATE_LIST_ROW_HEIGHT_PX } from '../../shared/src/constants.ts';
import { axeViolations } from '../support/axe.ts';
import { arrowToOption } from '../support/keyboard.ts';
import { tag, toast, useE2e } from '../support/e2e-fixture.ts';
import { call, idToken } from '../support/seed-users.ts';

/**
 * Issue 16 in Chromium: the automation pages worked with the keyboard alone. A trigger with a
 * workflow of two templates (found by search, reordered), external and throttled; its card then
 * shows the webhook URL, the curl example and the secret once, and the firing a request made. A
 * task template edited in place becomes a new template in the workflow; the secret is rotated. A
 * trigger group of two triggers in the chosen order. The rules and the firing itself are the
 * integration tests'; the Flic flow to a watch is the lead's e2e.
 */
describe('automation in Chromium: triggers and trigger groups by keyboard (issue 16)', () => {
  const e2e = useE2e();
  const { orgPath } = e2e;
  const suffix = tag(4);
  const actionTitle = `Bottles ${suffix}`;
  const taskTitle = `Clean ${suffix}`;
  const triggerName = `Bottle return ${suffix}`;
  let token: string;
  let taskTemplateId: string;
  const api = <T>(method: string, path: string, body?: unknown) => call<T>(e2e.url(), token, method, `/organizations/${e2e.orgId}${path}`, body);

  beforeAll(async () => {
    token = await idToken(e2e.url(), e2e.admin.email, e2e.admin.password);
    // Templates without recipients: a firing makes nothing from them, so this file sends nobody anything.
    const content = { title: { text: actionTitle }, body: { text: 'At the machine' } };
    await api('POST', '/action-templates', { action: { content, recipient_groups: [], config: { forward_after: 600, response_threshold: { type: 1, number: null } } } });
    const task = await api<{ id: string }>('POST', '/task-templates', {
      task: { content: { title: { text: taskTitle }, body: { text: 'Aisle 4' }, checklist: [{ id: 'mop', title: { text: 'Mop' }, is_checked: false, is_deleted: false }] }, recipient_groups: [] },
    });
    taskTemplateId = task.id;
  });

  const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

  /** Presses Tab until `target` has the focus (at most 120 times; none when it has it): the keyboard's way there. */
  async function tabTo(page: Page, target: Locator): Promise<void> {
    for (let i = 0; i < 120; i += 1) {
      if (await isFocused(target)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${target.toString()}`);
  }

  async function press(page: Page, target: Locator, key = 'Enter') {
    await tabTo(page, target);
    await page.keyboard.press(key);
  }

  const workflowNames = (card: Locator) => card.getByRole('list', { name: 'Workflow', exact: true }).locator('.ordered-list__name').allTextContents();

  /** Searches the picker's kind for `title` and adds it, by keyboard. */
  async function addTemplate(page: Page, card: Locator, kindKey: string, title: string) {
    await tabTo(page, card.getByRole('combobox', { name: 'Kind' }));
    await page.keyboard.press(kindKey);
    await tabTo(page, card.getByRole('searchbox', { name: 'Search templates' }));
    await page.keyboard.type(title);
    const add = card.getByRole('list', { name: 'Matching templates' }).getByRole('button', { name: `Add (${title})` });
    await add.waitFor({ timeout: 10_000 });
    await press(page, add);
    await card.getByRole('list', { name: 'Workflow', exact: true }).getByText(title, { exact: true }).waitFor();
  }

  it('creates a trigger with a workflow by keyboard; its card shows the webhook, the secret once and the firing', async () => {
    const page = await e2e.signedIn();
    await e2e.open(page, '/automation');
    await page.waitForURL((url) => url.pathname === orgPath('/automation/triggers'));
    await press(page, page.getByRole('link', { name: 'Add Trigger' }));
    const card = page.getByRole('dialog', { name: 'Add Trigger' });
    await card.waitFor();

    // The name is required, with the spec's message.
    await tabTo(page, card.getByRole('textbox', { name: 'Name' }));
    await page.keyboard.type('x');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');
    await card.getByText('name is required').waitFor();
    await tabTo(page, card.getByRole('textbox', { name: 'Name' }));
    await page.keyboard.type(triggerName);
    await tabTo(page, card.getByRole('combobox', { name: 'Type' }));
    await page.keyboard.press('f');
    expect(await card.getByRole('combobox', { name: 'Type' }).inputValue()).toBe('flic-button');

    // Two templates found by search, then the task moved before the action; focus stays on its row.
    await addTemplate(page, card, 'a', actionTitle);
    await addTemplate(page, card, 't', taskTitle);
    expect(await workflowNames(card)).toEqual([actionTitle, taskTitle]);
    // The picker's rows are the template list's 64 px, as on the modules' template tabs (spec 001 §9).
    const pickerRow = await card.getByRole('list', { name: 'Matching templates' }).getByRole('listitem').first().boundingBox();
    expect(pickerRow?.height).toBe(TEMPLATE_LIST_ROW_HEIGHT_PX);
    await press(page, card.getByRole('button', { name: `Move up (${taskTitle})` }));
    expect(await workflowNames(card)).toEqual([taskTitle, actionTitle]);
    expect(await isFocused(card.getByRole('button', { name: `Move down (${taskTitle})` }))).toBe(true);
    await card.getByRole('status').filter({ hasText: `${taskTitle} moved to place 1 of 2` }).waitFor();
    // The card with its workflow and the picker's results (no route opens it so): no serious axe violation.
    expect(await axeViolations(page)).toEqual([]);

    // External, throttled 10 seconds.
    await press(page, card.getByRole('switch', { name: 'External (webhook)' }), 'Space');
    await press(page, card.getByRole('switch', { name: 'Throttling' }), 'Space');
    await tabTo(page, card.getByRole('combobox', { name: 'Min. Time Between Pushes' }));
    await arrowToOption(page, card.getByRole('combobox', { name: 'Min. Time Between Pushes' }), '10 seconds');
    expect(await card.getByRole('combobox', { name: 'Min. Time Between Pushes' }).inputValue()).toBe('10');
    await press(page, card.getByRole('button', { name: 'Save' }));
    await toast(page, 'Trigger created').waitFor();

    // The card goes on to the trigger's edit card: the URL, the curl example and the secret, once.
    const edit = page.getByRole('dialog', { name: 'Edit Trigger' });
    await edit.getByRole('heading', { name: 'Webhook' }).waitFor();
    const triggerId = /\/automation\/triggers\/edit\/([^/?]+)/.exec(page.url())?.[1];
    expect(triggerId).toBeTruthy();
    const url = e2e.url(`/api/hooks/${e2e.orgId}/${triggerId}`);
    expect(await edit.getByRole('textbox', { name: 'Webhook URL' }).inputValue()).toBe(url);
    const secret = await edit.getByRole('textbox', { name: 'Secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(await edit.locator('.webhook__code').textContent()).toBe(`curl -X POST -H 'x-webhook-secret: ${secret}' ${url}`);
    await edit.getByText('No firings yet.').waitFor();

    // A request with the secret fires it; the firings table shows it while the card is open.
    const answer = await fetch(url, { method: 'POST', headers: { 'x-webhook-secret': secret } });
    expect(answer.status).toBe(202);
    const firings = edit.getByRole('table', { name: 'Recent firings' });
    await firings.getByRole('row').filter({ hasText: 'Webhook' }).filter({ hasText: 'Fired' }).waitFor({ timeout: 10_000 });
    await edit.getByText('Response time (last 7 days)').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Reloaded, the card no longer shows the secret: its hint only, and the example asks for it.
    await page.reload();
    await edit.getByRole('heading', { name: 'Webhook' }).waitFor();
    expect(await edit.getByRole('textbox', { name: 'Secret' }).count()).toBe(0);
    await edit.getByText(`Secret ending in …${secret.slice(-4)}`, { exact: false }).waitFor();
    expect(await edit.locator('.webhook__code').textContent()).toBe(`curl -X POST -H 'x-webhook-secret: <secret>' ${url}`);
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });

    // The list: name, type, workflow size, throttle, webhook.
    const row = page.getByRole('table', { name: 'Triggers' }).getByRole('row').filter({ hasText: triggerName });
    for (const text of ['Flic button', '2 templates', '10 seconds', 'External']) await row.getByText(text, { exact: true }).waitFor();
  });

  it('edits a trigger: a task template edited in place becomes a new one in the workflow; the secret is rotated', async () => {
    const created = await api<TriggerDto & { secret: string }>('POST', '/triggers', {
      name: `Spill ${suffix}`,
      type: 'general',
      workflows: [{ id: taskTemplateId, type: 'task-template' }],
      metadata: { is_external: true },
      is_throttling_enabled: false,
      throttle_duration_in_seconds: 0,
    });
    const page = await e2e.signedIn();
    await e2e.open(page, '/automation/triggers');
    await press(page, page.getByRole('link', { name: `Spill ${suffix}` }));
    const card = page.getByRole('dialog', { name: 'Edit Trigger' });
    await card.getByRole('list', { name: 'Workflow', exact: true }).getByText(taskTitle, { exact: true }).waitFor();

    // Rotate: asked first, then the new secret is shown once.
    await press(page, card.getByRole('button', { name: 'Rotate secret' }));
    const question = page.getByRole('alertdialog', { name: 'Rotate secret?' });
    await press(page, question.getByRole('button', { name: 'Rotate secret' }));
    await toast(page, 'New secret created').waitFor();
    const rotated = await card.getByRole('textbox', { name: 'Secret' }).inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(created.secret);

    // The task template in place: a card over the card, saved as a new template.
    await press(page, card.getByRole('button', { name: `Edit (${taskTitle})` }));
    const editor = page.getByRole('dialog', { name: 'Edit Task Template' });
    await editor.waitFor();
    expect(await editor.getByRole('textbox', { name: 'Checklist' }).inputValue()).toBe('Mop');
    expect(await axeViolations(page)).toEqual([]);
    await tabTo(page, editor.getByRole('textbox', { name: 'Title' }));
    await page.keyboard.press('End');
    await page.keyboard.type(' now');
    await press(page, editor.getByRole('button', { name: 'Save as new template' }));
    await toast(page, 'Saved as a new task template').waitFor();
    await editor.waitFor({ state: 'detached' });
    await card.getByRole('list', { name: 'Workflow', exact: true }).getByText(`${taskTitle} now`, { exact: true }).waitFor();
    await press(page, card.getByRole('button', { name: 'Save' }));
    await toast(page, 'Trigger saved').waitFor();
    await card.waitFor({ state: 'detached' });

    const saved = await api<TriggerDto>('GET', `/triggers/${created.id}`);
    expect(saved.workflows).toHaveLength(1);
    expect(saved.workflows[0]!.id).not.toBe(taskTemplateId);
    const copy = await api<{ title: string }>('GET', `/task-templates/${saved.workflows[0]!.id}`);
    expect(copy.title).toBe(`${taskTitle} now`);
    expect((await api<{ title: string }>('GET', `/task-templates/${taskTemplateId}`)).title).toBe(taskTitle);
  });

  it('creates a trigger group by keyboard with its triggers in the chosen order', async () => {
    const first = await api<TriggerDto>('POST', '/triggers', { name: `Cashier ${suffix}`, type: 'tablet-kiosk-button', workflows: [] });
    const second = await api<TriggerDto>('POST', '/triggers', { name: `Cleanup ${suffix}`, type: 'tablet-kiosk-button', workflows: [] });
    const page = await e2e.signedIn();
    await e2e.open(page, '/automation/triggers');
    await press(page, page.getByRole('link', { name: 'Trigger Groups' }));
    await page.waitForURL((url) => url.pathname === orgPath('/automation/trigger-groups'));
    await press(page, page.getByRole('link', { name: 'Add Trigger Group' }));
    const card = page.getByRole('dialog', { name: 'Add Trigger Group' });
    await card.waitFor();

    const name = `Kiosk ${suffix}`;
    await tabTo(page, card.getByRole('textbox', { name: 'Description' }));
    await page.keyboard.type('x');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');
    await card.getByText('description is required').waitFor();
    await tabTo(page, card.getByRole('textbox', { name: 'Name' }));
    await page.keyboard.type(name);
    await tabTo(page, card.getByRole('textbox', { name: 'Description' }));
    await page.keyboard.type('The shop floor kiosk');
    await tabTo(page, card.getByRole('combobox', { name: 'Type' }));
    await page.keyboard.press('k');

    // Add Cleanup, then Cashier, then move Cashier first. The arrow keys choose: a select's type-ahead
    // forgets what was typed after a second, so a loaded machine's slow keystrokes chose Cashier first.
    const picker = card.getByRole('combobox', { name: 'Trigger to add' });
    await tabTo(page, picker);
    await arrowToOption(page, picker, `Cleanup ${suffix}`);
    await press(page, card.getByRole('button', { name: 'Add', exact: true }));
    await tabTo(page, picker);
    await arrowToOption(page, picker, `Cashier ${suffix}`);
    await press(page, card.getByRole('button', { name: 'Add', exact: true }));
    const triggers = card.getByRole('list', { name: 'Triggers' });
    expect(await triggers.locator('.ordered-list__name').allTextContents()).toEqual([`Cleanup ${suffix}`, `Cashier ${suffix}`]);
    await press(page, card.getByRole('button', { name: `Move up (Cashier ${suffix})` }));
    expect(await triggers.locator('.ordered-list__name').allTextContents()).toEqual([`Cashier ${suffix}`, `Cleanup ${suffix}`]);
    expect(await axeViolations(page)).toEqual([]);
    await press(page, card.getByRole('button', { name: 'Save' }));
    await toast(page, 'Trigger group created').waitFor();
    await card.waitFor({ state: 'detached' });

    const row = page.getByRole('table', { name: 'Trigger Groups' }).getByRole('row').filter({ hasText: name });
    for (const text of ['Kiosk app', '2 triggers']) await row.getByText(text, { exact: true }).waitFor();
    const groups = await api<{ items: TriggerGroupDto[] }>('GET', '/trigger-groups');
    expect(groups.items.find((group) => group.name === name)?.trigger_ids).toEqual([first.id, second.id]);
  });
});
