import { AUTOMATION_MESSAGES, type FiringDto, type FiringSource, type TriggerDto, type WorkflowItemType } from '@portal/shared/automation/automation.schema';
import type { ModuleName } from '@portal/shared/api/route-table';
import { newId } from '../platform/db/ids.ts';
import { enqueueJobs, type QueueJob } from '../platform/delivery/delivery-queue.ts';
import { ConflictError, UnavailableError } from '../platform/errors/domain-errors.ts';
import { logger } from '../platform/logger.ts';
import { FROM_TEMPLATE_JOB, type FromTemplateRequest } from '../platform/templates/from-template-job.ts';
import type { FiringItem } from './firing.entity.ts';
import { toFiringDto } from './firing-dto.ts';
import * as firings from './firings.repository.ts';
import { claimDelivery, claimedDelivery, releaseDelivery, takeOverDelivery, type DeliveryClaim } from './hook-deliveries.repository.ts';
import { refreshFiringFact } from './report-refresh.ts';
import { claimThrottle, releaseThrottle } from './trigger-throttle.repository.ts';

/** The module that makes each kind of workflow item: the job goes to its delivery queue. */
export const MODULE_OF: Readonly<Record<WorkflowItemType, ModuleName>> = {
  'notification-template': 'notifications',
  'action-template': 'actions',
  'task-template': 'tasks',
};

export interface FireRequest {
  source: FiringSource;
  /** A webhook's delivery id (`webhook-id`): a repeat fires once. */
  deliveryId?: string | null;
  deviceId?: string | null;
  /** Who pressed (a watch's or the emulator's user): the items are sent as them. */
  userId?: string | null;
}

export type FireResult =
  | { outcome: 'fired'; firing: FiringDto; replayed: boolean }
  | { outcome: 'throttled'; firing: FiringDto; retryAfterSeconds: number };

/** The trigger's window in seconds: 0 (never throttled) unless throttling is on with a positive duration. */
export const throttleWindowOf = (trigger: Pick<TriggerDto, 'is_throttling_enabled' | 'throttle_duration_in_seconds'>): number =>
  trigger.is_throttling_enabled && trigger.throttle_duration_in_seconds > 0 ? trigger.throttle_duration_in_seconds : 0;

/**
 * How long after its claim a first attempt may still be writing its firing: the HTTP function's
 * 10 s timeout (infra/aws/portal-function.construct.ts) with room. Past it, an attempt that has
 * written nothing has died (a kill, the table gone) and a resend fires in its place.
 */
export const IN_FLIGHT_MS = 30_000;

/** The queue jobs that make a firing's items, sent as `senderId`; each names the firing (its report fact's response time). */
function jobsOf(orgId: string, firing: Pick<FiringItem, 'triggerId' | 'at' | 'firingId' | 'created'>, senderId: string): QueueJob[] {
  const { triggerId, firingId, at: firingAt } = firing;
  return firing.created.map((item) => ({
    orgId,
    module: MODULE_OF[item.type],
    kind: FROM_TEMPLATE_JOB,
    payload: { templateId: item.templateId, itemId: item.id, triggerId, senderId, firingId, firingAt } satisfies FromTemplateRequest,
  }));
}

/** Seconds until the window that began at `lastFiredAt` ends, rounded up, at least 1 and at most the window. */
export function retryAfterSeconds(lastFiredAt: string, windowSeconds: number, now: Date): number {
  const left = Math.ceil((Date.parse(lastFiredAt) + windowSeconds * 1000 - now.getTime()) / 1000);
  return Math.min(Math.max(left, 1), windowSeconds);
}

/**
 * Fires a trigger (decision 0039). In order:
 * 1. a webhook delivery id is claimed (HOOKDELIVERY, 24 h): a repeat answers the first firing,
 *    `replayed`, and fires nothing;
 * 2. the throttle window is claimed (TRIGGERTHROTTLE, one conditional write): inside it, the press
 *    is recorded as a `throttled` firing and answered with the seconds left (the delivery id is
 *    given back, so the sender's retry after them fires);
 * 3. each workflow item gets a fixed new id; the firing row lists them (FIRING, 90 days), then each
 *    goes to its module's delivery queue as a `from_template` job, sent as the pressing user, else
 *    the trigger's creator. If the jobs cannot be queued the firing is marked `failed`, the window
 *    and the delivery id are given back, and 503 `automation.notFired` is thrown.
 * Each path that wrote a firing row ends with its report fact's refresh (decision 0087), which
 * never throws.
 */
