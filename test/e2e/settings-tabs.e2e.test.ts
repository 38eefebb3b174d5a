import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import type { FeatureFlag, FeatureFlags, FeatureKey } from '@portal/shared/tenancy/features';
import type { Role } from '@portal/shared/tenancy/roles';
import { axeViolations } from '../support/axe.ts';
import { SEEDED_PASSWORD, pathOf, tag, uniqueEmail, useE2e } from '../support/e2e-fixture.ts';
import { arrowToOption, tabTo } from '../support/keyboard.ts';
import { navigate } from '../support/page-settle.ts';
import { call, idToken } from '../support/seed-users.ts';

/**
 * Issue 28, decision 0048: a settings tab of a module follows the module's flag as the sidebar's
 * entry does, /settings lands on the first tab the person may use, and a read refused inside a tab
 * shows in its panel, below the tabs. Flags are switched through the seed, one page per combination.
 */

/** The tabs in order, what each shows once open, and the module whose flag it follows. */
const TABS: { name: string; path: string; feature?: FeatureKey; superadminOnly?: boolean; shows: (panel: Page) => Locator }[] = [
  { name: 'General', path: 'general', superadminOnly: true, shows: (p) => p.getByRole('heading', { name: 'Organization logo' }) },
  { name: 'Shift planner', path: 'shift-planner', feature: 'shift_planner', shows: (p) => p.getByRole('heading', { name: 'Shift activities' }) },
  { name: 'Tasks', path: 'tasks', feature: 'tasks', shows: (p) => p.getByRole('textbox', { name: 'Reminders before the end (minutes)' }) },
  { name: 'Actions', path: 'actions', feature: 'actions', shows: (p) => p.getByRole('textbox', { name: 'Time-out options (seconds)' }) },
  { name: 'Automation', path: 'automation', feature: 'automation', shows: (p) => p.getByRole('heading', { name: 'Throttling of new triggers' }) },
  { name: 'Watch', path: 'watch', shows: (p) => p.getByRole('heading', { name: 'Quiet hours' }) },
  { name: 'Tablet', path: 'tablet', shows: (p) => p.getByRole('heading', { name: 'Design templates' }) },
  // Issue 32: no flag, superadmins only.
  { name: 'Audit trail', path: 'audit', superadminOnly: true, shows: (p) => p.getByRole('heading', { name: 'Audit trail' }) },
];

const MODULES = ['shift_planner', 'tasks', 'actions', 'automation'] as const satisfies readonly FeatureKey[];
const ALL_ON: FeatureFlags = { dashboard: 'enable', shift_planner: 'enable', notifications: 'enable', tasks: 'enable', actions: 'enable', automation: 'enable', reports: 'enable' };
const allOf = (flag: FeatureFlag) => Object.fromEntries(MODULES.map((key) => [key, flag])) as Partial<FeatureFlags>;

/** Every module off on its own, and all of them disabled or hidden at once. */
const COMBINATIONS: { label: string; flags: Partial<FeatureFlags> }[] = [
  ...MODULES.map((key) => ({ label: `${key} off`, flags: { [key]: 'disable' } })),
  { label: 'all four disabled', flags: allOf('disable') },
  { label: 'all four hidden', flags: allOf('disable-and-hide') },
];

