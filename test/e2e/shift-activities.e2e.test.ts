import { describe, expect, it } from 'vitest';
import type { ShiftActivityTypeDto } from '@portal/shared/shifts/shift.schema';
import { pathOf, tag, toast, useE2e } from '../support/e2e-fixture.ts';
import { call, idToken } from '../support/seed-users.ts';
import { tabTo } from '../support/keyboard.ts';

/**
 * Spec 001 §2, §3, §5 and issue 15: /settings/shift-planner lists the organisation's shift
 * activities; an admin adds one in the create overlay, edits it and deletes it, with the keyboard
 * alone. What the page says is checked against what the API stored.
 */

describe('shift activities in settings', () => {
  const e2e = useE2e();

  it('an admin creates an activity with a colour, edits it and deletes it, keyboard only', { timeout: 120_000 }, async () => {
    const name = `Cashier ${tag(4)}`;
    const token = await idToken(e2e.url(), e2e.admin.email, e2e.admin.password);
    const stored = async () =>
      (await call<{ items: ShiftActivityTypeDto[] }>(e2e.url(), token, 'GET', `/organizations/${e2e.orgId}/shift-activity-types`)).items.filter((activity) =>
        activity.name.startsWith(name),
      );
    const page = await e2e.signedIn();
    await e2e.open(page, '/settings/shift-planner');
    await page.getByRole('heading', { name: 'Shift activities' }).waitFor();

    // Create: the overlay at its own route; without a colour Save says why (spec 001 §5).
    await tabTo(page, page.getByRole('link', { name: 'Add Activity' }));
    await page.keyboard.press('Enter');
    const create = page.getByRole('dialog', { name: 'Add Shift Activity' });
    await create.waitFor();
    expect(pathOf(page)).toBe(e2e.orgPath('/settings/shift-planner/shift-activity/create'));
    await tabTo(page, create.getByRole('textbox', { name: 'Name' }));
    await page.keyboard.type(name);
    await create.getByText('Color is required').waitFor();
    expect(await create.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await tabTo(page, create.getByRole('radio', { name: '#E53935' }));
    await page.keyboard.press('Space');
    for (let step = 0; step < 9; step += 1) await page.keyboard.press('ArrowRight');
    expect(await create.getByRole('radio', { name: '#43A047' }).isChecked()).toBe(true);
    await create.getByText('Color is required').waitFor({ state: 'detached' });
    await tabTo(page, create.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await toast(page, 'Shift activity added').waitFor();
    await create.waitFor({ state: 'detached' });
    expect(await stored()).toEqual([{ id: expect.any(String), name, color: '#43A047' }]);

    // The list: the colour (a swatch, named for screen readers) and the name, a link to its edit overlay.
    const table = page.getByRole('table', { name: 'Shift activities' });
    const row = table.getByRole('row').filter({ hasText: name });
    expect((await row.getByRole('cell').allInnerTexts()).map((text) => text.trim())).toEqual(['#43A047', name]);

    // Edit: a new name and the next colour.
    await tabTo(page, table.getByRole('link', { name: `Edit ${name}` }));
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit Shift Activity' });
    await edit.waitFor();
    const [{ id }] = (await stored()) as [ShiftActivityTypeDto];
    expect(pathOf(page)).toBe(e2e.orgPath(`/settings/shift-planner/shift-activity/edit/${id}`));
    await tabTo(page, edit.getByRole('textbox', { name: 'Name' }));
    await page.keyboard.press('End');
    await page.keyboard.type(' (till)');
    await tabTo(page, edit.getByRole('radio', { name: '#43A047' }));
    await page.keyboard.press('ArrowRight');
    await tabTo(page, edit.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await toast(page, 'Shift activity saved').waitFor();
    await edit.waitFor({ state: 'detached' });
    expect(await stored()).toEqual([{ id, name: `${name} (till)`, color: '#7CB342' }]);
    const edited = table.getByRole('row').filter({ hasText: `${name} (till)` });
    expect((await edited.getByRole('cell').allInnerTexts()).map((text) => text.trim())).toEqual(['#7CB342', `${name} (till)`]);

    // Delete, after a confirm.
    await tabTo(page, table.getByRole('link', { name: `Edit ${name} (till)` }));
    await page.keyboard.press('Enter');
    await edit.waitFor();
    await tabTo(page, edit.getByRole('button', { name: 'Delete' }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Delete Shift Activity' });
    await confirm.waitFor();
    await tabTo(page, confirm.getByRole('button', { name: 'Delete' }));
    await page.keyboard.press('Enter');
    await toast(page, 'Shift activity deleted').waitFor();
    await edited.waitFor({ state: 'detached' });
    expect(await stored()).toEqual([]);
    expect(pathOf(page)).toBe(e2e.orgPath('/settings/shift-planner'));
    await page.close();
  });

  it('an unknown activity id goes back to the list', async () => {
    const page = await e2e.signedIn();
    await e2e.open(page, '/settings/shift-planner/shift-activity/edit/unknown-activity');
    await page.waitForURL((url) => url.pathname === e2e.orgPath('/settings/shift-planner'));
    await page.getByRole('heading', { name: 'Shift activities' }).waitFor();
    await page.close();
  });
});
