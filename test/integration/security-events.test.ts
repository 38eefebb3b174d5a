import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { captureLogs, securityEvents } from '../support/log-capture.ts';
import { ownerOf } from '../support/owner.ts';

/** Refused requests leave one structured security line each, with who, where, what and never the token. */
describe('security events of refused requests', () => {
  let orgA: string;
  let tokenB: string;
  let userB: string;

  beforeAll(async () => {
    const org = async (name: string) => {
      const email = `${name}-${randomUUID()}@events.test`;
      const userId = await createIdentity(email, 'Events-Pass-1!');
      const orgId = await foundOrganization({ name, timeZone: 'Europe/Berlin', owner: ownerOf(userId, ['superadmin'], email) });
      return { orgId, userId, token: await signIn(email, 'Events-Pass-1!') };
    };
    orgA = (await org('events-a')).orgId;
    const b = await org('events-b');
    tokenB = b.token;
    userB = b.userId;
  });

  it('logs a cross-organisation call with the actor, the organisation asked for and the route', async () => {
    const { result, lines, raw } = await captureLogs(() => callApi('users', 'GET', `/api/organizations/${orgA}/users`, { token: tokenB }));
    expect(result.status).toBe(403);
    expect(securityEvents(lines)).toEqual([
      expect.objectContaining({
        security_event: 'cross_organization_attempt',
        actor: userB,
        orgId: orgA,
        target: 'GET /api/organizations/{orgId}/users',
        outcome: 'refused',
      }),
    ]);
    expect(raw).not.toContain(tokenB);
  });

  it('logs a request without a valid token, without the token', async () => {
    const forged = `${tokenB.slice(0, -4)}AAAA`;
    const { result, lines, raw } = await captureLogs(() => callApi('users', 'GET', `/api/organizations/${orgA}/users`, { token: forged }));
    expect(result.status).toBe(401);
    expect(securityEvents(lines)).toEqual([expect.objectContaining({ security_event: 'request_refused', actor: 'anonymous', outcome: 'refused' })]);
    expect(raw).not.toContain(forged);
  });
});
