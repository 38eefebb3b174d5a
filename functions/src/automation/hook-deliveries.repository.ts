import { WEBHOOK_DEDUPE_HOURS } from '@portal/shared/automation/automation.schema';
import { conditionalWrite } from '../platform/db/conditional-write.ts';
import { HookDeliveryEntity } from './hook-delivery.entity.ts';

export interface DeliveryClaim {
  orgId: string;
  triggerId: string;
  deliveryId: string;
  firingId: string;
  firingAt: string;
}

/** A claim is kept WEBHOOK_DEDUPE_HOURS (DynamoDB's TTL, in epoch seconds). */
const expiresAtFrom = (now: Date) => Math.floor(now.getTime() / 1000) + WEBHOOK_DEDUPE_HOURS * 3600;

/** Claims a webhook delivery id for a firing (`attribute_not_exists`); false when it was claimed before. */
export async function claimDelivery(claim: DeliveryClaim, now: Date): Promise<boolean> {
  return conditionalWrite(() => HookDeliveryEntity.create({ ...claim, expiresAt: expiresAtFrom(now) }).go());
}

/** The firing an earlier delivery with this id started (consistent: the claim may be a moment old). */
export async function claimedDelivery(orgId: string, triggerId: string, deliveryId: string): Promise<{ firingId: string; firingAt: string } | null> {
  const { data } = await HookDeliveryEntity.get({ orgId, triggerId, deliveryId }).go({ consistent: true });
  return data ? { firingId: data.firingId, firingAt: data.firingAt } : null;
}

/**
 * Takes over a claim whose attempt died before writing its firing (fire.service.ts `replay`): the
 * claim now names this attempt's firing, only while it still names `from` (one resend wins).
 */
export async function takeOverDelivery(claim: DeliveryClaim, from: string, now: Date): Promise<boolean> {
  return conditionalWrite(() =>
    HookDeliveryEntity.put({ ...claim, expiresAt: expiresAtFrom(now) })
      .where((attr, op) => op.eq(attr.firingId, from))
      .go(),
  );
}

/** Gives the id back (the firing was throttled or failed): the sender's retry with it may fire. Only this claim's. */
export async function releaseDelivery(claim: DeliveryClaim): Promise<void> {
  await conditionalWrite(() =>
    HookDeliveryEntity.delete({ orgId: claim.orgId, triggerId: claim.triggerId, deliveryId: claim.deliveryId })
      .where((attr, op) => op.eq(attr.firingId, claim.firingId))
      .go(),
  );
}
