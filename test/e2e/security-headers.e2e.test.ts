import { describe, expect, it } from 'vitest';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { takeCspViolations, type CspViolation } from '../support/browser.ts';
import { fillSignIn, useE2e } from '../support/e2e-fixture.ts';

/** The main screens of an organisation, relative to its base path (frontend/src/lib/paths.ts). */
const MAIN_SCREENS = ['/dashboard', '/notifications', '/users', '/users/user-groups', '/users/access-levels', '/devices', '/settings/general', '/settings/tablet', '/help'];

describe('the portal in Chromium under its Content-Security-Policy', () => {
  const e2e = useE2e();

  it('serves the SPA with the security headers, signs in and shows the main screens without a violation', async () => {
    const page = await e2e.newPage();
    const response = await page.goto(e2e.url());
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');

    await page.waitForURL('**/signin');
    await fillSignIn(page, e2e.admin);
    await page.getByRole('heading', { name: DEMO_DEFAULTS.organizationName }).waitFor({ timeout: 20_000 });
    const orgId = new URL(page.url()).pathname.split('/')[1]!;
    for (const screen of MAIN_SCREENS) {
      await e2e.open(page, screen, orgId);
      await page.waitForLoadState('networkidle');
    }
    await page.goto(e2e.url('/watch'));
    await page.waitForLoadState('networkidle');
    // useE2e's afterEach (expectNoCspViolations, test/support/browser.ts) fails this test on any violation.
  });

  it('would see a violation: an inline script is refused and reported', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/signin'));
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true';
      document.head.append(script);
    });
    // Both recorders see it: the DOM event and Chromium's console line.
    const seen: CspViolation[] = [];
    await expect
      .poll(() => {
        seen.push(...takeCspViolations());
        return seen.some((violation) => violation.directive.startsWith('script-src')) && seen.some((violation) => violation.directive === 'console');
      })
      .toBe(true);
    expect(await page.evaluate(() => (window as { inlineScriptRan?: boolean }).inlineScriptRan)).toBeUndefined();
  });
});
