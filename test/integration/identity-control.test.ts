import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATIONS_CLAIM, parseOrganizationsClaim, type Principal } from '@portal/shared/tenancy/principal';
import { USER_RULE_MESSAGES } from '@portal/shared/users/access-levels';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { currentRoles } from '../../functions/src/platform/tenancy/memberships.repository.ts';
import { deleteUser, updateUser } from '../../functions/src/users/users.service.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { captureLogs, securityEvents } from '../support/log-capture.ts';
import { ownerOf } from '../support/owner.ts';

/**
 * Decision 0009: who controls an identity that belongs to several organisations, and who may
 * change access levels. Each fault is reproduced through the users handler, as the API runs it.
 */
const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
const orgsOf = (token: string) => Object.keys(parseOrganizationsClaim(claims(token)[ORGANIZATIONS_CLAIM])).sort();
const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@identity-control.test`;
const PASSWORD = 'Person-Pass-1!';

interface Org {
  orgId: string;
  ownerId: string;
  token: string;
}

async function newOrganization(name: string): Promise<Org> {
  const email = unique('owner');
  const ownerId = await createIdentity(email, 'Owner-Pass-1!');
  const orgId = await foundOrganization({ name, timeZone: 'Europe/Berlin', owner: ownerOf(ownerId, ['superadmin'], email) });
  return { orgId, ownerId, token: await signIn(email, 'Owner-Pass-1!') };
}

const users = (org: { orgId: string }, token: string, method: string, path = '', body?: unknown) =>
  callApi('users', method, `/api/organizations/${org.orgId}/users${path}`, { token, body });

const person = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Petra',
  lastname: 'Person',
  email: unique('petra'),
  password: PASSWORD,
  ...overrides,
});

/** A member added by the organisation's owner through the API, signed in. */
async function addMember(org: Org, overrides: Record<string, unknown> = {}) {
  const input = person(overrides);
  const created = await users(org, org.token, 'POST', '', input);
  expect(created.status).toBe(201);
  return { id: created.body.id as string, email: input.email as string, password: input.password as string, token: await signIn(input.email as string, input.password as string) };
}

const SETTINGS_CHANGE = { general: { features: { tasks: 'enable' } } };

const editBody = (user: { email: string }, overrides: Record<string, unknown> = {}) => ({ firstname: 'Petra', lastname: 'Person', email: user.email, ...overrides });

describe('an identity that belongs to several organisations', () => {
  let a: Org;
  let b: Org;
  beforeAll(async () => {
    [a, b] = await Promise.all([newOrganization('Identity Shop A'), newOrganization('Identity Shop B')]);
  });

  it("refuses another organisation's takeover by create-then-password, and the person keeps signing in with their own", async () => {
    const x = await addMember(a);
    const joined = await users(b, b.token, 'POST', '', person({ email: x.email, password: 'Taken-Over-1!' }));
    // The same answer as for a new person: the response itself does not say the email signs in elsewhere.
    expect(joined).toMatchObject({ status: 201, body: { id: x.id, email: x.email } });
    await expect(signIn(x.email, 'Taken-Over-1!')).rejects.toThrow();

    expect(await users(b, b.token, 'PUT', `/${x.id}`, editBody(x, { password: 'Taken-Over-2!' }))).toMatchObject({
      status: 403,
      body: { message: USER_RULE_MESSAGES.sharedIdentity },
    });
    await expect(signIn(x.email, 'Taken-Over-2!')).rejects.toThrow();
    const token = await signIn(x.email, x.password);
    expect(orgsOf(token)).toEqual([a.orgId, b.orgId].sort());
  });

  it("refuses another organisation's change of the sign-in email, and an entra/normal type change does not open the way", async () => {
    const x = await addMember(a);
    await users(b, b.token, 'POST', '', person({ email: x.email, type: 'entra' }));
    const newEmail = unique('hijacked');
    expect(await users(b, b.token, 'PUT', `/${x.id}`, editBody(x, { type: 'entra', email: newEmail }))).toMatchObject({ status: 400 });
    // Type entra -> normal is the organisation's own business, but it hands over nothing.
    expect(await users(b, b.token, 'PUT', `/${x.id}`, editBody(x, { type: 'normal' }))).toMatchObject({ status: 200, body: { type: 'normal' } });
    expect(await users(b, b.token, 'PUT', `/${x.id}`, editBody(x, { email: newEmail }))).toMatchObject({
      status: 403,
      body: { message: USER_RULE_MESSAGES.sharedIdentity },
    });
    expect(await users(b, b.token, 'PUT', `/${x.id}`, editBody(x, { password: 'Taken-Over-3!' }))).toMatchObject({ status: 403 });
    await expect(signIn(newEmail, x.password)).rejects.toThrow();
    await expect(signIn(x.email, x.password)).resolves.toBeTruthy();
    expect((await users(a, a.token, 'GET', `/${x.id}`)).body.email).toBe(x.email);
  });

  it('keeps the identity usable in A with its old password after B removed the person', async () => {
    const x = await addMember(a);
    await users(b, b.token, 'POST', '', person({ email: x.email }));
    expect((await users(b, b.token, 'DELETE', `/${x.id}`)).status).toBe(204);
    const token = await signIn(x.email, x.password);
    expect(orgsOf(token)).toEqual([a.orgId]);
    expect((await users(a, a.token, 'GET', `/${x.id}`)).status).toBe(200);
    expect((await users(b, b.token, 'GET', `/${x.id}`)).status).toBe(404);
  });

  it("lets the organisation that is an identity's only membership manage its email and password", async () => {
    const x = await addMember(a);
    const newEmail = unique('renamed');
    expect(await users(a, a.token, 'PUT', `/${x.id}`, editBody(x, { email: newEmail, password: 'Reset-Pass-2!' }))).toMatchObject({
      status: 200,
      body: { email: newEmail },
    });
    await expect(signIn(newEmail, 'Reset-Pass-2!')).resolves.toBeTruthy();
    await expect(signIn(x.email, x.password)).rejects.toThrow();
  });

  it('lets the person themselves change their own email and password; their other organisations follow the email', async () => {
    const x = await addMember(a);
    await users(b, b.token, 'POST', '', person({ email: x.email, access_level: 'admin' }));
    const own = await signIn(x.email, x.password);
    const newEmail = unique('self');
    expect(await users(b, own, 'PUT', `/${x.id}`, editBody(x, { access_level: 'admin', email: newEmail, password: 'Own-Pass-2!' }))).toMatchObject({
      status: 200,
      body: { email: newEmail },
    });
    await expect(signIn(newEmail, 'Own-Pass-2!')).resolves.toBeTruthy();
    expect((await users(a, a.token, 'GET', `/${x.id}`)).body.email).toBe(newEmail);
    // A still manages nothing of the sign-in while B has the person too.
    expect((await users(a, a.token, 'PUT', `/${x.id}`, editBody({ email: newEmail }, { password: 'Taken-Over-4!' }))).status).toBe(403);
  });
});

describe('access levels', () => {
  let org: Org;
  let admin: Awaited<ReturnType<typeof addMember>>;
  beforeAll(async () => {
    org = await newOrganization('Levels Shop');
    admin = await addMember(org, { access_level: 'admin' });
  });

  it('refuses a change of one’s own access level, so an admin cannot reach the general settings', async () => {
    expect(await users(org, admin.token, 'PUT', `/${admin.id}`, editBody(admin, { access_level: 'superadmin' }))).toMatchObject({
      status: 403,
      body: { message: USER_RULE_MESSAGES.ownAccessLevel },
    });
    expect(await currentRoles(org.orgId, admin.id)).toEqual(['admin']);
    const settings = await callApi('settings', 'PATCH', `/api/organizations/${org.orgId}/settings/general`, { token: admin.token, body: SETTINGS_CHANGE });
    expect(settings.status).toBe(403);
    // An edit that keeps the level is still the person's own business.
    expect((await users(org, admin.token, 'PUT', `/${admin.id}`, editBody(admin, { firstname: 'Adam', access_level: 'admin' }))).status).toBe(200);
  });

  it('refuses an admin creating a superadmin, and creates no identity for it', async () => {
    const input = person({ access_level: 'superadmin' });
    expect(await users(org, admin.token, 'POST', '', input)).toMatchObject({ status: 403, body: { message: USER_RULE_MESSAGES.grantSuperadmin } });
    await expect(signIn(input.email, input.password)).rejects.toThrow();
    expect((await users(org, admin.token, 'POST', '', person({ access_level: 'admin' }))).status).toBe(201);
  });

  it("refuses an admin editing, re-passwording, demoting or deleting a superadmin", async () => {
    const boss = await addMember(org, { access_level: 'superadmin' });
    const refused = { status: 403, body: { message: USER_RULE_MESSAGES.manageSuperadmin } };
    expect(await users(org, admin.token, 'PUT', `/${boss.id}`, editBody(boss, { firstname: 'Renamed' }))).toMatchObject(refused);
    expect(await users(org, admin.token, 'PUT', `/${boss.id}`, editBody(boss, { password: 'Taken-Over-5!' }))).toMatchObject(refused);
    expect(await users(org, admin.token, 'PUT', `/${boss.id}`, editBody(boss, { pin_code: '1234' }))).toMatchObject(refused);
    expect(await users(org, admin.token, 'PUT', `/${boss.id}`, editBody(boss, { email: unique('boss') }))).toMatchObject(refused);
    expect(await users(org, admin.token, 'PUT', `/${boss.id}`, editBody(boss, { access_level: 'employee' }))).toMatchObject(refused);
    expect(await users(org, admin.token, 'DELETE', `/${boss.id}`)).toMatchObject(refused);
    await expect(signIn(boss.email, boss.password)).resolves.toBeTruthy();
    expect(await users(org, org.token, 'GET', `/${boss.id}`)).toMatchObject({ status: 200, body: { firstname: 'Petra', access_level: 'superadmin', has_pin: false } });
  });

  it('lets a superadmin promote an admin, who then changes the general settings', async () => {
    const promoted = await addMember(org, { access_level: 'admin' });
    expect(await users(org, org.token, 'PUT', `/${promoted.id}`, editBody(promoted, { access_level: 'superadmin' }))).toMatchObject({
      status: 200,
      body: { access_level: 'superadmin' },
    });
    const token = await signIn(promoted.email, promoted.password);
    expect(parseOrganizationsClaim(claims(token)[ORGANIZATIONS_CLAIM])).toEqual({ [org.orgId]: ['superadmin'] });
    const settings = await callApi('settings', 'PATCH', `/api/organizations/${org.orgId}/settings/general`, { token, body: SETTINGS_CHANGE });
    expect(settings.status).toBe(200);
  });
});

describe('the last superadmin', () => {
  it('cannot demote or delete themselves, and an admin cannot do it for them', async () => {
    const org = await newOrganization('Last Shop');
    const admin = await addMember(org, { access_level: 'admin' });
    const owner = { id: org.ownerId, email: (await users(org, org.token, 'GET', `/${org.ownerId}`)).body.email as string };
    expect(await users(org, org.token, 'PUT', `/${owner.id}`, editBody(owner, { access_level: 'admin' }))).toMatchObject({
      status: 403,
      body: { message: USER_RULE_MESSAGES.ownAccessLevel },
    });
    expect(await users(org, org.token, 'DELETE', `/${owner.id}`)).toMatchObject({ status: 400, body: { message: 'You cannot delete yourself' } });
    expect((await users(org, admin.token, 'PUT', `/${owner.id}`, editBody(owner, { access_level: 'admin' }))).status).toBe(403);
    expect((await users(org, admin.token, 'DELETE', `/${owner.id}`)).status).toBe(403);
    expect(await currentRoles(org.orgId, owner.id)).toEqual(['superadmin']);
  });

  it('refuses, at commit, a superadmin who lost the role meanwhile (the membership condition, not the read)', async () => {
    const org = await newOrganization('Stale Shop');
    const second = await addMember(org, { access_level: 'superadmin' });
    // The owner demotes the second superadmin ...
    expect((await users(org, org.token, 'PUT', `/${second.id}`, editBody(second, { access_level: 'admin' }))).status).toBe(200);
    // ... whose request, authorised a moment earlier as superadmin, still arrives: it must not commit.
    const stale: Principal = { userId: second.id, organizations: { [org.orgId]: ['superadmin'] } };
    const owner = (await users(org, org.token, 'GET', `/${org.ownerId}`)).body;
    const demote = updateUser(org.orgId, org.ownerId, { firstname: owner.firstname, lastname: owner.lastname, access_level: 'admin' }, stale);
    await expect(demote).rejects.toMatchObject({ kind: 'conflict', message: USER_RULE_MESSAGES.lastSuperadmin });
    await expect(deleteUser(org.orgId, org.ownerId, stale)).rejects.toMatchObject({ kind: 'conflict', message: USER_RULE_MESSAGES.lastSuperadmin });
    expect(await currentRoles(org.orgId, org.ownerId)).toEqual(['superadmin']);
  });

  it('keeps at least one when two superadmins demote each other at the same time', async () => {
    for (let round = 0; round < 3; round++) {
      const org = await newOrganization(`Race Shop ${round}`);
      const second = await addMember(org, { access_level: 'superadmin' });
      const owner = (await users(org, org.token, 'GET', `/${org.ownerId}`)).body;
      const answers = await Promise.all([
        users(org, org.token, 'PUT', `/${second.id}`, editBody(second, { access_level: 'admin' })),
        users(org, second.token, 'PUT', `/${org.ownerId}`, editBody(owner, { access_level: 'admin' })),
      ]);
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200).length, JSON.stringify(answers.map((x) => x.body))).toBeLessThanOrEqual(1);
      for (const status of statuses) expect([200, 403, 409]).toContain(status);
      const roles = await Promise.all([currentRoles(org.orgId, org.ownerId), currentRoles(org.orgId, second.id)]);
      expect(roles.filter((held) => held.includes('superadmin')).length).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('security events', () => {
  it('logs an access level change with actor, organisation, target and outcome, and never a secret', async () => {
    const org = await newOrganization('Events Shop');
    const secret = 'Never-Logged-9!';
    const employee = await addMember(org, { access_level: 'employee' });

    const { result: answer, lines, raw } = await captureLogs(() =>
      users(org, org.token, 'PUT', `/${employee.id}`, editBody(employee, { access_level: 'admin', password: secret, pin_code: '8642' })),
    );
    expect(answer.status).toBe(200);

    const events = securityEvents(lines);
    expect(events.find((line) => line.security_event === 'access_level_changed')).toMatchObject({
      actor: org.ownerId,
      orgId: org.orgId,
      target: employee.id,
      outcome: 'allowed',
      detail: 'employee -> admin',
    });
    expect(events.find((line) => line.security_event === 'credentials_changed')).toMatchObject({ target: employee.id, outcome: 'allowed' });
    expect(raw).not.toContain(secret);
    expect(raw).not.toMatch(/"8642"|pin_code|"password"/);
  });
});
