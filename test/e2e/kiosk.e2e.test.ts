import { describe, expect, it } from 'vitest';
import type { FiringsDto, TriggerDto, TriggerGroupDto } from '@portal/shared/automation/automation.schema';
import type { RegisteredDevice } from '@portal/shared/devices/device.schema';
import type { GeneralSettingsResponse } from '@portal/shared/settings/general-settings.schema';
import { DEMO_KIOSK_GROUP } from '../../infra/local/seed-automation.ts';
import { axeViolations } from '../support/axe.ts';
import { tag, uniqueEmail, useE2e, watchOf } from '../support/e2e-fixture.ts';
import { call, idToken } from '../support/seed-users.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * Issue 16: the kiosk emulator (/kiosk, decision 0043) is a tablet. Registered through the API, it
 * connects with its own credentials and no sign-in, says it has no trigger group, shows the demo's
 * kiosk group as buttons once general settings map it (the config is republished: no reload), and a
 * press fires the trigger at that position, recorded as a button press of this tablet. The watch
 * emulator shows a person's trigger menu and fires from it on the person's own events topic, and a
 * new message names the organisation's vibration for display_seconds.
 */
describe('kiosk emulator', () => {
  const e2e = useE2e();

  it('shows the mapped trigger group of a tablet and fires a trigger from it', { timeout: 120_000 }, async () => {
    const orgId = e2e.orgId;
    const token = await idToken(e2e.url(), e2e.admin.email, e2e.admin.password);
    const api = <T>(method: string, path: string, body?: unknown) => call<T>(e2e.url(), token, method, `/organizations/${orgId}${path}`, body);
    const { device, credentials } = await api<RegisteredDevice>('POST', '/devices', { device_id: `KIOSK-${tag(6)}`, type: 'android_tablet', name: 'Entrance kiosk' });

    const page = await e2e.newPage();
    await page.goto(e2e.url('/kiosk'));
    const form = page.getByRole('form', { name: 'Connect as a tablet' });
    await form.getByRole('button', { name: 'Connect' }).click();
    await form.getByText('Token is required').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await form.getByLabel('Organization ID').fill(orgId);
    await form.getByLabel('Client ID').fill(credentials.client_id);
    await form.getByLabel('Username').fill(credentials.username);
    await form.getByLabel('Token').fill(credentials.token);
    await form.getByRole('button', { name: 'Connect' }).click();

    const screen = page.getByRole('region', { name: 'Kiosk screen' });
    await screen.getByRole('status').filter({ hasText: 'Connected' }).waitFor({ timeout: 20_000 });
    await screen.getByText(`Tablet ${device.device_id}`).waitFor();
    await screen.getByRole('heading', { name: 'No trigger group' }).waitFor();

    const groups = await api<{ items: TriggerGroupDto[] }>('GET', '/trigger-groups');
    const group = groups.items.find((g) => g.name === DEMO_KIOSK_GROUP)!;
    const triggers = await api<{ items: TriggerDto[] }>('GET', '/triggers');
    const names = group.trigger_ids.map((id) => triggers.items.find((t) => t.id === id)!.name);
    expect(names.length).toBeGreaterThanOrEqual(2);
    const { general } = await api<GeneralSettingsResponse>('GET', '/settings/general');
    const map = [...general.tablet.trigger_group_map, { device_id: device.id, trigger_group_id: group.id }];
    await api('PATCH', '/settings/general', { general: { tablet: { trigger_group_map: map } } });

    const buttons = screen.getByRole('list', { name: DEMO_KIOSK_GROUP }).getByRole('button');
    await buttons.first().waitFor({ timeout: 15_000 });
    expect(await buttons.allTextContents()).toEqual(names);

    // The second button: the portal maps it through the tablet's group to its second trigger.
    await buttons.nth(1).click();
    await screen.getByRole('status').filter({ hasText: `Sent: ${names[1]}` }).waitFor();
    // The connected screen is a state the route walk (which sees the form) cannot reach.
    expect(await axeViolations(page)).toEqual([]);
    const firings = await waitFor(
      () => api<FiringsDto>('GET', `/triggers/${group.trigger_ids[1]}/firings`),
      (answer) => answer.items.some((firing) => firing.device_id === device.id),
      `a firing of ${names[1]} by the tablet`,
      15_000,
    );
    expect(firings.items.find((firing) => firing.device_id === device.id)).toMatchObject({ source: 'button', outcome: 'fired' });

    // Disconnect goes back to the form; nothing of the credentials is kept.
    await screen.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByLabel('Token').inputValue()).resolves.toBe('');
  });

  it('the watch emulator shows the user’s trigger menu and fires a trigger from it', { timeout: 120_000 }, async () => {
    const orgId = e2e.orgId;
    const token = await idToken(e2e.url(), e2e.admin.email, e2e.admin.password);
    const api = <T>(method: string, path: string, body?: unknown) => call<T>(e2e.url(), token, method, `/organizations/${orgId}${path}`, body);
    const groups = await api<{ items: TriggerGroupDto[] }>('GET', '/trigger-groups');
    const group = groups.items.find((g) => g.name === DEMO_KIOSK_GROUP)!;
    const triggers = await api<{ items: TriggerDto[] }>('GET', '/triggers');
    const names = group.trigger_ids.map((id) => triggers.items.find((t) => t.id === id)!.name);
    await api('PATCH', '/settings/general', { general: { is_trigger_menus_enabled: true, trigger_menus_trigger_group_ids: [group.id] } });
    const watchSettings = { vibration: { notification: 'long', action: 'double', task: 'short' }, display_seconds: 5, quiet_hours: { enabled: false, start: '22:00', end: '06:00' } };
    await api('PUT', '/settings/watch', watchSettings);
    const staff = { email: uniqueEmail('menu'), password: 'Menu-Pass-1!' };
    const user = await api<{ id: string }>('POST', '/users', {
      firstname: 'Mia',
      lastname: 'Menu',
      ...staff,
      access_level: 'employee',
      trigger_menus_default_trigger_group_id: group.id,
    });

    const watch = await watchOf(e2e, staff);
    const menu = watch.page().getByRole('region', { name: 'Trigger menu' });
    await menu.getByText(DEMO_KIOSK_GROUP).waitFor();
    const buttons = menu.getByRole('button');
    expect(await buttons.allTextContents()).toEqual(names);
    await buttons.first().click();
    await menu.getByRole('status').filter({ hasText: `Sent: ${names[0]}` }).waitFor();
    expect(await axeViolations(watch.page())).toEqual([]);
    const firings = await waitFor(
      () => api<FiringsDto>('GET', `/triggers/${group.trigger_ids[0]}/firings`),
      (answer) => answer.items.some((firing) => firing.user_id === user.id),
      `a firing of ${names[0]} from the menu`,
      15_000,
    );
    expect(firings.items.find((firing) => firing.user_id === user.id)).toMatchObject({ source: 'menu', device_id: null });

    // The organisation's watch settings: a new notification names its vibration while it is new (display_seconds).
    const content = { title: { text: `Menu ${tag(4)}` }, body: { text: 'Watch settings' } };
    await api('POST', '/notifications', { content, recipient_groups: [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }], config: { send: null, recurring: null } });
    const card = watch.getByRole('button', { name: new RegExp(content.title.text) });
    await card.getByText('Vibrates: long').waitFor({ timeout: 15_000 });
    await card.getByText('Vibrates: long').waitFor({ state: 'detached', timeout: 10_000 });
  });
});
