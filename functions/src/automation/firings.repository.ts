import { FIRINGS_SHOWN } from '@portal/shared/automation/automation.schema';
import { FIRING_RETENTION_DAYS, FiringEntity, type FiringItem } from './firing.entity.ts';

export type FiringRow = Omit<FiringItem, 'expiresAt'>;

/** A new firing row, kept FIRING_RETENTION_DAYS (TTL). */
export async function insertFiring(row: FiringRow): Promise<void> {
  await FiringEntity.create({ ...row, expiresAt: Math.floor(Date.parse(row.at) / 1000) + FIRING_RETENTION_DAYS * 86_400 }).go();
}

/** A fired firing whose jobs could not be queued: nothing was created. */
export async function markFailed(orgId: string, triggerId: string, at: string, firingId: string): Promise<void> {
  await FiringEntity.patch({ orgId, triggerId, at, firingId }).set({ outcome: 'failed' }).go();
}

export async function getFiring(orgId: string, triggerId: string, at: string, firingId: string): Promise<FiringItem | null> {
  return (await FiringEntity.get({ orgId, triggerId, at, firingId }).go({ consistent: true })).data;
}

/** A trigger's latest firings, newest first (ONE Query of its prefix, descending). */
export async function latestFirings(orgId: string, triggerId: string, limit = FIRINGS_SHOWN): Promise<FiringItem[]> {
  return (await FiringEntity.query.byTrigger({ orgId, triggerId }).go({ order: 'desc', limit })).data;
}

/**
 * A trigger's fired firings since `since`, newest first, at most `max`: ONE Query between the keys
 * of `since` and the end of the prefix (paged on only past DynamoDB's 1 MB), outcome filtered.
 */
export async function firedSince(orgId: string, triggerId: string, since: string, max: number): Promise<Array<Pick<FiringItem, 'at' | 'firingId' | 'created'>>> {
  const { data } = await FiringEntity.query
    .byTrigger({ orgId, triggerId })
    // '~' sorts after every ISO date: the upper bound is the prefix's end.
    .between({ at: since }, { at: '~' })
    .where((attr, op) => op.eq(attr.outcome, 'fired'))
    .go({ order: 'desc', count: max, attributes: ['at', 'firingId', 'created'] });
  return data;
}
