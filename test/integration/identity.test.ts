import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ORGANIZATIONS_CLAIM, parseOrganizationsClaim } from '@portal/shared/tenancy/principal';
import { findSignInIdentity } from '../../functions/src/platform/identity/cognito-admin.ts';
import { GroupMemberEntity } from '../../functions/src/platform/tenancy/group-member.entity.ts';
import { UserGroupEntity } from '../../functions/src/platform/tenancy/user-group.entity.ts';
import { UserProfileEntity } from '../../functions/src/platform/tenancy/user-profile.entity.ts';
import { ensureAccount, setPendingMigration } from '../../functions/src/platform/tenancy/user-accounts.repository.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';

const signUpBody = (overrides: Record<string, string> = {}) => ({
  company_name: 'Recycling Nord',
  signup_code: 'IT-CODE-2',
  firstname: 'Rita',
  lastname: 'Nord',
  email: `rita-${randomUUID()}@nord.test`,
  password: 'Nord-Pass-1!',
  ...overrides,
});

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe('sign-up', () => {
  it('founds the organisation with its first user as superadmin, in the everyone group, who can sign in', async () => {
    const body = signUpBody();
    const { status, body: answer } = await callApi('organizations', 'POST', '/api/signup', { body });
    expect(status).toBe(201);
    const orgId = answer.organization.id;
    expect(answer.organization.name).toBe('Recycling Nord');

    const token = await signIn(body.email, body.password);
    const userId = claimsOf(token).sub;
    expect(parseOrganizationsClaim(claimsOf(token)[ORGANIZATIONS_CLAIM])).toEqual({ [orgId]: ['superadmin'] });
    const { data: everyone } = await UserGroupEntity.get({ orgId, groupId: 'everyone' }).go();
    expect(everyone).toMatchObject({ name: 'Everyone', type: 'everyone' });
    const { data: inEveryone } = await GroupMemberEntity.get({ orgId, groupId: 'everyone', userId }).go();
    expect(inEveryone).not.toBeNull();
    const { data: profile } = await UserProfileEntity.get({ orgId, userId }).go();
    expect(profile).toMatchObject({ email: body.email, firstname: 'Rita', lastname: 'Nord', type: 'normal' });
    const me = await callApi('identity', 'GET', '/api/me', { token });
    expect(me.body).toEqual({ userId, email: body.email, firstname: 'Rita', lastname: 'Nord', isPendingEntraIdMigration: false });
  });

  it('refuses a wrong sign-up code and creates nothing', async () => {
    const body = signUpBody({ signup_code: 'NOT-A-CODE' });
    expect(await callApi('organizations', 'POST', '/api/signup', { body })).toMatchObject({ status: 403, body: { message: 'Invalid sign-up code' } });
    expect(await findSignInIdentity(body.email)).toBeUndefined();
  });

  it('refuses a taken email with 409', async () => {
    const body = signUpBody();
    await callApi('organizations', 'POST', '/api/signup', { body });
    const again = await callApi('organizations', 'POST', '/api/signup', { body: { ...body, company_name: 'Second try' } });
    expect(again).toMatchObject({ status: 409, body: { message: 'A user with this email already exists' } });
  });

  it("validates with the shared schema's messages", async () => {
    const { status, body } = await callApi('organizations', 'POST', '/api/signup', {
      body: { company_name: ' ', signup_code: 'IT-CODE-1', firstname: 'A', lastname: 'B', email: 'not-an-email', password: 'alllowercase1!' },
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual({
      company_name: 'Company name is required',
      email: 'Invalid email address',
      password: 'Password must contain at least one uppercase letter, one lowercase letter, one number and one special character',
    });
  });
});

describe('migration password change', () => {
  async function pendingUser() {
    const email = `migrating-${randomUUID()}@shop.test`;
    const userId = await createIdentity(email, 'Old-Password-1!');
    await ensureAccount({ userId, email });
    await setPendingMigration(userId, true);
    return { email, userId, token: await signIn(email, 'Old-Password-1!') };
  }

  it('verifies the current password, sets the new one, clears the pending mark and names the identity portal', async () => {
    const user = await pendingUser();
    expect((await callApi('identity', 'GET', '/api/me', { token: user.token })).body.isPendingEntraIdMigration).toBe(true);
    const changed = await callApi('identity', 'POST', '/api/me/change-password', {
      token: user.token,
      body: { old_password: 'Old-Password-1!', new_password: 'New-Password-2$', userId: user.userId },
    });
    expect(changed).toMatchObject({ status: 200, body: { identityPortalUrl: 'https://identity.example.test/portal' } });
    expect((await callApi('identity', 'GET', '/api/me', { token: user.token })).body.isPendingEntraIdMigration).toBe(false);
    await expect(signIn(user.email, 'New-Password-2$')).resolves.toBeTruthy();
    await expect(signIn(user.email, 'Old-Password-1!')).rejects.toThrow();
  });

  it('refuses a wrong current password, another user id and a weak new password', async () => {
    const user = await pendingUser();
    const change = (body: Record<string, string>) => callApi('identity', 'POST', '/api/me/change-password', { token: user.token, body });
    expect(await change({ old_password: 'Wrong-Password-1!', new_password: 'New-Password-2$', userId: user.userId })).toMatchObject({
      status: 400,
      body: { message: 'Current password is incorrect' },
    });
    expect(await change({ old_password: 'Old-Password-1!', new_password: 'New-Password-2$', userId: 'someone-else' })).toMatchObject({ status: 403 });
    expect(await change({ old_password: 'Old-Password-1!', new_password: 'short', userId: user.userId })).toMatchObject({
      status: 400,
      body: { message: 'Password must be at least 8 characters' },
    });
    await expect(signIn(user.email, 'Old-Password-1!')).resolves.toBeTruthy();
  });
});
