import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { expect } from 'vitest';

/** A Content-Security-Policy violation a page reported. */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  source?: string;
}

const violations: CspViolation[] = [];

/** The violations reported since the last call, which are then forgotten. */
export function takeCspViolations(): CspViolation[] {
  return violations.splice(0);
}

/**
 * Every browser test ends with this (useE2e registers it after each test of its file): no CSP
 * violation in any page of a browser launched here, as the portal's policy
 * (shared/src/api/security-headers.ts) must not break the SPA anywhere.
 */
export function expectNoCspViolations(): void {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
}

const REPORT = '__portalCspViolation';
const LISTEN = `document.addEventListener('securitypolicyviolation', (event) => {
  window.${REPORT}?.({ directive: event.effectiveDirective, blocked: event.blockedURI, source: event.sourceFile + ':' + event.lineNumber });
});`;

const recording = new WeakSet<BrowserContext>();

/** Records the context's violations: the DOM's securitypolicyviolation events, and Chromium's console lines about them. */
async function recordCspViolations(context: BrowserContext): Promise<void> {
  if (recording.has(context)) return;
  recording.add(context);
  await context.exposeBinding(REPORT, ({ page }, violation: Omit<CspViolation, 'page'>) => void violations.push({ page: page.url(), ...violation }));
  await context.addInitScript(LISTEN);
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to/.test(text)) violations.push({ page: message.page()?.url() ?? '', directive: 'console', blocked: text });
  });
}

/** Debian's Chromium (apt-get install chromium), started as this sandbox needs it, recording CSP violations. */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  // browser.newPage makes its page's context through newContext too, so every page is covered.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await recordCspViolations(context);
    return context;
  };
  return browser;
}
