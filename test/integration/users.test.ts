import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { updateGeneralSettings } from '../../functions/src/settings/general-settings.service.ts';
import { ORGANIZATIONS_CLAIM, parseOrganizationsClaim } from '@portal/shared/tenancy/principal';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf, SETUP_ACTOR } from '../support/owner.ts';

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@users.test`;

async function newOrganization(name: string) {
  const email = unique('owner');
  const ownerId = await createIdentity(email, 'Owner-Pass-1!');
  const orgId = await foundOrganization({ name, timeZone: 'Europe/Berlin', owner: ownerOf(ownerId, ['superadmin'], email) });
  return { orgId, token: await signIn(email, 'Owner-Pass-1!') };
}

describe('users', () => {
  let orgId: string;
  let token: string;
  const api = (method: string, path: string, body?: unknown) =>
    callApi('users', method, `/api/organizations/${orgId}${path}`, { token, body });
  const newUser = (overrides: Record<string, unknown> = {}) => ({
    firstname: 'Anna',
    lastname: 'Schmidt',
    email: unique('anna'),
    password: 'Anna-Pass-1!',
    ...overrides,
  });

  beforeAll(async () => {
    ({ orgId, token } = await newOrganization('Users Shop'));
  });

  it('creates a user who can sign in, holds the role of the access level and is in the everyone group', async () => {
    const input = newUser({ access_level: 'admin', pin_code: '1234' });
    const { status, body } = await api('POST', '/users', input);
    expect(status).toBe(201);
    expect(body).toMatchObject({ email: input.email, firstname: 'Anna', lastname: 'Schmidt', type: 'normal', access_level: 'admin', has_pin: true, groups: ['everyone'] });
    expect(body).not.toHaveProperty('pin_code');
    expect(body).not.toHaveProperty('password');
    const userToken = await signIn(input.email, input.password);
    expect(parseOrganizationsClaim(claims(userToken)[ORGANIZATIONS_CLAIM])).toEqual({ [orgId]: ['admin'] });
  });

  it("answers the spec's messages for an invalid user", async () => {
    const { status, body } = await api('POST', '/users', { email: 'nope' });
    expect(status).toBe(400);
    expect(body.errors).toEqual({
      firstname: 'First Name is required',
      lastname: 'Last Name is required',
      email: 'Invalid email address',
      password: 'Password is required',
    });
    expect((await api('POST', '/users', newUser({ email: '' }))).body.errors.email).toBe('Email is required');
    expect((await api('POST', '/users', newUser({ pin_code: '12a' }))).body.errors.pin_code).toBe('PIN must contain digits only');
    expect((await api('POST', '/users', newUser({ pin_code: '12345' }))).body.errors.pin_code).toBe('PIN must be at most 4 digits');
  });

  it('refuses the same email twice in one organisation, but lets a person belong to two', async () => {
    const input = newUser();
    await api('POST', '/users', input);
    expect(await api('POST', '/users', { ...input, firstname: 'Other' })).toMatchObject({
      status: 409,
      body: { message: 'A user with this email already exists in this organization' },
    });
    const second = await newOrganization('Second Shop');
    const created = await callApi('users', 'POST', `/api/organizations/${second.orgId}/users`, { token: second.token, body: { ...input, password: 'Ignored-Pass-1!' } });
    expect(created.status).toBe(201);
    const userToken = await signIn(input.email, input.password);
    expect(Object.keys(parseOrganizationsClaim(claims(userToken)[ORGANIZATIONS_CLAIM])).sort()).toEqual([orgId, second.orgId].sort());
  });

  it('refuses a racing second insert of the same email through the transaction itself', async () => {
    const { insertUser } = await import('../../functions/src/users/users.repository.ts');
    const { isConditionFailure } = await import('../../functions/src/platform/db/conditional-write.ts');
    const record = { orgId, email: unique('race'), firstname: 'R', lastname: 'Ace', type: 'normal' as const, accessLevel: 'employee' as const };
    await insertUser({ ...record, userId: randomUUID() });
    const second = await insertUser({ ...record, userId: randomUUID() }).catch((error: unknown) => error);
    expect(isConditionFailure(second)).toBe(true);
  });

  it('edits without a password, keeps the PIN write-only, and never changes an entra user email', async () => {
    const { body: user } = await api('POST', '/users', newUser({ type: 'entra' }));
    const edited = await api('PUT', `/users/${user.id}`, { firstname: 'Annette', lastname: 'Schmidt', email: user.email, password: '', pin_code: '' });
    expect(edited).toMatchObject({ status: 200, body: { firstname: 'Annette', has_pin: false } });
    expect(await api('PUT', `/users/${user.id}`, { firstname: 'A', lastname: 'S', email: unique('changed') })).toMatchObject({
      status: 400,
      body: { message: 'The email of an Entra ID user cannot be changed' },
    });

    const { body: normal } = await api('POST', '/users', newUser());
    const newEmail = unique('renamed');
    expect((await api('PUT', `/users/${normal.id}`, { firstname: 'Anna', lastname: 'Schmidt', email: newEmail, password: 'Next-Pass-2!' })).status).toBe(200);
    await expect(signIn(newEmail, 'Next-Pass-2!')).resolves.toBeTruthy();
  });

  it('lists people and device users apart, pages with a token and searches by name or email prefix', async () => {
    const { orgId: listOrg, token: listToken } = await newOrganization('Search Shop');
    const call = (path: string) => callApi('users', 'GET', `/api/organizations/${listOrg}${path}`, { token: listToken });
    for (const [firstname, lastname] of [['Jörg', 'Müller'], ['Maria', 'Schmitz'], ['Peter', 'Schmidt']]) {
      await callApi('users', 'POST', `/api/organizations/${listOrg}/users`, { token: listToken, body: newUser({ firstname, lastname, email: unique(lastname!.length.toString() + 'user') }) });
    }
    await callApi('users', 'POST', `/api/organizations/${listOrg}/users`, { token: listToken, body: newUser({ firstname: 'Kiosk', lastname: 'Tablet', type: 'system' }) });

    const firstPage = await call('/users?limit=2');
    expect(firstPage.body.items.map((u: { lastname: string }) => u.lastname)).toEqual(['Müller', 'Owner']);
    const secondPage = await call(`/users?limit=2&next_token=${encodeURIComponent(firstPage.body.next_token)}`);
    expect(secondPage.body.items.map((u: { lastname: string }) => u.lastname)).toEqual(['Schmidt', 'Schmitz']);

    expect((await call('/users?filter=schm')).body.items.map((u: { lastname: string }) => u.lastname).sort()).toEqual(['Schmidt', 'Schmitz']);
    expect((await call('/users?filter=jorg')).body.items.map((u: { firstname: string }) => u.firstname)).toEqual(['Jörg']);
    expect((await call('/users?filter=peter.schmidt')).body.items).toEqual([]);
    expect((await call('/users?kind=device')).body.items.map((u: { type: string }) => u.type)).toEqual(['system']);
    expect(await call('/users?next_token=garbage')).toMatchObject({ status: 400, body: { message: 'Invalid page token' } });
  });

  it('ends the sign-in of a deleted user', async () => {
    const input = newUser();
    const { body: user } = await api('POST', '/users', input);
    const userToken = await signIn(input.email, input.password);
    expect((await callApi('organizations', 'GET', `/api/organizations/${orgId}/settings/features`, { token: userToken })).status).toBe(200);
    expect((await api('DELETE', `/users/${user.id}`)).status).toBe(204);
    expect((await callApi('organizations', 'GET', `/api/organizations/${orgId}/settings/features`, { token: userToken })).status).toBe(403);
    await expect(signIn(input.email, input.password)).rejects.toThrow();
    expect((await api('GET', `/users/${user.id}`)).status).toBe(404);
  });

  it('limits trigger menus to enabled organisations, listed trigger groups and people', async () => {
    // Two real trigger groups (owned-ids checks the rows); only the first is listed as a trigger menu.
    const triggerGroup = async (name: string) =>
      (await callApi('automation', 'POST', `/api/organizations/${orgId}/trigger-groups`, { token, body: { name, description: name, type: 'user-app', trigger_ids: [] } })).body
        .id as string;
    const [listed, unlisted] = [await triggerGroup('Floor'), await triggerGroup('Office')];
    const input = newUser({ trigger_menus_default_trigger_group_id: listed });
    expect((await api('POST', '/users', input)).body.message).toBe('Trigger menus are not enabled for this organization');
    await updateGeneralSettings(orgId, { general: { is_trigger_menus_enabled: true, trigger_menus_trigger_group_ids: [listed] } }, SETUP_ACTOR);
    for (const id of [unlisted, 'tg-unknown']) {
      expect((await api('POST', '/users', newUser({ trigger_menus_default_trigger_group_id: id }))).body.message).toBe('This trigger group cannot be used as a trigger menu');
    }
    expect((await api('POST', '/users', newUser({ type: 'system', trigger_menus_default_trigger_group_id: listed }))).body.message).toBe(
      'Device users have no trigger menu',
    );
    const { body: withMenu } = await api('POST', '/users', input);
    expect(withMenu.trigger_menus_default_trigger_group_id).toBe(listed);
    const kept = await api('PUT', `/users/${withMenu.id}`, { firstname: 'Kept', lastname: 'Menu', email: withMenu.email });
    expect(kept.body.trigger_menus_default_trigger_group_id).toBe(listed);
    // While menus are on, a person needs one (spec 001 §5): neither created without nor cleared.
    const required = { message: 'Trigger menu is required', code: 'users.triggerMenuRequired' };
    expect(await api('POST', '/users', newUser())).toMatchObject({ status: 400, body: required });
    const refused = await api('PUT', `/users/${withMenu.id}`, { firstname: 'Kept', lastname: 'Menu', trigger_menus_default_trigger_group_id: null });
    expect(refused).toMatchObject({ status: 400, body: required });
    expect((await api('POST', '/users', newUser({ type: 'system' }))).status).toBe(201);
    // Once menus are off the menu may be cleared, and people are created without one.
    await updateGeneralSettings(orgId, { general: { is_trigger_menus_enabled: false } }, SETUP_ACTOR);
    const cleared = await api('PUT', `/users/${withMenu.id}`, { firstname: 'Kept', lastname: 'Menu', trigger_menus_default_trigger_group_id: null });
    expect(cleared.body.trigger_menus_default_trigger_group_id).toBeNull();
    expect((await api('POST', '/users', newUser())).status).toBe(201);
  });

  it('lists the access levels, each mapping to a role', async () => {
    const { body } = await api('GET', '/access-levels');
    expect(body.map((level: { id: string; role: string }) => [level.id, level.role])).toEqual([
      ['employee', 'employee'],
      ['assistant', 'assistant'],
      ['admin', 'admin'],
      ['superadmin', 'superadmin'],
    ]);
  });
});

describe('user groups', () => {
  let orgId: string;
  let token: string;
  const api = (method: string, path: string, body?: unknown) => callApi('users', method, `/api/organizations/${orgId}${path}`, { token, body });

  beforeAll(async () => {
    ({ orgId, token } = await newOrganization('Groups Shop'));
  });

  it('creates a coloured group with members and assigns groups to a user', async () => {
    const { body: user } = await callApi('users', 'POST', `/api/organizations/${orgId}/users`, {
      token,
      body: { firstname: 'Gus', lastname: 'Group', email: unique('gus'), password: 'Gus-Pass-1!' },
    });
    const created = await api('POST', '/user-groups', { name: 'Cashiers', color: '#43A047', users: [user.id] });
    expect(created).toMatchObject({
      status: 201,
      body: { name: 'Cashiers', color: '#43A047', type: 'other', users: [user.id], members: [{ id: user.id, firstname: 'Gus', lastname: 'Group' }] },
    });
    const other = await api('POST', '/user-groups', { name: 'Aardvarks', color: '#E53935' });
    const assigned = await api('PUT', `/users/${user.id}/groups`, { user_group_ids: [other.body.id], user_id: user.id });
    expect(assigned.body.groups.sort()).toEqual(['everyone', other.body.id].sort());
    expect((await api('GET', `/user-groups/${created.body.id}`)).body.users).toEqual([]);
    expect((await api('PUT', `/users/${user.id}/groups`, { user_group_ids: ['no-such-group'] })).status).toBe(400);
  });

  it('sorts the everyone group first, which keeps its name and cannot be deleted', async () => {
    await api('POST', '/user-groups', { name: 'Aaa first by name', color: '#FDD835' });
    const { body: list } = await api('GET', '/user-groups');
    expect(list[0]).toMatchObject({ id: 'everyone', type: 'everyone' });
    expect(await api('PUT', '/user-groups/everyone', { name: 'All of us', color: '#FDD835' })).toMatchObject({
      status: 400,
      body: { message: 'The everyone group cannot be renamed' },
    });
    const recoloured = await api('PUT', '/user-groups/everyone', { name: list[0].name, color: '#FDD835' });
    expect(recoloured.body).toMatchObject({ color: '#FDD835' });
    expect(await api('DELETE', '/user-groups/everyone')).toMatchObject({ status: 409, body: { message: 'The everyone group cannot be deleted' } });
  });

  it("answers the spec's messages and deletes other groups", async () => {
    expect((await api('POST', '/user-groups', {})).body.errors).toEqual({ name: 'Name is required', color: 'Color is required' });
    const { body: group } = await api('POST', '/user-groups', { name: 'Temporary', color: '#8E24AA' });
    expect((await api('DELETE', `/user-groups/${group.id}`)).status).toBe(204);
    expect((await api('GET', `/user-groups/${group.id}`)).status).toBe(404);
  });
});
