import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInWalk, topLevelWalk, type WalkIds, type WalkStop } from '../support/accessibility-walk.ts';
import { fillSignIn, tag, toast, uniqueEmail, useE2e, type Credentials } from '../support/e2e-fixture.ts';
import { navigate, settle } from '../support/page-settle.ts';
import { addPeopleInGroup, idToken } from '../support/seed-users.ts';
import { createWalkEntities } from '../support/walk-entities.ts';

/**
 * Spec 000/001 and the developers' guide: no serious or critical axe-core violation on any route.
 * The walk (test/support/accessibility-walk.ts) comes from the app's path table, so new routes join
 * it; every overlay route is opened by URL with ids of entities created here, and a card's delete
 * question is opened from its button. One page per role navigates the whole walk in the app
 * (history.pushState and popstate, as the router's links do) instead of reloading it each time.
 *
 * axe is injected with page.evaluate: it runs as a DevTools evaluation, which the portal's CSP does
 * not govern, whereas an inline addScriptTag would be refused (and fail the CSP check of browser.ts).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PASSWORD = 'Access-Pass-1!';
/** Cards slide in; axe must see them where they come to rest. */
const CONTEXT = { reducedMotion: 'reduce' } as const;

/** One serious or critical violation, as the failure message lists it. */
type Finding = string;

async function axeFindings(page: Page, where: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const run = () => page.evaluate(() => (window as unknown as { axe: { run: (options: object) => Promise<AxeResults> } }).axe.run({ resultTypes: ['violations'] }));
  let results = await run();
  // A page caught while its fade eases out (an overlay just closed) reads 40 % contrast for 0.2 s:
  // what a second look after the transitions still finds is what the page really shows.
  if (results.violations.some((violation) => violation.impact === 'serious' || violation.impact === 'critical')) {
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await sleep(500);
    results = await run();
  }
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      // Each target with the first reason axe gives (for contrast: the colours and the ratio).
      const nodes = violation.nodes.map((node) => `${node.target.join(' ')} [${[...node.any, ...node.all, ...node.none][0]?.message ?? ''}]`);
      return `${where}: ${violation.id} (${violation.impact}) ${violation.help} → ${nodes.join(' | ')}`;
    });
}

