import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium), started as this sandbox needs it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
