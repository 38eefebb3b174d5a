import type { Locator, Page } from 'playwright-core';

/** Presses Tab until `target` has the focus (a keyboard user's way to a control). */
export async function tabTo(page: Page, target: Locator, presses = 80): Promise<void> {
  const handle = await target.elementHandle();
  for (let step = 0; step < presses; step += 1) {
    if (await page.evaluate((element) => element === document.activeElement, handle)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab did not reach ${String(target)} in ${presses} presses`);
}

/** Chooses an option of a focused native select by its text with the arrow keys, from the select's current option. */
export async function arrowToOption(page: Page, select: Locator, text: string): Promise<void> {
  const options = await select.locator('option').allTextContents();
  const from = await select.evaluate((element) => (element as HTMLSelectElement).selectedIndex);
  const to = options.indexOf(text);
  if (to < 0) throw new Error(`No option ${text} in ${String(select)}: ${options.join(', ')}`);
  const key = to > from ? 'ArrowDown' : 'ArrowUp';
  for (let step = 0; step < Math.abs(to - from); step += 1) await page.keyboard.press(key);
}
