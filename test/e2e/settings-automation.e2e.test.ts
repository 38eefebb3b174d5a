import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AutomationSettings, TriggerGroupDto, TriggerWithSecretDto } from '@portal/shared/automation/automation.schema';
import { WEBHOOK_HEADERS } from '@portal/shared/automation/webhook-signature';
import type { NotificationPage } from '@portal/shared/notifications/notification.schema';
import type { OrganizationSummary } from '@portal/shared/organizations/organizations.schema';
import type { WatchSettings } from '@portal/shared/settings/watch-settings.schema';
import { tag, toast, useE2e } from '../support/e2e-fixture.ts';
import { call, idToken } from '../support/seed-users.ts';
import { tabTo } from '../support/keyboard.ts';

/**
 * Issue 16's settings pages with the keyboard alone: /settings/automation (throttle defaults,
 * trigger menus and the groups that may be menus), /settings/watch (decision 0038) and the time
 * zone on /settings/general, which goes back to the stored zone when the call fails (spec 001 §4).
 * What the pages say is checked against what the API stored.
 */

/** Moves a focused native select down `steps` options with the arrow key. */
async function arrowDown(page: Page, steps: number): Promise<void> {
  for (let step = 0; step < steps; step += 1) await page.keyboard.press('ArrowDown');
}

const errorToast = (page: Page, text: string): Locator => page.getByRole('alert').filter({ hasText: text });