describe('settings tabs follow the feature flags', () => {
  const e2e = useE2e();
  const tabsOf = (page: Page) => page.getByRole('navigation', { name: 'Settings sections' });

  /** An organisation of its own (its flags change here), its admin and superadmin signed in once each, for both tests. */
  let arranged: ReturnType<typeof signInBoth> | undefined;
  const arrange = () => (arranged ??= signInBoth());
  async function signInBoth() {
    const people = { admin: uniqueEmail('settings-admin'), superadmin: uniqueEmail('settings-super') };
    const orgId = await e2e.portal.seed.addOrganization(`Flags ${tag(4)}`, [
      { email: people.superadmin, roles: ['superadmin'] },
      { email: people.admin, roles: ['admin'] },
    ]);
    const sessions = {} as Record<keyof typeof people, Awaited<ReturnType<ReturnType<Page['context']>['storageState']>>>;
    for (const role of ['admin', 'superadmin'] as const) {
      const page = await e2e.signedIn({ email: people[role], password: SEEDED_PASSWORD });
      sessions[role] = await page.context().storageState();
      await page.close();
    }
    return { orgId, sessions };
  }

  it('an admin and a superadmin reach every tab they may use, whichever module is off', { timeout: 420_000 }, async () => {
    const { orgId, sessions } = await arrange();
    // A context per person: each combination gets a page of its own (fresh reads of the flags), the
    // chunks come from the context's cache after the first.
    const contexts = { admin: await e2e.browser.newContext({ storageState: sessions.admin }), superadmin: await e2e.browser.newContext({ storageState: sessions.superadmin }) };
    const failures: string[] = [];
    for (const { label, flags } of COMBINATIONS) {
      await e2e.portal.seed.setFeatures(orgId, { ...ALL_ON, ...flags });
      for (const role of ['admin', 'superadmin'] as const satisfies readonly Role[]) {
        const tabs = TABS.filter((tab) => (!tab.superadminOnly || role === 'superadmin') && !(tab.feature && flags[tab.feature] === 'disable-and-hide'));
        const usable = tabs.filter((tab) => !tab.feature || !flags[tab.feature]);
        const page = await contexts[role].newPage();
        const tabPath = (tab: (typeof TABS)[number]) => `/${orgId}/settings/${tab.path}`;
        try {
          await e2e.open(page, '/settings', orgId);
          await page.waitForURL((url) => url.pathname === tabPath(usable[0]!), { timeout: 20_000 });
          await usable[0]!.shows(page).waitFor({ timeout: 20_000 });

          // The tab list: usable tabs are links, a disabled module's tab is shown disabled, a hidden one is gone.
          const nav = tabsOf(page);
          expect(await nav.getByRole('link').count()).toBe(tabs.length);
          for (const tab of TABS) {
            const link = nav.getByRole('link', { name: tab.name, exact: true });
            const state = usable.includes(tab) ? 'usable' : tabs.includes(tab) ? 'disabled' : 'absent';
            if (state === 'absent') expect(await link.count()).toBe(0);
            else expect(await link.getAttribute('aria-disabled')).toBe(state === 'disabled' ? 'true' : null);
          }

          // Every usable tab opens from its link, with its content below the tabs.
          for (const tab of usable.slice(1)) {
            await nav.getByRole('link', { name: tab.name, exact: true }).click();
            await page.waitForURL((url) => url.pathname === tabPath(tab));
            await tab.shows(page).waitFor({ timeout: 20_000 });
          }
          // A tab the person may not use, opened by its address, goes to the landing tab instead of being refused.
          for (const tab of TABS.filter((candidate) => !usable.includes(candidate))) {
            await navigate(page, tabPath(tab));
            await page.waitForURL((url) => url.pathname === tabPath(usable[0]!), { timeout: 10_000 });
          }
          expect(await page.getByRole('heading', { name: 'You do not have access to this page' }).count()).toBe(0);
          if (label === 'all four disabled' && role === 'admin') expect(await axeViolations(page)).toEqual([]);
        } catch (error) {
          failures.push(`${label}, ${role} at ${pathOf(page)}: ${(error as Error).message.split('\n')[0]}`);
        } finally {
          await page.close();
        }
      }
    }
    for (const context of Object.values(contexts)) await context.close();
    expect(failures).toEqual([]);
  });

  it('shows a refused read inside its tab, with the tabs still usable', { timeout: 120_000 }, async () => {
    const { orgId, sessions } = await arrange();
    const page = await e2e.newPage({ storageState: sessions.admin });
    // The API refuses the watch settings (as it would a role or a module it does not allow).
    await page.route(`**/api/organizations/${orgId}/settings/watch`, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 403, contentType: 'application/json', body: '{"message":"Forbidden"}' }) : route.fallback(),
    );
    await e2e.open(page, '/settings/watch', orgId);
    await page.getByRole('heading', { name: 'You do not have access to this page' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { name: 'Settings', exact: true }).count()).toBe(1);
    await tabsOf(page).getByRole('link', { name: 'Tablet', exact: true }).click();
    await TABS.find((tab) => tab.name === 'Tablet')!.shows(page).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { name: 'You do not have access to this page' }).count()).toBe(0);
    await page.close();
  });

  it('a superadmin finds a change in the audit trail, filters it by kind and exports it', { timeout: 120_000 }, async () => {
    // The change: a person added, then their access level raised (an access_level entry).
    const token = await idToken(e2e.url(), e2e.admin.email, e2e.admin.password);
    const target = `Olga Audit${tag(4)}`;
    const users = `/organizations/${e2e.orgId}/users`;
    const names = { firstname: 'Olga', lastname: target.slice(5) };
    const person = await call<{ id: string }>(e2e.url(), token, 'POST', users, { ...names, email: uniqueEmail('audited'), password: 'Audit-Pass-1!', access_level: 'employee' });
    await call(e2e.url(), token, 'PUT', `${users}/${person.id}`, { ...names, access_level: 'assistant' });

    const page = await e2e.signedIn();
    await e2e.open(page, '/settings/audit');
    const table = page.getByRole('table', { name: 'Changes' });
    const kindCells = (kind: string) => table.getByRole('row').filter({ hasText: target }).getByRole('cell', { name: kind, exact: true });
    await kindCells('User').first().waitFor({ timeout: 20_000 });
    await kindCells('Access level').first().waitFor();
    await table.getByRole('listitem').filter({ hasText: 'Access level: employee → assistant' }).waitFor();

    // Keyboard only: the kind filter, then the export.
    const kind = page.getByRole('combobox', { name: 'Kind' });
    await tabTo(page, kind);
    await arrowToOption(page, kind, 'Access level');
    // The filter in the query (a same-document change, not a navigation), and the filtered page: the change's access-level entries and none of its user entry.
    await vi.waitFor(async () => expect([new URL(page.url()).searchParams.get('kind'), await kindCells('User').count(), (await kindCells('Access level').count()) > 0]).toEqual(['access_level', 0, true]), {
      timeout: 10_000,
    });

    await tabTo(page, page.getByRole('button', { name: 'Export CSV' }));
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    await page.getByRole('status').filter({ hasText: /^Exported \d+ entr/ }).waitFor();
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Time,Person,Person id,Kind,Action,Target,Target id,Field,Before,After');
    const raised = new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}[+-]\\d{2}:\\d{2},[^,]+,[^,]+,Access level,Changed,${target},${person.id},Access level,employee,assistant$`);
    expect(lines.filter((line) => raised.test(line))).toHaveLength(1);
    expect(lines.slice(1).every((line) => line === '' || line.includes(',Access level,'))).toBe(true);
  });
});
