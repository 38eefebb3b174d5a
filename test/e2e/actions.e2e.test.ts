import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { tag, toast, useE2e, watchOf } from '../support/e2e-fixture.ts';
import { addPeopleInGroup, idToken } from '../support/seed-users.ts';

/**
 * Issue 13 in Chromium: the admin's actions screens against the running portal. What only a
 * browser shows: the form's rules as a person meets them (submit group, time-out label, feedback
 * toggles), the card closing onto the sent action's live details, templates saved, searched and sent.
 * The answers, time-outs and escalation are the integration tests'; the watch flow below shows them
 * end to end once.
 */
describe('actions in Chromium: the form, the sent list and details, templates (issue 13)', () => {
  const e2e = useE2e();
  const { orgPath } = e2e;
  const group = `Tills ${tag()}`;
  const cashier = { email: `cashier-${tag()}@e2e.local`, firstname: 'Cora', lastname: `Cash${tag()}`, password: 'Member-Pass-1!' };
  const floor = { email: `floor-${tag()}@e2e.local`, firstname: 'Finn', lastname: `Floor${tag()}`, password: 'Member-Pass-1!' };

  beforeAll(async () => {
    const token = await idToken(e2e.url(), e2e.admin.email, e2e.admin.password);
    await addPeopleInGroup(e2e.url(), token, e2e.orgId, [cashier], { name: group, color: '#43A047' });
    await addPeopleInGroup(e2e.url(), token, e2e.orgId, [floor], { name: `Floor ${tag()}`, color: '#1E88E5' });
  });

  const details = (page: Page) => page.getByRole('region', { name: 'Details' });

  async function adminOnActions(): Promise<Page> {
    const page = await e2e.signedIn();
    await e2e.open(page, '/actions');
    await page.getByRole('tab', { name: 'Sent', selected: true }).waitFor();
    return page;
  }

  /** Picks a recipient in the picker named `field`. */
  async function choose(card: Locator, field: string, name: string) {
    await card.getByRole('combobox', { name: field, exact: true }).fill(name.slice(0, 10));
    await card.getByRole('option', { name }).click();
    await card.getByRole('list', { name: field, exact: true }).getByText(name).waitFor();
  }

  async function newAction(page: Page, title: string): Promise<Locator> {
    await page.getByRole('link', { name: 'New Action' }).click();
    await page.waitForURL(`**${orgPath('/actions/create')}*`);
    const card = page.getByRole('dialog', { name: 'New Action' });
    await card.getByLabel('Title', { exact: true }).fill(title);
    return card;
  }

  it('an admin sends an action with two groups and feedback; it shows in the sent list with its live details', async () => {
    const admin = await adminOnActions();
    const title = `Till 3 ${tag(4)}`;
    await admin.getByRole('link', { name: 'New Action' }).click();
    const card = admin.getByRole('dialog', { name: 'New Action' });
    const send = card.getByRole('button', { name: 'Send', exact: true });

    // The submit group waits for a recipient in group 1; the title is required.
    expect(await send.isDisabled()).toBe(true);
    await choose(card, 'Recipients', group);
    expect(await send.isDisabled()).toBe(false);
    await send.click();
    await card.getByText('Title is required').waitFor();
    await card.getByLabel('Title', { exact: true }).fill(title);

    // One group: 'Timeout after'; a second group with someone in it: 'Include next group after'.
    await card.getByRole('combobox', { name: 'Timeout after' }).waitFor();
    await card.getByRole('button', { name: 'Add next group' }).click();
    await choose(card, 'Recipient group 2', `${floor.firstname} ${floor.lastname}`);
    await card.getByRole('combobox', { name: 'Include next group after' }).selectOption({ label: '10 seconds' });
    await card.getByRole('combobox', { name: 'Employees needed' }).selectOption('All');

    // A feedback message is editable only while its toggle is on.
    const acceptance = card.getByRole('textbox', { name: 'Acceptance message' });
    expect(await acceptance.isDisabled()).toBe(true);
    await card.getByText('Send feedback on acceptance').click();
    expect(await acceptance.isDisabled()).toBe(false);
    await acceptance.fill('Till 3 is covered, thanks');

    await send.click();
    await toast(admin, 'Action sent').waitFor();
    await card.waitFor({ state: 'detached' });

    // The card closes onto the sent action's details; the list has it, open at group 1 of 2.
    await details(admin).getByRole('heading', { name: title }).waitFor();
    await admin.getByRole('list', { name: 'Sent actions' }).getByRole('link', { name: new RegExp(title) }).waitFor();
    await details(admin).getByText(/Group 1 of 2 asked, .* left/).waitFor();
    await details(admin).getByText('Till 3 is covered, thanks', { exact: false }).waitFor();
    // The cashier was asked (no watch connected: not available); the shares sum to 100.
    const row = details(admin).getByRole('row', { name: new RegExp(cashier.lastname) });
    await row.getByText(/Not available|No response/).waitFor({ timeout: 15_000 });
    const shares = await details(admin).getByRole('list', { name: 'Responses in total' }).getByRole('listitem').allTextContents();
    expect(shares.map((text) => Number(/\((\d+) %\)/.exec(text)?.[1])).reduce((a, b) => a + b, 0)).toBe(100);

    // Copy opens the form with its content; an unknown id goes back to the list.
    await details(admin).getByRole('link', { name: 'Copy' }).click();
    const copy = admin.getByRole('dialog', { name: 'Copy Action' });
    expect(await copy.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
    await copy.getByRole('button', { name: 'Close' }).click();
    await e2e.open(admin, '/actions/copy/no-such-id');
    await admin.waitForURL((url) => url.pathname === orgPath('/actions'));
  });

  it('saves an action as a template, finds it by search, and sends it from the template', async () => {
    const admin = await adminOnActions();
    const title = `Bottles ${tag(4)}`;
    const card = await newAction(admin, title);
    await choose(card, 'Recipients', group);
    await card.getByRole('button', { name: 'Save as template' }).click();
    await toast(admin, 'Template saved').waitFor();
    await card.waitFor({ state: 'detached' });
    await admin.getByRole('tab', { name: 'Templates', selected: true }).waitFor();
    await details(admin).getByRole('heading', { name: title }).waitFor();

    // The search asks the server after the debounce (or at once with the button).
    await admin.getByLabel('Search templates', { exact: true }).fill(title);
    const templates = admin.getByRole('list', { name: 'Action templates' });
    await templates.getByRole('link', { name: new RegExp(title) }).waitFor();

    // Send: the form prefilled from the template.
    await details(admin).getByRole('link', { name: 'Send', exact: true }).click();
    const form = admin.getByRole('dialog', { name: 'Send Action' });
    expect(await form.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
    await form.getByRole('button', { name: 'Send', exact: true }).click();
    await toast(admin, 'Action sent').waitFor();
    // Dismissed, so the send below is known by its own toast (this one would stay 10 s).
    await toast(admin, 'Action sent').getByRole('button', { name: 'Dismiss' }).click();
    await toast(admin, 'Action sent').waitFor({ state: 'detached' });
    await form.waitFor({ state: 'detached' });
    await admin.getByRole('tab', { name: 'Sent', selected: true }).waitFor();
    await details(admin).getByRole('heading', { name: title }).waitFor();

    // Send now: one question, no form.
    await admin.getByRole('tab', { name: 'Templates' }).click();
    await admin.getByLabel('Search templates', { exact: true }).fill(title);
    await templates.getByRole('link', { name: new RegExp(title) }).click();
    await details(admin).getByRole('link', { name: 'Send now' }).click();
    await admin.getByRole('alertdialog', { name: 'Send action' }).getByRole('button', { name: 'Send', exact: true }).click();
    await toast(admin, 'Action sent').waitFor();
    await admin.getByRole('list', { name: 'Sent actions' }).getByRole('link', { name: new RegExp(title) }).first().waitFor();
  });


  it('two groups and a 10 s time-out: group 1 is asked, nobody answers, group 2 is asked, one accepts; the admin sees it live and hears the feedback', { timeout: 180_000 }, async () => {
    const first = await watchOf(e2e, cashier);
    const second = await watchOf(e2e, floor);
    const creatorWatch = await watchOf(e2e, e2e.admin);

    const admin = await adminOnActions();
    const title = `Till 5 ${tag(4)}`;
    const card = await newAction(admin, title);
    await choose(card, 'Recipients', `${cashier.firstname} ${cashier.lastname}`);
    await card.getByRole('button', { name: 'Add next group' }).click();
    await choose(card, 'Recipient group 2', `${floor.firstname} ${floor.lastname}`);
    await card.getByRole('combobox', { name: 'Include next group after' }).selectOption({ label: '10 seconds' });
    await card.getByText('Send feedback on acceptance').click();
    const feedback = `Till 5 covered ${tag(4)}`;
    await card.getByRole('textbox', { name: 'Acceptance message' }).fill(feedback);
    await card.getByRole('button', { name: 'Send', exact: true }).click();
    await toast(admin, 'Action sent').waitFor();
    await details(admin).getByRole('heading', { name: title }).waitFor();

    // Group 1's watch shows it at once; nobody answers, so after the time-out group 2's does.
    await first.getByRole('button', { name: new RegExp(title) }).waitFor({ timeout: 15_000 });
    expect(await second.getByRole('button', { name: new RegExp(title) }).count()).toBe(0);
    await second.getByRole('button', { name: new RegExp(title) }).waitFor({ timeout: 30_000 });
    await details(admin).getByText(/Group 2 of 2 asked/).waitFor({ timeout: 15_000 });

    // One accepts on group 2's watch.
    await second.getByRole('button', { name: new RegExp(title) }).click();
    await second.getByRole('button', { name: 'Accept' }).click();
    await second.getByRole('status').filter({ hasText: 'Accepted' }).waitFor({ timeout: 15_000 });

    // The admin's details follow without a reload: fulfilled, the accept counted, shares of 100.
    await details(admin).getByText('Fulfilled', { exact: true }).first().waitFor({ timeout: 15_000 });
    const row = details(admin).getByRole('row', { name: new RegExp(floor.lastname) });
    await row.getByText('Accepted', { exact: true }).waitFor();
    const shares = details(admin).getByRole('list', { name: 'Responses in total' });
    await shares.getByText('1 (50 %)').first().waitFor();
    expect(await shares.getByRole('listitem').filter({ hasText: 'Accepted' }).textContent()).toContain('1 (50 %)');

    // The prompt is withdrawn from group 1's watch ("covered"); the creator's watch gets the feedback.
    await first.getByText('Covered').first().waitFor({ timeout: 15_000 });
    await creatorWatch.getByText(feedback).first().waitFor({ timeout: 15_000 });
  });

  it('/settings/actions changes the time-outs the form offers, and its default', async () => {
    const admin = await e2e.signedIn();
    await e2e.open(admin, '/settings/actions');
    const options = admin.getByRole('textbox', { name: 'Time-out options (seconds)' });
    expect(await options.inputValue()).toBe('10, 30, 60, 120, 300, 600');
    // A word that is no number is refused with the product's message as it is typed, and Save is off.
    await options.fill('10, soon');
    await admin.getByText('Choose one of the time-out options').waitFor();
    expect(await admin.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await options.fill('45, 15, 90');
    await admin.getByRole('combobox', { name: 'Default time-out' }).selectOption({ label: '45 seconds' });
    await admin.getByRole('button', { name: 'Save' }).click();
    await toast(admin, 'Action settings saved').waitFor();

    await e2e.open(admin, '/actions/create');
    const timeout = admin.getByRole('dialog', { name: 'New Action' }).getByRole('combobox', { name: 'Timeout after' });
    await timeout.waitFor();
    expect(await timeout.locator('option').allTextContents()).toEqual(['15 seconds', '45 seconds', '90 seconds']);
    expect(await timeout.inputValue()).toBe('45');
  });
});
