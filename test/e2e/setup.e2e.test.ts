import { connectAsync } from 'mqtt';
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '@portal/shared/constants';
import { pathOf as path, tag, toast, useE2e } from '../support/e2e-fixture.ts';

const capitalised = (day: string) => day[0]!.toUpperCase() + day.slice(1);

describe('setup in Chromium: users, groups, devices and tablet settings (issue 4)', () => {
  const e2e = useE2e();
  const { open, orgPath } = e2e;

  /** Registers a device through the form and returns the credentials card. */
  async function registerDevice(page: Page, serial: string, type?: string): Promise<Locator> {
    await open(page, '/devices');
    await page.getByRole('link', { name: 'Add Device' }).click();
    await page.waitForURL(`**${orgPath('/devices/create')}`);
    const card = page.getByRole('dialog', { name: 'Add Device' });
    await card.getByLabel('Serial number').fill(serial);
    if (type) await card.getByLabel('Type', { exact: true }).selectOption(type);
    await card.getByRole('button', { name: 'Register' }).click();
    const registered = page.getByRole('dialog', { name: 'Device registered' });
    await registered.waitFor();
    return registered;
  }

  it('adds a user, finds them with the search, and renames them', async () => {
    const page = await e2e.signedIn();
    const id = tag();
    const lastname = `Lovelace${id}`;
    const email = `ada-${id}@e2e.local`;

    await open(page, '/users');
    const tabs = page.getByRole('navigation', { name: 'User sections' });
    await tabs.getByRole('link', { name: 'Access Levels' }).waitFor();
    expect(await tabs.getByRole('link').allTextContents()).toEqual(['Users', 'Device Specific', 'Groups', 'Access Levels']);
    expect(await tabs.getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');

    await page.getByRole('link', { name: 'Add User' }).click();
    await page.waitForURL(`**${orgPath('/users/create')}`);
    const card = page.getByRole('dialog', { name: 'Add User' });
    const save = card.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);

    // The spec's messages, shown once a field was visited.
    await card.getByLabel('First name').focus();
    await card.getByLabel('Last name').focus();
    await card.getByText('First Name is required').waitFor();
    await card.getByLabel('Email').fill('not-an-email');
    await card.getByLabel('Email').blur();
    await card.getByText('Invalid email address').waitFor();
    expect(await save.isDisabled()).toBe(true);

    await card.getByLabel('First name').fill('Ada');
    await card.getByLabel('Last name').fill(lastname);
    await card.getByLabel('Email').fill(email);
    expect(await card.getByLabel('Type').inputValue()).toBe('normal');
    await card.getByLabel('Access level').selectOption({ label: 'Assistant' });
    await card.getByLabel('Password', { exact: true }).fill('Ada-pass-1!');
    // Digits only, at most four.
    await card.getByLabel('PIN').pressSequentially('12a345');
    expect(await card.getByLabel('PIN').inputValue()).toBe('1234');
    // Trigger menus are off for the demo organisation.
    expect(await card.getByLabel('Trigger menu').isDisabled()).toBe(true);
    await save.click();
    await toast(page, 'User added').waitFor();
    await card.waitFor({ state: 'detached', timeout: 5_000 });
    expect(path(page)).toBe(orgPath('/users'));

    // The header search: debounced into ?filter=, answered by the server.
    await page.getByRole('searchbox', { name: 'Search' }).fill(lastname);
    await page.waitForURL((url) => url.searchParams.get('filter') === lastname);
    const row = page.getByRole('link', { name: `Ada ${lastname}` });
    await row.waitFor();
    // Header row and Ada: the other users are filtered out.
    await expect.poll(() => page.getByRole('table', { name: 'Users' }).getByRole('row').count()).toBe(2);
    await page.getByRole('cell', { name: 'Assistant' }).waitFor();

    await row.click();
    await page.waitForURL(/\/users\/[^/]+\/edit\?filter=/);
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('First name').waitFor();
    expect(await edit.getByLabel('Email').inputValue()).toBe(email);
    expect(await edit.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await edit.getByLabel('First name').fill('Augusta');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'User saved').waitFor();
    await edit.waitFor({ state: 'detached', timeout: 5_000 });
    await page.getByRole('link', { name: `Augusta ${lastname}` }).waitFor();
    expect(new URL(page.url()).searchParams.get('filter')).toBe(lastname);

    // The new user can sign in (the sign-in identity was created with the user).
    await e2e.signedIn({ email, password: 'Ada-pass-1!' });
  });

  it('adds a group with a colour and a member; the everyone group comes first', async () => {
    const page = await e2e.signedIn();
    const id = tag();
    await open(page, '/users/user-groups');
    await page.getByRole('link', { name: 'Add Group' }).click();
    await page.waitForURL(`**${orgPath('/users/user-groups/create')}`);
    const card = page.getByRole('dialog', { name: 'Add Group' });
    await card.getByLabel('Name').fill(`Night shift ${id}`);
    const colors = card.getByRole('radiogroup', { name: 'Color' });
    expect(await colors.getByRole('radio').count()).toBe(22);
    await colors.getByRole('radio', { name: '#1E88E5' }).check();
    await card.getByLabel('Find users').fill('Demo');
    await card.getByText(`Demo Admin (${e2e.admin.email})`).click();
    await card.getByText('1 user selected').waitFor();
    await card.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Group added').waitFor();
    await card.waitFor({ state: 'detached', timeout: 5_000 });

    const table = page.getByRole('table', { name: 'Groups' });
    await table.getByRole('link', { name: `Night shift ${id}` }).waitFor();
    const names = await table.getByRole('row').evaluateAll((rows) => rows.slice(1).map((r) => r.querySelectorAll('td')[1]?.textContent));
    expect(names[0]).toBe('Everyone');
    expect(await table.getByRole('row', { name: `Night shift ${id}` }).getByText('#1E88E5').count()).toBe(1);

    // The everyone group keeps its name and cannot be deleted.
    await table.getByRole('link', { name: 'Everyone' }).click();
    const everyone = page.getByRole('dialog', { name: 'Edit Group' });
    await everyone.getByLabel('Name').waitFor();
    expect(await everyone.getByLabel('Name').getAttribute('readonly')).not.toBeNull();
    expect(await everyone.getByRole('button', { name: 'Delete group' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await everyone.waitFor({ state: 'detached' });

    // Other groups are deleted after a confirmation.
    await table.getByRole('link', { name: `Night shift ${id}` }).click();
    const night = page.getByRole('dialog', { name: 'Edit Group' });
    expect(await night.getByRole('radio', { name: '#1E88E5' }).isChecked()).toBe(true);
    await night.getByText('1 user selected').waitFor();
    await night.getByRole('button', { name: 'Delete group' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete group' });
    await confirm.getByText(`Do you really wish to delete the group Night shift ${id}?`).waitFor();
    await confirm.getByRole('button', { name: 'Delete group' }).click();
    await toast(page, 'Group deleted').waitFor();
    await night.waitFor({ state: 'detached' });
    await table.getByRole('link', { name: `Night shift ${id}` }).waitFor({ state: 'detached' });
  });

  it('registers a watch and shows its credentials once', async () => {
    const page = await e2e.signedIn();
    const serial = `WATCH-${tag()}`;
    await open(page, '/devices/create');
    const form = page.getByRole('dialog', { name: 'Add Device' });
    expect(await form.getByLabel('Type', { exact: true }).inputValue()).toBe('wear_os');
    // Protocol and IoT id are for developer mode only.
    expect(await form.getByLabel('Protocol').count()).toBe(0);
    await form.getByLabel('Name').fill('Reception watch');
    await form.getByLabel('Name').blur();
    await form.getByLabel('Serial number').focus();
    await form.getByLabel('Serial number').blur();
    await form.getByText('Serial number is required').waitFor();

    const card = await registerDevice(page, serial);
    await card.getByText('The token is shown only once').waitFor();
    const token = await card.getByLabel('Token').inputValue();
    expect(token.length).toBeGreaterThan(20);
    const clientId = await card.getByLabel('Client ID').inputValue();
    expect(clientId).toMatch(/^d[0-9a-z]+$/);
    const username = await card.getByLabel('Username').inputValue();
    expect(username).not.toBe('');
    await card.getByRole('button', { name: 'Copy token' }).waitFor();
    await card.getByRole('button', { name: 'Done' }).click();
    await card.waitFor({ state: 'detached' });

    const row = () => page.getByRole('row', { name: new RegExp(serial) });
    await row().getByRole('cell', { name: 'Wear OS watch' }).waitFor();
    // Presence (issue 13): offline and never seen, online while the watch is connected, then last seen.
    await row().getByRole('cell', { name: 'Offline' }).waitFor();
    await row().getByRole('cell', { name: 'Never' }).waitFor();
    // The list after a reload, once its rows are there.
    const statusAfterReload = async () => {
      await page.reload();
      await row().waitFor();
      return row().getByRole('cell', { name: /^(Online|Offline)$/ }).textContent();
    };
    const watch = await connectAsync(e2e.url('/mqtt').replace(/^http/, 'ws'), { clientId, username, password: token, reconnectPeriod: 0 });
    await expect.poll(statusAfterReload, { timeout: 30_000 }).toBe('Online');
    await row().getByRole('cell', { name: 'Now' }).waitFor();
    await watch.endAsync();
    await expect.poll(statusAfterReload, { timeout: 30_000 }).toBe('Offline');
    expect(await row().getByRole('cell', { name: /^(Never|Now)$/ }).count()).toBe(0);
    // Opened again: no token any more; developer mode shows protocol and the IoT id.
    await page.goto(`${page.url()}?developer-mode=true`);
    await row().getByRole('link', { name: serial }).click();
    const edit = page.getByRole('dialog', { name: `Edit Device ${serial}` });
    expect(await edit.getByLabel('Protocol').inputValue()).toBe('MQTT');
    expect(await edit.getByLabel('IoT hub id').inputValue()).toMatch(/^d[0-9a-z]+$/);
    await edit.getByRole('button', { name: 'Copy IoT hub id' }).waitFor();
    expect(await edit.getByText(token).count()).toBe(0);
  });

  it('sets a tablet’s schedule, refusing an end before the start', async () => {
    const page = await e2e.signedIn();
    const serial = `TAB-${tag()}`;
    const registered = await registerDevice(page, serial, 'android_tablet');
    await registered.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('link', { name: `Tablet settings of ${serial}` }).click();
    await page.waitForURL(/\/devices\/tablet\/[^/]+\/edit$/);
    const card = page.getByRole('dialog', { name: `Tablet settings ${serial}` });
    await card.getByRole('radiogroup', { name: 'Show screen' }).waitFor();
    expect(await card.getByRole('radio', { name: 'On' }).isChecked()).toBe(true);
    const save = card.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);

    await card.getByText('Schedule', { exact: true }).click();
    for (const day of WEEKDAYS) {
      const name = capitalised(day);
      expect(await card.getByLabel(`${name} start hour`).inputValue()).toBe('8');
      expect(await card.getByLabel(`${name} start minute`).inputValue()).toBe('0');
      expect(await card.getByLabel(`${name} end hour`).inputValue()).toBe('20');
      expect(await card.getByLabel(`${name} end minute`).inputValue()).toBe('0');
    }

    await card.getByLabel('Tuesday end hour').selectOption('7');
    const error = card.getByRole('alert').filter({ hasText: 'start time must be before end time' });
    await error.waitFor();
    expect(await error.count()).toBe(1);
    expect(await save.isDisabled()).toBe(true);

    await card.getByLabel('Tuesday end hour').selectOption('21');
    await error.waitFor({ state: 'detached' });
    await card.getByLabel('Tuesday end minute').selectOption('30');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await toast(page, 'Tablet settings saved').waitFor();
    await card.waitFor({ state: 'detached', timeout: 5_000 });
    expect(path(page)).toBe(orgPath('/devices'));

    // Stored: opened again, the schedule is there; Off clears it.
    await page.getByRole('link', { name: `Tablet settings of ${serial}` }).click();
    const again = page.getByRole('dialog', { name: `Tablet settings ${serial}` });
    await again.getByLabel('Tuesday end hour').waitFor();
    expect(await again.getByRole('radio', { name: 'Schedule' }).isChecked()).toBe(true);
    expect(await again.getByLabel('Tuesday end hour').inputValue()).toBe('21');
    expect(await again.getByLabel('Tuesday end minute').inputValue()).toBe('30');
    expect(await again.getByLabel('Monday end hour').inputValue()).toBe('20');
    await again.getByText('Off', { exact: true }).click();
    expect(await again.getByLabel('Monday end hour').count()).toBe(0);
  });

  it('adds a design template from a JSON file and offers it to tablets', async () => {
    const page = await e2e.signedIn();
    const name = `Lobby ${tag()}`;
    await open(page, '/settings/tablet');
    await page.getByRole('link', { name: 'Add Template' }).click();
    await page.waitForURL(`**${orgPath('/settings/tablet/templates/create')}`);
    const card = page.getByRole('dialog', { name: 'Add Design Template' });
    await card.getByText('A name and a settings file are needed to save').waitFor();
    const save = card.getByRole('button', { name: 'Save' });
    await card.getByLabel('Name').fill(name);
    expect(await save.isDisabled()).toBe(true);

    // A file without design_settings is only logged.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await card.getByLabel('Settings file').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"nope": 1}') });
    await expect.poll(() => errors.some((text) => text.includes('bad.json'))).toBe(true);
    expect(await save.isDisabled()).toBe(true);

    const file = { version: 1, design_settings: { background: '#003366', logo: 'lobby.png' } };
    await card.getByLabel('Settings file').setInputFiles({ name: 'lobby.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await card.getByText('Loaded from lobby.json').waitFor();
    await save.click();
    await toast(page, 'Template added').waitFor();
    await card.waitFor({ state: 'detached', timeout: 5_000 });

    // Developer mode adds the inspect link: the stored design_settings as JSON.
    await page.goto(`${e2e.url(orgPath('/settings/tablet'))}?developer-mode=true`);
    await page.getByRole('link', { name: `Inspect ${name}` }).click();
    const inspect = page.getByRole('dialog', { name: 'Design template (JSON)' });
    await inspect.getByText('"background": "#003366"').waitFor();
    await page.keyboard.press('Escape');
    await inspect.waitFor({ state: 'detached' });

    // A failed delete shows an error toast; the template stays.
    const failDelete = (route: Route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, json: { message: 'boom' } }) : route.fallback();
    await page.route('**/tablet-templates/*', failDelete);
    await page.getByRole('link', { name: `Delete ${name}` }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Design Template' });
    await remove.getByText(`Do you really wish to delete the template ${name}?`).waitFor();
    await remove.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alert').filter({ hasText: 'The template could not be deleted' }).waitFor();
    await page.unroute('**/tablet-templates/*', failDelete);
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await remove.waitFor({ state: 'detached' });

    const registered = await registerDevice(page, `TAB-${tag()}`, 'android_tablet');
    await registered.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('link', { name: /^Tablet settings of TAB-/ }).last().click();
    const tablet = page.getByRole('dialog', { name: /^Tablet settings TAB-/ });
    await tablet.getByLabel('Design template').selectOption({ label: name });
    await tablet.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Tablet settings saved').waitFor();
  });

  it('sends unknown ids back to their lists', async () => {
    const page = await e2e.signedIn();
    const listOf: Record<string, string> = {
      '/users/no-such-user/edit': '/users',
      '/users/devices/no-such-user/edit': '/users/devices',
      '/users/user-groups/no-such-group/edit': '/users/user-groups',
      '/devices/no-such-device/edit': '/devices',
      '/devices/tablet/no-such-device/edit': '/devices',
      '/settings/tablet/templates/no-such-template/edit': '/settings/tablet',
    };
    for (const [route, list] of Object.entries(listOf)) {
      await open(page, route);
      await page.waitForURL((url) => url.pathname === orgPath(list));
    }
    await page.getByRole('link', { name: 'Add Template' }).waitFor();
  });
});
