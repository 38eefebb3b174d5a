import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { useE2e } from '../support/e2e-fixture.ts';

/**
 * A signed-in page reads a fresh ID token from Amplify's storage without loading Amplify, and
 * loads it to refresh when the stored tokens are due (frontend/src/lib/stored-session.ts, issue 12).
 */
const REFRESH_TARGET = 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken';

/** Requests to Cognito (by their X-Amz-Target) and for Amplify's session chunk, from now on. */
function watchAuthRequests(page: Page) {
  const cognito: string[] = [];
  const sessionChunks: string[] = [];
  page.on('request', (request: Request) => {
    const target = request.headers()['x-amz-target'];
    if (target) cognito.push(target);
    if (/\/assets\/amplify-session-[^/]*\.js$/.test(request.url())) sessionChunks.push(request.url());
  });
  return { cognito, sessionChunks };
}

/** The stored tokens' expiry set to a minute ago (the signature no longer matches: only a refresh can make them usable). */
async function expireStoredTokens(page: Page): Promise<string> {
  return page.evaluate(() => {
    const lastUserKey = Object.keys(localStorage).find((key) => key.endsWith('.LastAuthUser'));
    if (!lastUserKey) throw new Error('no stored session');
    const prefix = `${lastUserKey.slice(0, -'LastAuthUser'.length)}${localStorage.getItem(lastUserKey)}`;
    const decode = (part: string) => JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    let expiredId = '';
    for (const name of ['idToken', 'accessToken']) {
      const [header, payload, signature] = localStorage.getItem(`${prefix}.${name}`)!.split('.');
      const expired = `${header}.${encode({ ...decode(payload!), exp: Math.floor(Date.now() / 1000) - 60 })}.${signature}`;
      localStorage.setItem(`${prefix}.${name}`, expired);
      if (name === 'idToken') expiredId = expired;
    }
    return expiredId;
  });
}

async function storedIdToken(page: Page): Promise<{ token: string; exp: number }> {
  return page.evaluate(() => {
    const lastUserKey = Object.keys(localStorage).find((key) => key.endsWith('.LastAuthUser'))!;
    const token = localStorage.getItem(`${lastUserKey.slice(0, -'LastAuthUser'.length)}${localStorage.getItem(lastUserKey)}.idToken`)!;
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number };
    return { token, exp: payload.exp };
  });
}

describe('the stored session on a signed-in page', () => {
  const e2e = useE2e();
  const organizationHeading = (page: Page) => page.getByRole('heading', { name: DEMO_DEFAULTS.organizationName });

  it('opens a signed-in page with fresh stored tokens without Cognito or Amplify', async () => {
    const page = await e2e.signedIn();
    const seen = watchAuthRequests(page);
    await page.reload();
    await organizationHeading(page).waitFor({ timeout: 20_000 });
    expect(seen.cognito).toEqual([]);
    expect(seen.sessionChunks).toEqual([]);
  });

  it('refreshes expired stored tokens through Amplify and carries on signed in', async () => {
    const page = await e2e.signedIn();
    // The app's page leaves first: a query of its own still under way could load Amplify and refresh
    // the expired tokens beside the page below (a CI run on a loaded machine counted the session
    // chunk twice). The tokens expire on a same-origin page that runs no app.
    await page.goto(e2e.url('/config.json'));
    const expired = await expireStoredTokens(page);
    const seen = watchAuthRequests(page);
    await page.goto(e2e.url('/'));
    await organizationHeading(page).waitFor({ timeout: 20_000 });
    expect(seen.cognito).toContain(REFRESH_TARGET);
    expect(seen.sessionChunks).toHaveLength(1);
    const refreshed = await storedIdToken(page);
    expect(refreshed.token).not.toBe(expired);
    expect(refreshed.exp * 1000).toBeGreaterThan(Date.now() + 60_000);
    // The organisation's data came through the API with the refreshed token.
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  });
});
