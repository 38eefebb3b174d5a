import { randomUUID } from 'node:crypto';
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { ORGANIZATIONS_CLAIM, parseOrganizationsClaim } from '@portal/shared/tenancy/principal';
import { handler } from '../../functions/src/identity/pre-token-generation.handler.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { MembershipEntity } from '../../functions/src/platform/tenancy/membership.entity.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

function triggerEvent(sub: string): PreTokenGenerationTriggerEvent {
  return {
    version: '1',
    triggerSource: 'TokenGeneration_Authentication',
    region: 'eu-central-1',
    userPoolId: 'pool',
    userName: sub,
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    request: { userAttributes: { sub }, groupConfiguration: { groupsToOverride: [], iamRolesToOverride: [] } },
    response: { claimsOverrideDetails: {} },
  } as PreTokenGenerationTriggerEvent;
}

describe('pre-token-generation trigger', () => {
  it("writes every organisation of the user with its roles into the claim", async () => {
    const userId = randomUUID();
    const first = await foundOrganization({ name: 'First', timeZone: 'Europe/Berlin', owner: ownerOf(userId) });
    const second = await foundOrganization({ name: 'Second', timeZone: 'Europe/Berlin', owner: ownerOf(randomUUID()) });
    await MembershipEntity.create({ orgId: second, userId, roles: ['assistant'] }).go();

    const result = await handler(triggerEvent(userId));
    const claim = result.response.claimsOverrideDetails?.claimsToAddOrOverride?.[ORGANIZATIONS_CLAIM];
    expect(parseOrganizationsClaim(claim)).toEqual({ [first]: ['superadmin'], [second]: ['assistant'] });
  });

  it('gives a user without memberships an empty map', async () => {
    const result = await handler(triggerEvent(randomUUID()));
    expect(result.response.claimsOverrideDetails?.claimsToAddOrOverride?.[ORGANIZATIONS_CLAIM]).toBe('{}');
  });

  it('is what cognito-local calls: a real sign-in carries the claim', async () => {
    const email = `member-${randomUUID()}@shop.test`;
    const userId = await createIdentity(email, 'Member-Pass-1!');
    const orgId = await foundOrganization({ name: 'Shop', timeZone: 'Europe/Berlin', owner: ownerOf(userId, ['admin'], email) });
    const token = await signIn(email, 'Member-Pass-1!');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(parseOrganizationsClaim(claims[ORGANIZATIONS_CLAIM])).toEqual({ [orgId]: ['admin'] });
  });
});