describe('settings of automation, watches and the time zone', () => {
  const e2e = useE2e();
  const api = async <T,>(method: string, path: string, body?: unknown) =>
    call<T>(e2e.url(), await idToken(e2e.url(), e2e.admin.email, e2e.admin.password), method, `/organizations/${e2e.orgId}${path}`, body);

  it('an admin sets the throttle defaults and the trigger menus, keyboard only', { timeout: 120_000 }, async () => {
    const name = `Watch menu ${tag(4)}`;
    const group = await api<TriggerGroupDto>('POST', '/trigger-groups', { name, description: 'Help buttons for the floor', type: 'user-app', trigger_ids: [] });
    const before = await api<AutomationSettings>('GET', '/settings/automation');
    expect(before.throttle_enabled).toBe(false);

    const page = await e2e.signedIn();
    await e2e.open(page, '/settings/automation');
    await page.getByRole('heading', { name: 'Throttling of new triggers' }).waitFor();
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);

    await tabTo(page, page.getByRole('switch', { name: 'Throttle new triggers' }));
    await page.keyboard.press('Space');
    const seconds = page.getByRole('combobox', { name: 'Min. Time Between Pushes' });
    await tabTo(page, seconds);
    await arrowDown(page, 30);
    expect(await seconds.inputValue()).toBe('30');
    await tabTo(page, page.getByRole('switch', { name: 'Trigger menus on' }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('checkbox', { name }));
    await page.keyboard.press('Space');
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await toast(page, 'Automation settings saved').waitFor();

    const stored = await api<AutomationSettings>('GET', '/settings/automation');
    expect(stored).toEqual({
      throttle_enabled: true,
      throttle_threshold: 30,
      is_trigger_menus_enabled: true,
      trigger_menus_trigger_group_ids: [...before.trigger_menus_trigger_group_ids, group.id],
    });
    // The page shows what was stored after a reload, and Save is off again.
    await page.reload();
    await page.getByRole('heading', { name: 'Throttling of new triggers' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Min. Time Between Pushes' }).inputValue()).toBe('30');
    expect(await page.getByRole('checkbox', { name }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await page.close();
  });

  it('an admin sets vibration, time on screen and quiet hours for the watches, keyboard only', { timeout: 120_000 }, async () => {
    const page = await e2e.signedIn();
    await e2e.open(page, '/settings/watch');
    await page.getByRole('heading', { name: 'Quiet hours' }).waitFor();

    // Notifications: short → long (the options are none, short, long, double).
    const notifications = page.getByRole('combobox', { name: 'Notifications' });
    await tabTo(page, notifications);
    await arrowDown(page, 1);
    expect(await notifications.inputValue()).toBe('long');
    const onScreen = page.getByRole('spinbutton', { name: 'Time on screen (seconds)' });
    await tabTo(page, onScreen);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('200');
    // The field's error shows once the field is left (spec 000 §8), and Save stays off.
    await page.keyboard.press('Tab');
    await page.getByText('Time on screen must be 5 to 120 seconds').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('30');
    await page.getByText('Time on screen must be 5 to 120 seconds').waitFor({ state: 'detached' });
    await tabTo(page, page.getByRole('switch', { name: 'Quiet hours on' }));
    await page.keyboard.press('Space');
    // From 22:00 to 21:00, then Until 06:00 to 07:00.
    const fromHour = page.getByRole('combobox', { name: 'From: hour' });
    await tabTo(page, fromHour);
    await page.keyboard.press('ArrowUp');
    const untilHour = page.getByRole('combobox', { name: 'Until: hour' });
    await tabTo(page, untilHour);
    await page.keyboard.press('ArrowDown');
    await tabTo(page, page.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await toast(page, 'Watch settings saved').waitFor();

    expect(await api<WatchSettings>('GET', '/settings/watch')).toEqual({
      vibration: { notification: 'long', action: 'double', task: 'short' },
      display_seconds: 30,
      quiet_hours: { enabled: true, start: '21:00', end: '07:00' },
    });
    await page.close();
  });

  it('a superadmin changes the time zone; a failed call puts the stored zone back and says so', { timeout: 120_000 }, async () => {
    const storedZone = async () => (await call<OrganizationSummary[]>(e2e.url(), await idToken(e2e.url(), e2e.admin.email, e2e.admin.password), 'GET', '/organizations'))[0]!.time_zone;
    expect(await storedZone()).toBe('Europe/Berlin');
    const page = await e2e.signedIn();
    await e2e.open(page, '/settings/general');
    await page.getByRole('heading', { name: 'Time zone', exact: true }).waitFor();
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    const save = page.getByRole('button', { name: 'Save time zone' });
    expect(await zone.inputValue()).toBe('Europe/Berlin');
    expect(await save.isDisabled()).toBe(true);

    // Europe/Berlin → the next zone down the list, saved.
    await tabTo(page, zone);
    await arrowDown(page, 1);
    const next = await zone.inputValue();
    expect(next).not.toBe('Europe/Berlin');
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await toast(page, `Time zone set to ${next}`).waitFor();
    expect(await storedZone()).toBe(next);
    expect(await save.isDisabled()).toBe(true);

    // The call fails (500): the toast says so and the select shows the stored zone again.
    await page.route('**/time-zone', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal server error', code: 'http.internal' }) }));
    await tabTo(page, zone);
    await arrowDown(page, 1);
    const refused = await zone.inputValue();
    expect(refused).not.toBe(next);
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await errorToast(page, 'Failed to update time zone').waitFor();
    await expect.poll(() => zone.inputValue()).toBe(next);
    expect(await save.isDisabled()).toBe(true);

    // A refusal of the zone itself names the reason.
    await page.unroute('**/time-zone');
    await page.route('**/time-zone', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'Time zone not found', code: 'timeZone.notFound' }) }),
    );
    await tabTo(page, zone);
    await arrowDown(page, 1);
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await errorToast(page, 'Failed to update time zone: Time zone not found').waitFor();
    await expect.poll(() => zone.inputValue()).toBe(next);
    expect(await storedZone()).toBe(next);
    await page.close();
  });

  it("the notifications list names the trigger that sent an item (meta.trigger_id)", { timeout: 120_000 }, async () => {
    const name = `Bottle return ${tag(4)}`;
    const content = { title: { text: `Help needed ${tag(4)}` }, body: { text: 'Please come to the bottle return' } };
    const template = await api<{ id: string }>('POST', '/notification-templates', {
      title: content.title.text,
      notification: { content, recipient_groups: [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }] },
    });
    const trigger = await api<TriggerWithSecretDto>('POST', '/triggers', {
      name,
      type: 'flic-button',
      workflows: [{ id: template.id, type: 'notification-template' }],
      metadata: { is_external: true },
    });
    const fired = await fetch(e2e.url(`/api/hooks/${e2e.orgId}/${trigger.id}`), { method: 'POST', headers: { [WEBHOOK_HEADERS.secret]: trigger.secret! } });
    expect(fired.status).toBe(202);
    await expect
      .poll(async () => (await api<NotificationPage>('GET', '/notifications?tab=sent')).items.some((item) => item.meta.trigger_id === trigger.id), { timeout: 30_000 })
      .toBe(true);

    const page = await e2e.signedIn();
    await e2e.open(page, '/notifications');
    const row = page.getByRole('list', { name: 'Sent notifications' }).getByRole('listitem').filter({ hasText: content.title.text });
    await row.getByText(`Trigger: ${name}`).waitFor();
    await page.close();
  });
});
