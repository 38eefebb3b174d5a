import { enqueueJob } from '../platform/delivery/delivery-queue.ts';
import { logger } from '../platform/logger.ts';
import type { ActionItem } from './action.entity.ts';
import { getAction } from './actions.repository.ts';
import { onActionClosed, type ClosingReason } from './closing.ts';

/**
 * The closing of an action as a job on the actions delivery queue (decision 0054): the function that
 * closed it cannot publish (the actions API function, which withdraws: no IoT data adapter, endpoint
 * or publish right on AWS), so the actions delivery function, which publishes every step's prompts,
 * runs the closing (the step's timer cancelled, `action_closed` to the unanswered, the feedback).
 */
export const CLOSING_JOB = 'action.closing';

export interface ClosingRequest {
  actionId: string;
  reason: ClosingReason;
  /** When it closed: the envelopes' time and the moment the feedback's recipients resolve at. */
  closedAt: string;
}

/** The state an action closed for `reason` is stored in. */
const STATE_OF: Record<ClosingReason, ActionItem['state']> = { covered: 'fulfilled', expired: 'expired', rejected: 'rejected', withdrawn: 'withdrawn' };

/** Queues the closing of an action already closed by its conditional write; resolves once queued. */
export async function queueClosing(orgId: string, actionId: string, reason: ClosingReason, closedAt: string): Promise<void> {
  await enqueueJob(orgId, 'actions', CLOSING_JOB, { actionId, reason, closedAt } satisfies ClosingRequest);
}

/** The job's payload as queueClosing wrote it; throws on anything else (the record fails and is dead-lettered). */
export function closingRequest(payload: unknown): ClosingRequest {
  const p = (payload ?? {}) as Partial<Record<keyof ClosingRequest, unknown>>;
  if (typeof p.actionId !== 'string' || !p.actionId || typeof p.reason !== 'string' || !(p.reason in STATE_OF) || typeof p.closedAt !== 'string' || Number.isNaN(Date.parse(p.closedAt))) {
    throw new Error('Not an action closing job payload');
  }
  return { actionId: p.actionId, reason: p.reason as ClosingReason, closedAt: p.closedAt };
}

/**
 * Runs a queued closing (the actions delivery function). Idempotent: a job run twice publishes the
 * same envelopes again (ids fixed per message and user, the watch drops the repeat). An action
 * removed meanwhile (a closed action's delete) has nobody left to tell; one not in the state the
 * reason says was not closed this way: nothing is sent.
 */
export async function runClosingJob(orgId: string, payload: unknown): Promise<void> {
  const request = closingRequest(payload);
  const action = await getAction(orgId, request.actionId, { consistent: true });
  if (action?.state !== STATE_OF[request.reason]) {
    logger.warn('Action closing job found nothing to close', { orgId, ...request, state: action?.state ?? null });
    return;
  }
  await onActionClosed(orgId, action, request.reason, new Date(request.closedAt));
}
