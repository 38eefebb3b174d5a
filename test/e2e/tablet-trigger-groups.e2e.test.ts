import { beforeAll, describe, expect, it } from 'vitest';
import type { TriggerGroupDto } from '@portal/shared/automation/automation.schema';
import type { RegisteredDevice } from '@portal/shared/devices/device.schema';
import type { GeneralSettingsResponse } from '@portal/shared/settings/general-settings.schema';
import { DEMO_KIOSK_GROUP } from '../../infra/local/seed-automation.ts';
import { axeViolations } from '../support/axe.ts';
import { tag, toast, uniqueEmail, useE2e, type Credentials } from '../support/e2e-fixture.ts';
import { arrowToOption, tabTo } from '../support/keyboard.ts';
import { call, idToken } from '../support/seed-users.ts';

/**
 * Issue 16, decision 0044: an admin (not a superadmin, who alone changes general settings) maps a
 * kiosk tablet to the demo's kiosk trigger group on /settings/tablet with the keyboard alone and
 * saves; the API has the map, and the page shows it again after a reload.
 */
describe("the tablets' trigger groups on /settings/tablet", () => {
  const e2e = useE2e();
  const admin: Credentials = { email: uniqueEmail('tablet-admin'), password: 'Tablet-Admin-1!' };
  const tabletName = `Bottle return ${tag(4)}`;
  let superToken: string;
  let tablet: RegisteredDevice['device'];
  let kiosk: TriggerGroupDto;
  const api = <T,>(method: string, path: string, body?: unknown, token = superToken) => call<T>(e2e.url(), token, method, `/organizations/${e2e.orgId}${path}`, body);

  beforeAll(async () => {
    superToken = await idToken(e2e.url(), e2e.admin.email, e2e.admin.password);
    ({ device: tablet } = await api<RegisteredDevice>('POST', '/devices', { device_id: `KIOSK-${tag(6)}`, type: 'android_tablet', name: tabletName }));
    await api('POST', '/users', { firstname: 'Tara', lastname: 'Admin', email: admin.email, password: admin.password, access_level: 'admin' });
    kiosk = (await api<{ items: TriggerGroupDto[] }>('GET', '/trigger-groups')).items.find((group) => group.name === DEMO_KIOSK_GROUP)!;
    expect(kiosk).toBeDefined();
  });

  it('an admin maps a tablet to the kiosk group and saves, keyboard only', { timeout: 120_000 }, async () => {
    const page = await e2e.signedIn(admin);
    await e2e.open(page, '/settings/tablet');
    const section = page.getByRole('form', { name: 'Trigger groups of tablets' });
    // The tablet's row: its name, its serial number and its trigger group.
    const row = section.getByRole('row').filter({ hasText: tablet.device_id });
    const select = row.getByRole('combobox', { name: `Trigger group of ${tabletName}` });
    await select.waitFor();
    expect(await row.getByRole('cell').first().textContent()).toBe(tabletName);
    expect(await select.inputValue()).toBe('');
    const save = section.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await tabTo(page, select);
    await arrowToOption(page, select, DEMO_KIOSK_GROUP);
    expect(await select.inputValue()).toBe(kiosk.id);
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await toast(page, 'Trigger groups of tablets saved').waitFor();

    const { general } = await api<GeneralSettingsResponse>('GET', '/settings/general');
    expect(general.tablet.trigger_group_map).toContainEqual({ device_id: tablet.id, trigger_group_id: kiosk.id });

    await page.reload();
    await select.waitFor();
    expect(await select.inputValue()).toBe(kiosk.id);
    expect(await section.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await page.close();
  });
});
