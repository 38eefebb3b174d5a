import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@access.test`;

/**
 * A read runs beside the membership check when the token allows it (decision 0016). A caller whose
 * token still names the organisation but who was removed, or demoted, since gets the 403 and
 * nothing of what the route read or failed with.
 */
describe('organisation reads run beside the membership check', () => {
  let orgId: string;
  let ownerToken: string;
  let adminId: string;
  let adminToken: string;
  let adminEmail: string;
  const users = (token: string, method: string, path: string, body?: unknown) => callApi('users', method, `/api/organizations/${orgId}${path}`, { token, body });

  beforeAll(async () => {
    const email = unique('owner');
    const ownerId = await createIdentity(email, 'Owner-Pass-1!');
    orgId = await foundOrganization({ name: 'Access Shop', timeZone: 'Europe/Berlin', owner: ownerOf(ownerId, ['superadmin'], email) });
    ownerToken = await signIn(email, 'Owner-Pass-1!');
    const admin = { firstname: 'Ada', lastname: 'Admin', email: unique('ada'), password: 'Ada-Pass-1!', access_level: 'admin' };
    const created = await users(ownerToken, 'POST', '/users', admin);
    expect(created.status).toBe(201);
    adminId = created.body.id as string;
    adminEmail = admin.email;
    adminToken = await signIn(admin.email, admin.password);
  });

  it('serves a member whose token and membership agree', async () => {
    const { status, body } = await users(adminToken, 'GET', '/users?filter=ada');
    expect(status).toBe(200);
    expect(body.items.map((u: { id: string }) => u.id)).toEqual([adminId]);
  });

  it('refuses a demoted member with a token from before, list and missing item alike', async () => {
    const demoted = await users(ownerToken, 'PUT', `/users/${adminId}`, { firstname: 'Ada', lastname: 'Admin', email: (await users(ownerToken, 'GET', `/users/${adminId}`)).body.email, access_level: 'employee' });
    expect(demoted.status).toBe(200);
    const list = await users(adminToken, 'GET', '/users');
    expect(list.status).toBe(403);
    expect(list.body).toEqual({ message: expect.any(String), code: expect.any(String) });
    // The route alone would answer 404; the refused check answers instead.
    const missing = await users(adminToken, 'GET', `/users/${randomUUID()}`);
    expect(missing.status).toBe(403);
    expect(missing.body.message).toBe(list.body.message);
  });

  it('refuses a read every member may make when the token names a role the member has lost since', async () => {
    // The logo route lets every member read; the early read ran with the token's admin role.
    const settings = (token: string) => callApi('settings', 'GET', `/api/organizations/${orgId}/settings/logo`, { token });
    const read = await settings(adminToken);
    expect(read.status).toBe(403);
    expect(read.body.code).toBe('access.roleNotAllowed');
    // Signed in again, the token carries the current role (employee), and the same read is served.
    const renewed = await signIn(adminEmail, 'Ada-Pass-1!');
    expect((await settings(renewed)).status).not.toBe(403);
  });

  it('refuses a removed member with a token from before', async () => {
    expect((await users(ownerToken, 'DELETE', `/users/${adminId}`)).status).toBe(204);
    const list = await users(adminToken, 'GET', '/users?filter=ada');
    expect(list.status).toBe(403);
    expect(list.body).not.toHaveProperty('items');
  });
});
