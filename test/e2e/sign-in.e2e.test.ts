import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { fillSignIn, useE2e } from '../support/e2e-fixture.ts';

describe('signing in to the local portal in Chromium', () => {
  const e2e = useE2e();

  it("signs in as the demo admin and sees the organisation's name", async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url());
    await page.waitForURL('**/signin');
    await fillSignIn(page, e2e.admin);
    await page.getByRole('heading', { name: DEMO_DEFAULTS.organizationName }).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toMatch(/^\/[0-9a-f-]{36}/);
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: join(process.env.E2E_SCREENSHOTS, 'signed-in.png') });
  });

  it('shows the validation messages of the spec and a failed sign-in', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/signin'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await fillSignIn(page, { email: e2e.admin.email, password: 'Wrong-Password-1!' });
    await page.getByRole('alert').filter({ hasText: /password|authenticate/i }).waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/signin');
  });
});
