import { describe, expect, it } from 'vitest';
import type { FeatureSettingsResponse } from '@portal/shared/organizations/organizations.schema';
import { landingRoute } from '@portal/shared/tenancy/landing-route';
import type { Role } from '@portal/shared/tenancy/roles';
import { SEEDED_PASSWORD, fillSignIn, pathOf, tag, uniqueEmail, useE2e } from '../support/e2e-fixture.ts';
import { call, idToken } from '../support/seed-users.ts';

/** Enough fresh loads to catch a race that showed in 2 of 3 tries (issue 28). */
const TRIES = 8;

/**
 * Issue 28: choosing the second of two organisations left the shell with an empty page at
 * `/{orgId}` whenever a second navigation to the same address overtook the first while the
 * organisation's route table was still loading. Every fresh load must end on the landing route.
 */
describe('choosing an organisation lands on its first page', () => {
  const e2e = useE2e();

  for (const role of ['employee', 'admin'] as const satisfies readonly Role[]) {
    it(`takes an ${role} to the landing route, ${TRIES} fresh loads in a row`, { timeout: 180_000 }, async () => {
      const email = uniqueEmail(`choose-${role}`);
      const second = `Zweite ${role} ${tag(4)}`;
      await e2e.portal.seed.addMember({ email, password: SEEDED_PASSWORD, roles: [role] });
      const secondId = await e2e.portal.seed.addOrganization(second, [{ email, roles: [role] }]);
      const token = await idToken(e2e.url(), email, SEEDED_PASSWORD);
      const { features, dashboards } = await call<FeatureSettingsResponse>(e2e.url(), token, 'GET', `/organizations/${secondId}/settings/features`);
      const landing = `/${secondId}${landingRoute({ flags: features, anyDashboardEnabled: dashboards.length > 0, roles: [role] })}`;

      const first = await e2e.newPage();
      await first.goto(e2e.url('/signin'));
      await fillSignIn(first, { email, password: SEEDED_PASSWORD });
      await first.getByRole('heading', { name: 'Choose an organization' }).waitFor({ timeout: 20_000 });
      const session = await first.context().storageState();
      await first.context().close();

      const landed: string[] = [];
      for (let attempt = 0; attempt < TRIES; attempt += 1) {
        // A fresh context each time: nothing of the app loaded, no remembered organisation, the same session.
        const context = await e2e.browser.newContext({
          storageState: { ...session, origins: session.origins.map((origin) => ({ ...origin, localStorage: origin.localStorage.filter((item) => item.name !== 'portal.lastOrganization') })) },
        });
        const page = await context.newPage();
        await page.goto(e2e.url('/'));
        await page.getByRole('heading', { name: 'Choose an organization' }).waitFor({ timeout: 20_000 });
        await page.getByRole('button', { name: second }).click();
        await page.getByRole('banner').getByRole('heading', { name: second }).waitFor({ timeout: 20_000 });
        await page.waitForURL((url) => url.pathname !== `/${secondId}`, { timeout: 5_000 }).catch(() => undefined);
        landed.push(pathOf(page));
        await context.close();
      }
      expect(landed).toEqual(Array.from({ length: TRIES }, () => landing));
    });
  }
});
