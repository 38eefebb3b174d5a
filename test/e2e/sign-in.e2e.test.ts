import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { launchChromium } from '../support/browser.ts';
import { startPortal, type PortalProcess } from '../support/portal-process.ts';

describe('signing in to the local portal in Chromium', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  let portal: PortalProcess;
  let browser: Browser;

  beforeAll(async () => {
    // The local runtime as `npm start` runs it, on a free port with its own DATA_DIR.
    [portal, browser] = await Promise.all([startPortal({ DATA_DIR: dataDir, PORT: '0' }), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("signs in as the demo admin and sees the organisation's name", async () => {
    const page = await browser.newPage();
    await page.goto(portal.url);
    await page.waitForURL('**/signin');
    await page.getByLabel('Email').fill(DEMO_DEFAULTS.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_DEFAULTS.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: DEMO_DEFAULTS.organizationName }).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toMatch(/^\/[0-9a-f-]{36}/);
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: join(process.env.E2E_SCREENSHOTS, 'signed-in.png') });
  });

  it('shows the validation messages of the spec and a failed sign-in', async () => {
    const page = await browser.newPage();
    await page.goto(`${portal.url}/signin`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Email').fill(DEMO_DEFAULTS.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-1!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: /password|authenticate/i }).waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/signin');
  });
});
