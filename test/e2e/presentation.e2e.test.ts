import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PRESENTATION_ZOOM } from '@portal/shared/constants';
import { useE2e } from '../support/e2e-fixture.ts';

/**
 * Boxes in the window's CSS pixels: getBoundingClientRect of an element under CSS zoom (Chromium's
 * standardised zoom) already reports the zoomed size, which is what the person sees.
 */
async function boxes(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) return null;
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { left, top, right, bottom };
    };
    return {
      window: { width: window.innerWidth, height: window.innerHeight },
      shell: box('.shell'),
      sidebar: box('.shell-sidebar'),
      main: box('.shell-main'),
      header: box('.shell-header'),
      zoom: getComputedStyle(document.querySelector('.shell')!).zoom,
    };
  });
}

describe('presentation mode fills the window at zoom 0.7 (spec 000 §2)', () => {
  const e2e = useE2e();

  it.each([
    { width: 800, height: 600, narrow: true },
    { width: 1440, height: 900, narrow: false },
  ])('at $width×$height the shell covers the viewport', async ({ width, height, narrow }) => {
    const page = await e2e.signedIn(undefined, { viewport: { width, height } });
    await page.waitForURL('**/dashboard');
    const before = await boxes(page);

    await page.getByRole('button', { name: 'Presentation mode' }).click();
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.shell')!).zoom !== '1');
    const shown = await boxes(page);
    expect(shown.zoom).toBe(String(PRESENTATION_ZOOM));
    expect(shown.window).toEqual({ width, height });

    // The whole window, not 70 % of it: the shell from the top-left corner to the bottom-right one.
    expect(shown.shell!.left).toBe(0);
    expect(shown.shell!.top).toBe(0);
    expect(shown.shell!.right).toBeCloseTo(width, 0);
    expect(shown.shell!.bottom).toBeGreaterThanOrEqual(height - 1);
    // The page area reaches the bottom edge, and the sidebar (wide windows) runs the full height.
    expect(shown.main!.bottom).toBeGreaterThanOrEqual(height - 1);
    if (narrow) expect(shown.sidebar).toBeNull();
    else expect(shown.sidebar!.bottom - shown.sidebar!.top).toBeCloseTo(height, 0);

    // And it is zoomed: the header is 0.7 times its normal height.
    const ratio = (shown.header!.bottom - shown.header!.top) / (before.header!.bottom - before.header!.top);
    expect(ratio).toBeCloseTo(PRESENTATION_ZOOM, 1);
    await page.close();
  });
});