/** Whether two boxes overlap. */
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('accessibility: axe-core on every route, signed out, as superadmin and as employee', () => {
  const e2e = useE2e();
  const employee: Credentials = { email: uniqueEmail('employee'), password: PASSWORD };
  const doomed = { email: uniqueEmail('doomed'), password: PASSWORD, firstname: 'Dora', lastname: `Doomed${tag(4)}` };
  let ids: WalkIds;
  let doomedId: string;

  beforeAll(async () => {
    const orgId = e2e.orgId;
    const token = await idToken(e2e.url(), e2e.admin.email, e2e.admin.password);
    const people = await addPeopleInGroup(
      e2e.url(),
      token,
      orgId,
      [
        { ...employee, firstname: 'Emma', lastname: 'Employee', accessLevel: 'employee' },
        { ...doomed, accessLevel: 'employee' },
      ],
      { name: `Floor ${tag(4)}`, color: '#43A047' },
    );
    doomedId = people.userIds[1]!;
    ids = await createWalkEntities(e2e.url(), token, { orgId, userId: people.userIds[0]!, groupId: people.groupId });
    // Every dashboard on, so /dashboard/custom and its edit card are pages of the walk, not redirects.
    await e2e.portal.seed.setFeatures(orgId, {}, ['tasks', 'actions', 'custom']);
  });

  /** Opens each stop in the app and checks each page it lands on once (redirects often land on the same page). */
  async function walk(page: Page, stops: WalkStop[], after?: (page: Page, stop: WalkStop) => Promise<Finding[]>): Promise<Finding[]> {
    const findings: Finding[] = [];
    const seen = new Set<string>();
    await settle(page);
    for (const stop of stops) {
      try {
        await navigate(page, stop.url);
        await settle(page);
        const landed = new URL(page.url());
        const key = landed.pathname + landed.search;
        if (seen.has(key)) continue;
        seen.add(key);
        findings.push(...(await axeFindings(page, `${stop.name} (${key})`)));
        if (after) findings.push(...(await after(page, stop)));
      } catch (error) {
        throw new Error(`${stop.name} (${stop.url}): ${(error as Error).message}`, { cause: error });
      }
    }
    return findings;
  }

  /** An edit card's delete question (a modal dialog), when the card offers one. Delete routes are the question themselves. */
  async function deleteQuestion(page: Page, stop: WalkStop): Promise<Finding[]> {
    if (!/Edit$/.test(stop.name) || (await page.getByRole('alertdialog').count())) return [];
    const card = page.getByRole('dialog').last();
    if (!(await card.count())) return [];
    const remove = card.getByRole('button', { name: /^Delete/ });
    if (!(await remove.count())) return [];
    await remove.first().click();
    const question = page.getByRole('alertdialog');
    await question.waitFor();
    const findings = await axeFindings(page, `${stop.name}, delete question`);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    return findings;
  }

  it('signed out: sign-in (also after a failed attempt) and sign-up (also with its errors)', async () => {
    const page = await e2e.newPage(CONTEXT);
    await page.goto(e2e.url('/signin'));
    const findings = await walk(page, topLevelWalk('signedOut', ids));

    await navigate(page, '/signin');
    await settle(page);
    await fillSignIn(page, { email: e2e.admin.email, password: 'Not-the-password-1!' });
    await page.getByRole('alert').waitFor();
    findings.push(...(await axeFindings(page, 'sign-in, failed')));

    await navigate(page, '/signup');
    await settle(page);
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByText('Company name is required').waitFor();
    findings.push(...(await axeFindings(page, 'sign-up, errors')));

    expect(findings).toEqual([]);
  });

  it('as the superadmin: every route and overlay, the delete questions, the account menu, a toast, the narrow menu', { timeout: 300_000 }, async () => {
    const page = await e2e.signedIn(e2e.admin, CONTEXT);
    const findings = await walk(page, signedInWalk(ids), deleteQuestion);

    await navigate(page, e2e.orgPath('/users'));
    await settle(page);
    await page.getByRole('button', { name: /^Account/ }).click();
    await page.getByRole('dialog', { name: 'Account' }).waitFor();
    findings.push(...(await axeFindings(page, 'account menu')));

    // A toast: delete a user from its card. Then with the toast still up, a card opens: the toast
    // hides none of its controls (the card ends above the toasts' band).
    await page.keyboard.press('Escape');
    await navigate(page, e2e.orgPath(`/users/${doomedId}/edit`));
    await settle(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'User deleted').waitFor();
    await navigate(page, e2e.orgPath('/users/create'));
    const card = page.getByRole('dialog', { name: 'Add User' });
    await card.waitFor();
    await settle(page);
    const region = (await page.getByRole('region', { name: 'Messages' }).boundingBox())!;
    expect(region.height).toBeGreaterThan(0);
    // Scrolled to its end, every control of the card (Save at the bottom) is clear of the toasts.
    await card.locator('.side-card__body').evaluate((body) => body.scrollTo(0, body.scrollHeight));
    const controls = await card.locator('button, a[href], input, select, textarea').evaluateAll((elements) =>
      elements.flatMap((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return width > 0 && height > 0 ? [{ name: element.getAttribute('aria-label') ?? element.textContent ?? element.tagName, box: { x, y, width, height } }] : [];
      }),
    );
    expect(controls.map(({ name }) => name)).toContain('Save');
    expect(controls.filter(({ box }) => overlaps(box, region)).map(({ name }) => name)).toEqual([]);
    findings.push(...(await axeFindings(page, 'a toast over a side card')));

    await navigate(page, e2e.orgPath('/users'));
    await card.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 800, height: 900 });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('dialog', { name: 'Menu', exact: true }).waitFor();
    findings.push(...(await axeFindings(page, 'narrow menu')));

    expect(findings).toEqual([]);
  });

  it('a side card is modal: the page behind is inert, Tab stays in the card, focus returns to its opener', async () => {
    const page = await e2e.signedIn(e2e.admin, CONTEXT);
    await e2e.open(page, '/help/contact-us');
    const opener = page.getByRole('link', { name: 'Write to support' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const card = page.getByRole('dialog', { name: 'Write to support' });
    await card.getByLabel('Subject').waitFor();
    expect(await page.locator('main').evaluate((main) => main.closest('[inert]') !== null)).toBe(true);
    expect(await page.locator('nav').first().evaluate((nav) => nav.closest('[inert]') !== null)).toBe(true);
    expect(await card.getAttribute('aria-modal')).toBe('true');

    const focusInCard = () => card.evaluate((element) => element.contains(document.activeElement));
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press(step < 6 ? 'Tab' : 'Shift+Tab');
      expect(await focusInCard(), `after ${step + 1} presses`).toBe(true);
    }

    await card.getByRole('button', { name: 'Close' }).click();
    await card.waitFor({ state: 'detached' });
    expect(await page.locator('main').evaluate((main) => main.closest('[inert]') === null)).toBe(true);
    await expect.poll(() => opener.evaluate((link) => link === document.activeElement)).toBe(true);
  });

  it('as an employee: every route, each showing what the employee may use or the no-access page', { timeout: 300_000 }, async () => {
    const page = await e2e.signedIn(employee, CONTEXT);
    expect(await walk(page, signedInWalk(ids))).toEqual([]);
  });
});
