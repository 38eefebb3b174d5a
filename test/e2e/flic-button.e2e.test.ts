import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { tag, toast, useE2e, watchOf } from '../support/e2e-fixture.ts';
import { addPeopleInGroup, idToken } from '../support/seed-users.ts';

/**
 * Issue 16's flow in Chromium: an admin makes an action template and a Flic trigger that runs it;
 * the request a Flic hub sends (a fixed URL, header and body, no signing) fires it; the action
 * reaches a staff member's watch; once they accept, the trigger's card shows the firing, who
 * answered and the response time. A second press inside the throttle window is answered 429 with
 * Retry-After and shown as throttled. The webhook's rules are the integration tests'.
 */
describe('a Flic button fires an action through its webhook (issue 16)', () => {
  const e2e = useE2e();
  const suffix = tag(4);
  const staff = { email: `flic-${tag()}@e2e.local`, firstname: 'Flo', lastname: `Flic${suffix}`, password: 'Member-Pass-1!' };
  const title = `Bottle return full ${suffix}`;
  const triggerName = `Flic at the bottle return ${suffix}`;

  beforeAll(async () => {
    const token = await idToken(e2e.url(), e2e.admin.email, e2e.admin.password);
    await addPeopleInGroup(e2e.url(), token, e2e.orgId, [staff], { name: `Bottles ${suffix}`, color: '#00897B' });
  });

  async function choose(card: Locator, field: string, name: string) {
    await card.getByRole('combobox', { name: field, exact: true }).fill(name.slice(0, 10));
    await card.getByRole('option', { name }).click();
    await card.getByRole('list', { name: field, exact: true }).getByText(name).waitFor();
  }

  it('a webhook request fires the action to the watch; the trigger shows the firing, the answer and the response time; a second press is throttled', { timeout: 180_000 }, async () => {
    const watch = await watchOf(e2e, staff);
    const admin = await e2e.signedIn();

    // The action template, as an admin saves one from the actions form.
    await e2e.open(admin, '/actions/create');
    const form = admin.getByRole('dialog', { name: 'New Action' });
    await form.getByLabel('Title', { exact: true }).fill(title);
    await choose(form, 'Recipients', `${staff.firstname} ${staff.lastname}`);
    await form.getByRole('button', { name: 'Save as template' }).click();
    await toast(admin, 'Template saved').waitFor();

    // The trigger: a Flic button, external, at most one push a minute, running that template.
    await e2e.open(admin, '/automation/triggers/create');
    const card = admin.getByRole('dialog', { name: 'Add Trigger' });
    await card.getByRole('textbox', { name: 'Name' }).fill(triggerName);
    await card.getByRole('combobox', { name: 'Type' }).selectOption('flic-button');
    await card.getByRole('combobox', { name: 'Kind' }).selectOption('action-template');
    await card.getByRole('searchbox', { name: 'Search templates' }).fill(title);
    await card.getByRole('list', { name: 'Matching templates' }).getByRole('button', { name: `Add (${title})` }).click();
    await card.getByRole('list', { name: 'Workflow', exact: true }).getByText(title, { exact: true }).waitFor();
    // Amplify's switches: the label takes the click.
    await card.getByText('External (webhook)', { exact: true }).click();
    await card.getByText('Throttling', { exact: true }).click();
    expect(await card.getByRole('switch', { name: 'External (webhook)' }).isChecked()).toBe(true);
    await card.getByRole('combobox', { name: 'Min. Time Between Pushes' }).selectOption('60');
    await card.getByRole('button', { name: 'Save' }).click();
    await toast(admin, 'Trigger created').waitFor();

    const edit = admin.getByRole('dialog', { name: 'Edit Trigger' });
    const url = await edit.getByRole('textbox', { name: 'Webhook URL' }).inputValue();
    const secret = await edit.getByRole('textbox', { name: 'Secret' }).inputValue();
    expect(await edit.locator('.webhook__code').textContent()).toBe(`curl -X POST -H 'x-webhook-secret: ${secret}' ${url}`);

    // What the curl example (or a Flic hub's internet request) sends.
    const press = () =>
      fetch(url, { method: 'POST', headers: { 'x-webhook-secret': secret, 'content-type': 'application/json' }, body: '{"button":"flic-1","click":"single"}' });
    const first = await press();
    expect(first.status).toBe(202);
    expect(((await first.json()) as { outcome: string }).outcome).toBe('fired');

    // The action reaches the staff member's watch, who accepts.
    const prompt = watch.getByRole('button', { name: new RegExp(title) });
    await prompt.waitFor({ timeout: 20_000 });
    await prompt.click();
    await watch.getByRole('button', { name: 'Accept' }).click();
    await watch.getByRole('status').filter({ hasText: 'Accepted' }).waitFor({ timeout: 15_000 });

    // The trigger's card (polling while open): the firing, who accepted first and how fast, the response time.
    const firings = edit.getByRole('table', { name: 'Recent firings' });
    const fired = firings.getByRole('row').filter({ hasText: 'Webhook' }).filter({ hasText: 'Fired' });
    await fired.filter({ hasText: `${staff.firstname} ${staff.lastname} after` }).waitFor({ timeout: 20_000 });
    const responseTime = edit.getByRole('group', { name: 'Response time (last 7 days)' });
    await responseTime.getByText('Median').waitFor();
    expect(await responseTime.getByText('Accepted firings').locator('xpath=..').textContent()).toContain('1');

    // A second push inside the minute: answered 429 with the seconds left, recorded as throttled.
    const second = await press();
    expect(second.status).toBe(429);
    const retryAfter = Number(second.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await firings.getByRole('row').filter({ hasText: 'Throttled' }).waitFor({ timeout: 10_000 });
    expect(await fired.count()).toBe(1);
  });
});