export async function fireTrigger(orgId: string, trigger: TriggerDto, request: FireRequest, now = new Date()): Promise<FireResult> {
  const at = now.toISOString();
  const firingId = newId(now.getTime());
  const base: Omit<FiringItem, 'outcome' | 'created' | 'expiresAt'> = {
    orgId,
    triggerId: trigger.id,
    at,
    firingId,
    source: request.source,
    ...(request.deliveryId ? { deliveryId: request.deliveryId } : {}),
    ...(request.deviceId ? { deviceId: request.deviceId } : {}),
    ...(request.userId ? { userId: request.userId } : {}),
  };

  const delivery: DeliveryClaim | null = request.deliveryId ? { orgId, triggerId: trigger.id, deliveryId: request.deliveryId, firingId, firingAt: at } : null;
  if (delivery) {
    const first = await claimOrFirst(delivery, now);
    if (first) {
      const replayed = await replay(orgId, trigger, delivery.deliveryId, first, now);
      if (replayed) return replayed;
      // The first attempt died before its firing was written: this one takes its claim and fires.
      // Another repeat took it over first and is under way.
      if (!(await takeOverDelivery(delivery, first.firingId, now))) throw inProgress(now.getTime(), now);
    }
  }

  const window = throttleWindowOf(trigger);
  if (window > 0) {
    const claim = await claimThrottle(orgId, trigger.id, window, now);
    if (!claim.claimed) {
      if (delivery) await releaseDelivery(delivery);
      const row = { ...base, outcome: 'throttled' as const, created: [] };
      await firings.insertFiring(row);
      await refreshFiringFact(orgId, row);
      return { outcome: 'throttled', firing: toFiringDto(row), retryAfterSeconds: retryAfterSeconds(claim.lastFiredAt, window, now) };
    }
  }

  const created = trigger.workflows.map((item) => ({ type: item.type, templateId: item.id, id: newId(now.getTime()) }));
  const row = { ...base, outcome: 'fired' as const, created };
  const jobs = jobsOf(orgId, row, request.userId ?? trigger.created_by);
  try {
    await firings.insertFiring(row);
    await enqueueJobs(jobs);
  } catch (error) {
    logger.error('A firing could not queue its jobs', { orgId, triggerId: trigger.id, firingId, error: (error as Error).message });
    await Promise.all([
      firings.markFailed(orgId, trigger.id, at, firingId),
      window > 0 ? releaseThrottle(orgId, trigger.id, now) : undefined,
      delivery ? releaseDelivery(delivery) : undefined,
    ]).catch((undo: unknown) => logger.error('A failed firing could not be put back', { firingId, error: (undo as Error).message }));
    await refreshFiringFact(orgId, row);
    throw new UnavailableError(AUTOMATION_MESSAGES.notFired);
  }
  await refreshFiringFact(orgId, row);
  return { outcome: 'fired', firing: toFiringDto(row), replayed: false };
}

/**
 * Claims the delivery id; null when claimed. Else the firing an earlier delivery with the id
 * started. A claim refused but gone when read was given back (a throttled firing) or expired: claimed
 * again, once; a second such race answers 503, and the sender sends again.
 */
async function claimOrFirst(delivery: DeliveryClaim, now: Date): Promise<{ firingId: string; firingAt: string } | null> {
  for (let attempt = 1; ; attempt++) {
    if (await claimDelivery(delivery, now)) return null;
    const first = await claimedDelivery(delivery.orgId, delivery.triggerId, delivery.deliveryId);
    if (first) return first;
    if (attempt === 2) throw new UnavailableError(AUTOMATION_MESSAGES.notFired);
  }
}

/**
 * A repeat of a delivery id whose request (begun at `since`, epoch ms) may still be under way: 409
 * with the seconds until it counts as settled (IN_FLIGHT_MS), as the IETF's Idempotency-Key draft
 * answers a key still being processed. Not 503: the portal is up, the sender only has to wait.
 */
const inProgress = (since: number, now: Date) =>
  new ConflictError(AUTOMATION_MESSAGES.deliveryInProgress, { retryAfterSeconds: Math.max(1, Math.ceil((since + IN_FLIGHT_MS - now.getTime()) / 1000)) });

/**
 * A repeated delivery id: the firing the first one started, `replayed`. With no firing row, the
 * first attempt is still writing it (409 with Retry-After: the sender sends again) or, past IN_FLIGHT_MS, died before
 * it: null, and the caller fires. A fired row past IN_FLIGHT_MS has its jobs queued again, as the
 * first attempt may have died between the row and the queue (the jobs make each item once by its id).
 */
async function replay(orgId: string, trigger: TriggerDto, deliveryId: string, first: { firingId: string; firingAt: string }, now: Date): Promise<FireResult | null> {
  const row = await firings.getFiring(orgId, trigger.id, first.firingAt, first.firingId);
  const settled = now.getTime() - Date.parse(first.firingAt) >= IN_FLIGHT_MS;
  if (!row) {
    if (settled) return null;
    throw inProgress(Date.parse(first.firingAt), now);
  }
  if (settled && row.outcome === 'fired' && row.created.length) {
    await enqueueJobs(jobsOf(orgId, row, row.userId ?? trigger.created_by));
    logger.info('A replayed delivery queued its firing\'s jobs again', { orgId, triggerId: trigger.id, firingId: row.firingId, deliveryId });
  }
  // The first attempt may have died before its refresh: a replay brings the fact up to date.
  await refreshFiringFact(orgId, row);
  return { outcome: 'fired', firing: toFiringDto(row), replayed: true };
}
