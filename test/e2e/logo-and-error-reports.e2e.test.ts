import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mainNav, toast, useE2e } from '../support/e2e-fixture.ts';

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe-core violations inside the logo form and the sidebar's organisation line. */
async function logoViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResults> } }).axe.run(
      { include: [['.logo-form'], ['.sidebar__org']] },
      { resultTypes: ['violations'] },
    ),
  );
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

describe('the organisation logo and browser error reports in Chromium', () => {
  const e2e = useE2e();

  it('lets the superadmin upload a logo that the sidebar shows, refuses an SVG, and falls back to the initial when removed', async () => {
    const page = await e2e.signedIn();
    await e2e.open(page, '/settings/general');
    const org = page.locator('.sidebar__org');
    await org.locator('.org-badge').first().waitFor();
    expect(await org.locator('img').count()).toBe(0);

    await page.getByRole('heading', { name: 'Organization logo' }).waitFor();
    const file = page.getByTestId('logo-file');
    await file.setInputFiles({ name: 'vector.svg', mimeType: 'image/svg+xml', buffer: SVG });
    await page.getByText('The logo must be a PNG, JPEG or WebP image').waitFor();
    expect(await logoViolations(page)).toEqual([]);

    await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await toast(page, 'Logo saved').waitFor();
    const logo = org.locator('img.org-badge--logo');
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(await logoViolations(page)).toEqual([]);
    // Every member reads it: after a reload it comes from the server again.
    await page.reload();
    await org.locator('img.org-badge--logo').waitFor();
    expect(await mainNav(page).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Remove logo' }).click();
    await toast(page, 'Logo removed').waitFor();
    await org.locator('span.org-badge').waitFor();
    expect(await org.locator('img').count()).toBe(0);
  });

  it('reports an uncaught error to POST /api/client-errors with the session token, once per distinct error', async () => {
    const page = await e2e.signedIn();
    // The landing route first: the report names the page it came from, which must not change meanwhile.
    await page.waitForURL(`**${e2e.orgPath('/dashboard')}`);
    const sent: Array<{ body: Record<string, unknown>; authorized: boolean }> = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/client-errors')) sent.push({ body: request.postDataJSON() as Record<string, unknown>, authorized: Boolean(request.headers().authorization) });
    });
    const isReport = (message: string) => (response: { url(): string; request(): { postData(): string | null } }) =>
      response.url().endsWith('/api/client-errors') && (response.request().postData() ?? '').includes(message);
    const first = page.waitForResponse(isReport('e2e uncaught'));
    const last = page.waitForResponse(isReport('e2e last'));
    // Three of the same, then another: timers fire in order, so the last report is sent after any repeat would be.
    await page.evaluate(() => {
      for (const message of ['e2e uncaught', 'e2e uncaught', 'e2e uncaught', 'e2e last']) {
        setTimeout(() => {
          throw new Error(message);
        });
      }
    });
    expect((await first).status()).toBe(204);
    await last;
    expect(sent.map(({ body }) => body.message)).toEqual(['Error: e2e uncaught', 'Error: e2e last']);
    expect(sent[0]).toMatchObject({ authorized: true, body: { kind: 'uncaught', path: new URL(page.url()).pathname } });
  });
});
