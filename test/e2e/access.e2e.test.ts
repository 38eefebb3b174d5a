import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureFlags } from '@portal/shared/tenancy/features';
import type { Role } from '@portal/shared/tenancy/roles';
import { launchChromium } from '../support/browser.ts';
import { startSeededPortal } from '../support/seeded-portal.ts';

type Portal = Awaited<ReturnType<typeof startSeededPortal>>;

const PASSWORD = 'Access-pass1!';
/** The password seed.addOrganization gives a member it creates. */
const SEEDED_PASSWORD = 'Seeded-Pass-1!';
const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@e2e.local`;
const path = (page: Page) => new URL(page.url()).pathname;

const ALL_DISABLED: FeatureFlags = {
  dashboard: 'disable',
  shift_planner: 'disable',
  notifications: 'disable-and-hide',
  tasks: 'disable',
  actions: 'disable',
  automation: 'disable',
};

describe('landing route, no-access page and role restrictions in Chromium', () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startSeededPortal(), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  async function signIn(email: string, password: string): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${portal.url}/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('banner').getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 });
    return page;
  }

  /** An organisation of its own (the first member founds it), with these flags and dashboards. */
  async function organizationWith(features: Partial<FeatureFlags>, dashboards: Array<'tasks' | 'actions' | 'custom'>, role: Role = 'admin') {
    const email = uniqueEmail(role);
    const orgId = await portal.seed.addOrganization(`Org ${randomUUID().slice(0, 6)}`, [{ email, roles: [role] }]);
    await portal.seed.setFeatures(orgId, features, dashboards);
    return { orgId, email };
  }

  const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
  const disabledEntry = (page: Page, name: string) => nav(page).locator('[aria-disabled="true"]', { hasText: name });
  const noAccess = (page: Page) => page.getByRole('heading', { name: 'You do not have access to this page' });

  it('skips the dashboard when no dashboard is enabled and lands on the shift planner', async () => {
    const { orgId, email } = await organizationWith({}, []);
    const page = await signIn(email, SEEDED_PASSWORD);
    await page.waitForURL(`**/${orgId}/schedule`);
    await disabledEntry(page, 'Dashboard').waitFor();
    expect(await nav(page).getByRole('link', { name: 'Dashboard' }).count()).toBe(0);

    await page.goto(`${portal.url}/${orgId}/`);
    await page.waitForURL(`**/${orgId}/schedule`);
    await page.goto(`${portal.url}/${orgId}/dashboard/tasks`);
    await noAccess(page).waitFor();
    await page.getByText('Contact support to unlock functionality.').waitFor();
  });

  it('lands on the first enabled feature in sidebar order', async () => {
    const { orgId, email } = await organizationWith({ ...ALL_DISABLED, tasks: 'enable', actions: 'enable' }, ['tasks']);
    const page = await signIn(email, SEEDED_PASSWORD);
    await page.waitForURL(`**/${orgId}/tasks`);
    await page.getByRole('main').getByRole('heading', { name: 'Tasks' }).waitFor();
  });

  it('shows the no-access page when no feature is enabled', async () => {
    const { orgId, email } = await organizationWith(ALL_DISABLED, ['tasks', 'actions']);
    const page = await signIn(email, SEEDED_PASSWORD);
    await page.waitForURL(`**/${orgId}/no-access`);
    await noAccess(page).waitFor();
    await page.getByText('Contact support to unlock functionality.').waitFor();

    // Disabled entries stay visible but are not links; hidden ones are gone; setup and help remain.
    for (const name of ['Dashboard', 'Shift Planner', 'Tasks', 'Actions', 'Automation']) await disabledEntry(page, name).waitFor();
    expect(await nav(page).getByText('Notifications').count()).toBe(0);
    expect(await nav(page).getByRole('link').allTextContents()).toEqual(['Users', 'Devices', 'Settings', 'Knowledge Centre']);

    await page.goto(`${portal.url}/${orgId}/automation/triggers`);
    await noAccess(page).waitFor();
    await page.goto(`${portal.url}/${orgId}/notifications`);
    await noAccess(page).waitFor();
  });

  it('hides automation and setup from an assistant and redirects those routes to the dashboard', async () => {
    const email = uniqueEmail('assistant');
    await portal.seed.addMember({ email, password: PASSWORD, roles: ['assistant'] });
    const page = await signIn(email, PASSWORD);
    const org = `/${portal.demoOrgId}`;
    await page.waitForURL(`**${org}/dashboard`);
    expect(await nav(page).getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'Shift Planner',
      'Notifications',
      'Tasks',
      'Actions',
      'Knowledge Centre',
    ]);
    expect(await nav(page).getByText('Setup').count()).toBe(0);

    for (const route of ['/users', '/users/user-groups', '/devices', '/settings', '/settings/general', '/automation', '/automation/triggers']) {
      await page.goto(`${portal.url}${org}${route}`);
      await page.waitForURL(`**${org}/dashboard`);
      expect(path(page), route).toBe(`${org}/dashboard`);
    }
    await page.goto(`${portal.url}${org}/help/contact-us`);
    await page.getByRole('link', { name: 'Write to support' }).waitFor();
  });

  it('sends an organisation id the user does not belong to back to their own organisation', async () => {
    const { orgId, email } = await organizationWith({}, ['tasks']);
    const page = await signIn(email, SEEDED_PASSWORD);
    await page.waitForURL(`**/${orgId}/dashboard`);
    await page.goto(`${portal.url}/${portal.demoOrgId}/tasks`);
    await page.waitForURL(`**/${orgId}/dashboard`);
  });
});
