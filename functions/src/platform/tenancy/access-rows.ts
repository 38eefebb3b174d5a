import { withDefaultFlags, type FeatureFlags } from '@portal/shared/tenancy/features';
import type { Role } from '@portal/shared/tenancy/roles';
import { batchGetItems } from '../db/batch-get.ts';
import { GeneralSettingsEntity } from './general-settings.entity.ts';
import { MembershipEntity } from './membership.entity.ts';
import { currentRoles } from './memberships.repository.ts';

export interface AccessRows {
  /** The roles held in the organisation now (none when not a member): AP9. */
  roles: Role[];
  /** The organisation's feature flags, when asked for. */
  flags?: FeatureFlags;
}

/**
 * What the access check of an organisation request reads. A feature route needs the caller's
 * membership and the organisation's general settings: both rows come in one BatchGetItem, one
 * request in front of the route's own read instead of two (docs/performance.md, "List routes"),
 * each parsed by its entity.
 */
export async function accessRows(orgId: string, userId: string, withFlags: boolean): Promise<AccessRows> {
  if (!withFlags) return { roles: await currentRoles(orgId, userId) };
  const membershipKey = MembershipEntity.get({ orgId, userId }).params().Key as Record<string, string>;
  const settingsKey = GeneralSettingsEntity.get({ orgId }).params().Key as Record<string, string>;
  const items = await batchGetItems([membershipKey, settingsKey]);
  const itemOf = (key: Record<string, string>) => items.find((item) => item.pk === key.pk && item.sk === key.sk);
  const membership = itemOf(membershipKey);
  const settings = itemOf(settingsKey);
  return {
    roles: membership ? ([...(MembershipEntity.parse({ Item: membership }).data?.roles ?? [])] as Role[]) : [],
    flags: withDefaultFlags(settings ? GeneralSettingsEntity.parse({ Item: settings }).data?.features : undefined),
  };
}
