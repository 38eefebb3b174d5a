import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_REDIRECT_MS } from '@portal/shared/constants';
import { CHANGE_PASSWORD_FAILED } from '@portal/shared/identity/change-password.schema';
import { PASSWORD_CLASS_MESSAGE } from '@portal/shared/identity/password.schema';
import { SIGN_UP_FAILED } from '@portal/shared/identity/sign-up.schema';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { fillSignIn, pathOf as path, uniqueEmail, useE2e } from '../support/e2e-fixture.ts';

const PASSWORD = 'Start-pass1!';
const NEW_PASSWORD = 'Fresh-pass2$';

describe('sign-in, sign-up, password change and organisation choice in Chromium', () => {
  const e2e = useE2e();
  const signIn = (page: Page, email: string, password: string) => fillSignIn(page, { email, password });

  it('signs in: required messages, the server message on a wrong password, then success', async () => {
    const email = uniqueEmail('member');
    await e2e.portal.seed.addMember({ email, password: PASSWORD, roles: ['admin'] });
    const page = await e2e.newPage();
    await page.goto(e2e.url());
    await page.waitForURL('**/signin');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email is required', { exact: true }).waitFor();
    await page.getByText('Password is required', { exact: true }).waitFor();

    await signIn(page, email, 'Wrong-pass1!');
    // Cognito's refusal by its name (NotAuthorizedException), in the user's language: not
    // cognito-local's 'Invalid password' nor AWS's 'Incorrect username or password.'
    const failure = page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' });
    await failure.waitFor({ timeout: 10_000 });
    expect(await failure.textContent()).not.toContain('Failed to authenticate');
    expect(path(page)).toBe('/signin');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: DEMO_DEFAULTS.organizationName }).waitFor({ timeout: 20_000 });
    expect(path(page)).toMatch(`/${e2e.orgId}`);
  });

  it('creates an organisation with a valid sign-up code, then signs in to it', async () => {
    const email = uniqueEmail('founder');
    const company = `E2E Company ${randomUUID().slice(0, 8)}`;
    const page = await e2e.newPage();
    await page.goto(e2e.url('/signin'));
    await page.getByRole('link', { name: 'Create an organization' }).click();
    await page.waitForURL('**/signup');

    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByText('Company name is required', { exact: true }).waitFor();
    await page.getByText('Sign-up code is required', { exact: true }).waitFor();

    await page.getByLabel('Company name').fill(company);
    await page.getByLabel('Sign-up code').fill('E2E-CODE');
    await page.getByLabel('First name').fill('Erika');
    await page.getByLabel('Last name').fill('Mustermann');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create organization' }).click();

    await page.waitForURL('**/signin', { timeout: 20_000 });
    await page.getByText('Your organization was created. Sign in to continue.', { exact: true }).waitFor();
    await signIn(page, email, PASSWORD);
    await page.getByRole('heading', { name: company }).waitFor({ timeout: 20_000 });
  });

  it('refuses an invalid sign-up code with the one failure message', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/signup'));
    await page.getByLabel('Company name').fill('Never Created');
    await page.getByLabel('Sign-up code').fill('WRONG-CODE');
    await page.getByLabel('First name').fill('Max');
    await page.getByLabel('Last name').fill('Muster');
    await page.getByLabel('Email').fill(uniqueEmail('rejected'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create organization' }).click();

    const alert = page.getByRole('alert').filter({ hasText: SIGN_UP_FAILED });
    await alert.waitFor({ timeout: 10_000 });
    expect((await alert.textContent())?.trim()).toBe(SIGN_UP_FAILED);
    expect(path(page)).toBe('/signup');
  });

  it('makes a pending-migration member change the password, then redirects to the identity portal', async () => {
    const email = uniqueEmail('migrating');
    await e2e.portal.seed.addMember({ email, password: PASSWORD, roles: ['employee'], pendingMigration: true });
    const page = await e2e.newPage();
    await page.goto(e2e.url('/signin'));
    await signIn(page, email, PASSWORD);
    await page.getByRole('heading', { name: 'Change your password' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Sign out' }).waitFor();

    const current = page.getByLabel('Current password', { exact: true });
    const next = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password', { exact: true });
    const submit = page.getByRole('button', { name: 'Change password' });
    const shows = (text: string) => page.getByText(text, { exact: true }).waitFor();

    await submit.click();
    await shows('Current password is required');
    await shows('New password is required');
    await shows('Confirm new password is required');

    await next.fill('Ab1!');
    await shows('Password must be at least 8 characters');
    await next.fill('lowercase-only1!');
    await shows(PASSWORD_CLASS_MESSAGE);
    await next.fill(NEW_PASSWORD);
    await confirm.fill('Other-pass3%');
    await confirm.blur();
    await shows('Passwords must match');

    await current.fill('Not-my-pass1!');
    await confirm.fill(NEW_PASSWORD);
    await submit.click();
    await page.getByRole('alert').filter({ hasText: CHANGE_PASSWORD_FAILED }).waitFor({ timeout: 10_000 });

    await current.fill(PASSWORD);
    await submit.click();
    await page.getByRole('status').filter({ hasText: 'Password changed. Redirecting to the identity portal…' }).waitFor();
    // Not timed (load stretches intervals): the message shows on this page first, and the redirect
    // follows by itself CHANGE_PASSWORD_REDIRECT_MS later.
    const shownOn = page.url();
    expect(new URL(shownOn).searchParams.get('migrated')).toBeNull();
    await page.waitForURL((url) => url.searchParams.get('migrated') === '1', { timeout: CHANGE_PASSWORD_REDIRECT_MS + 10_000 });
    expect(`${path(page)}${new URL(page.url()).search}`).toBe('/signin?migrated=1');

    // The old session ended on the way out; the new password is the one that works now.
    await signIn(page, email, NEW_PASSWORD);
    await page.getByRole('heading', { name: DEMO_DEFAULTS.organizationName }).waitFor({ timeout: 20_000 });
  });

  it('lets a member of two organisations choose, and remembers the choice on the next visit', async () => {
    const email = uniqueEmail('two-orgs');
    const second = `Second Org ${randomUUID().slice(0, 8)}`;
    await e2e.portal.seed.addMember({ email, password: PASSWORD, roles: ['admin'] });
    const secondId = await e2e.portal.seed.addOrganization(second, [{ email, roles: ['admin'] }]);
    const page = await e2e.newPage();
    await page.goto(e2e.url('/signin'));
    await signIn(page, email, PASSWORD);

    await page.getByRole('heading', { name: 'Choose an organization' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: DEMO_DEFAULTS.organizationName }).waitFor();
    await page.getByRole('button', { name: second }).click();
    await page.getByRole('heading', { name: second }).waitFor({ timeout: 20_000 });
    expect(path(page)).toMatch(`/${secondId}`);

    await page.goto(e2e.url());
    await page.waitForURL((url) => url.pathname.startsWith(`/${secondId}`), { timeout: 20_000 });
    await page.getByRole('heading', { name: second }).waitFor({ timeout: 20_000 });
  });
});
