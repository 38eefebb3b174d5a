import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, fillSignIn, tag, useE2e } from '../support/e2e-fixture.ts';

describe('forms say why Save is off, and a start-up failure still offers sign-in', () => {
  const e2e = useE2e();

  it("shows 'Color is required' on a group without colour (spec 001 §5)", async () => {
    const page = await e2e.signedIn();
    await e2e.open(page, '/users/user-groups/create');
    const card = page.getByRole('dialog', { name: 'Add Group' });
    await card.getByLabel('Name').fill(`No colour ${tag()}`);
    const save = card.getByRole('button', { name: 'Save' });
    await card.getByText('Color is required').waitFor();
    expect(await save.isDisabled()).toBe(true);
    expect(await card.getByRole('radiogroup', { name: 'Color' }).getAttribute('aria-invalid')).toBe('true');

    await card.getByRole('radio', { name: '#1E88E5' }).check();
    await card.getByText('Color is required').waitFor({ state: 'detached' });
    expect(await save.isDisabled()).toBe(false);
    await page.context().close();
  });

  it('requires a trigger menu while trigger menus are on, with no "None" to choose (spec 001 §5)', async () => {
    const orgId = e2e.portal.demoOrgId;
    await e2e.portal.seed.setGeneral(orgId, { is_trigger_menus_enabled: true, trigger_menus_trigger_group_ids: ['tg-kiosk', 'tg-floor'] });
    try {
      const page = await e2e.signedIn();
      await e2e.open(page, '/users/create');
      const card = page.getByRole('dialog', { name: 'Add User' });
      await card.getByLabel('First name').fill('Menu');
      const menu = card.getByRole('combobox', { name: /Trigger menu/ });
      expect(await menu.locator('option').allTextContents()).toEqual(['Choose a trigger menu', 'tg-kiosk', 'tg-floor']);
      await card.getByText('Trigger menu is required').waitFor();
      await menu.selectOption('tg-floor');
      await card.getByText('Trigger menu is required').waitFor({ state: 'detached' });
      expect(await menu.locator('option').allTextContents()).toEqual(['tg-kiosk', 'tg-floor']);
      await page.context().close();
    } finally {
      await e2e.portal.seed.setGeneral(orgId, { is_trigger_menus_enabled: false });
    }
  });

  it('shows the sign-in form at once under a start-up failure, and signs in from it', async () => {
    const page = await e2e.newPage();
    let refused = 0;
    // The first configuration request fails (a broken deploy or network); the next ones pass.
    await page.route('**/config.json', (route) => (refused++ === 0 ? route.fulfill({ status: 503, body: 'down' }) : route.fallback()));
    await page.goto(e2e.url('/users'));
    await page.getByRole('heading', { name: 'Failed to initialize the application' }).waitFor();
    // No "Try again" needed: the form is there.
    await page.getByLabel('Email').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    await fillSignIn(page, DEMO_ADMIN);
    await page.getByRole('banner').getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 });
    expect(refused).toBeGreaterThanOrEqual(2);
    await page.context().close();
  });
});
