import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { ORGANIZATIONS_CLAIM, encodeOrganizationsClaim } from '@portal/shared/tenancy/principal';
import { logger } from '../platform/logger.ts';
import { rolesByOrganization } from '../platform/tenancy/memberships.repository.ts';

/**
 * Cognito pre-token-generation trigger (locally cognito-local invokes the same function): puts the
 * user's organisations and roles into the ID token, so every API call is authorised without a
 * database read.
 */
export async function handler(event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> {
  const userId = event.request.userAttributes.sub;
  if (!userId) throw new Error('User has no sub attribute');
  const organizations = await rolesByOrganization(userId);
  logger.info('Issuing token', { userId, organizations: Object.keys(organizations).length });
  event.response = {
    claimsOverrideDetails: { claimsToAddOrOverride: { [ORGANIZATIONS_CLAIM]: encodeOrganizationsClaim(organizations) } },
  };
  return event;
}
