import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { enqueueJob } from '../platform/delivery/delivery-queue.ts';
import { logger } from '../platform/logger.ts';
import { resolveRecipients } from '../users/public.ts';
import type { ActionItem } from './action.entity.ts';
import { isUnanswered } from './action-status.ts';
import { getAction } from './actions.repository.ts';
import { markExpired, markStepTimed, startFirstStep } from './answers.repository.ts';
import { onActionClosed } from './closing.ts';
import { refreshActionFact } from './report-refresh.ts';
import { askRecipients, promptAgain, queuePrompts } from './delivery.service.ts';
import { deleteRows, stagedOf, userRows } from './recipients.repository.ts';
import { firstStep, groupsAtSend, type FirstStep } from './send-plan.ts';
import { isUntimed, scheduleStepTimeout } from './step-timeout.ts';
import { neededCount, type Threshold } from './threshold.ts';

/**
 * The asking of a sent action's first step as a job on the actions queue (decision 0076): the send
 * stores the action and queues this, so its answer does not wait on writing every recipient's row
 * (reliability.md Open 9: some 24 s a batch on DynamoDB Local under the soak's load, past the API's
 * 30 s). The actions delivery function runs it.
 */
export const ASK_JOB = 'action.ask';

export interface AskRequest {
  actionId: string;
  /** When the send queued it (epoch ms, the real clock): the step's clock starts when its prompts are queued. */
  queuedAt: number;
}

/** Queues the first step's asking of a stored action; resolves once queued. */
export async function queueAsk(orgId: string, actionId: string): Promise<void> {
  await enqueueJob(orgId, 'actions', ASK_JOB, { actionId, queuedAt: Date.now() } satisfies AskRequest);
}

/** The job's payload as queueAsk wrote it; throws on anything else (the record fails and is dead-lettered). */
export function askRequest(payload: unknown): AskRequest {
  const p = (payload ?? {}) as Partial<Record<keyof AskRequest, unknown>>;
  if (typeof p.actionId !== 'string' || !p.actionId || !Number.isSafeInteger(p.queuedAt)) throw new Error('Not an action.ask job payload');
  return { actionId: p.actionId, queuedAt: p.queuedAt as number };
}

/** Runs a queued asking, its step's clock started the whole seconds it waited on the queue later. */
export async function runAskJob(orgId: string, payload: unknown): Promise<void> {
  const { actionId, queuedAt } = askRequest(payload);
  await askAction(orgId, actionId, Math.max(0, Math.floor((Date.now() - queuedAt) / 1000)));
}

/** Asks a stored action's first step (the job, or the demo seed at its own clock): an action removed meanwhile is dropped. */
export async function askAction(orgId: string, actionId: string, lateSeconds = 0): Promise<boolean> {
  const action = await getAction(orgId, actionId, { consistent: true });
  return action ? askFirstStep(orgId, action, lateSeconds) : false;
}

/**
 * The first step and the staged later groups at `at`. A later group's shift activities are not
 * resolved now but at its step (decision 0034); the first step's are, and so are those of groups
 * before it when they name nobody now (the send is their moment too): in that rare case the groups
 * are resolved once whole to find the first step, then again without the later activities.
 */
export async function firstStepAt(orgId: string, groups: RecipientGroup[], excludedUserId: string | null, at: Date): Promise<FirstStep | null> {
  const stepOf = async (resolving: RecipientGroup[]) => firstStep((await resolveRecipients(orgId, resolving, { at })).recipients, excludedUserId);
  const atGroup0 = groupsAtSend(groups, 0);
  const first = await stepOf(atGroup0);
  if (first?.step === 0 || atGroup0 === groups) return first;
  const whole = await stepOf(groups);
  return whole ? stepOf(groupsAtSend(groups, whole.step)) : null;
}

/**
 * Asks an open action's first step, once (its `timedStep` below its step until then): every group's
 * USER rows (the later groups' staged, before any prompt, so an escalation finds them; decision
 * 0024), the step's counters and deadline, its prompts, its timer, then the mark. The recipients
 * resolve at the send's moment; the step's clock starts `lateSeconds` (whole seconds the job waited
 * on the queue) after it, so a step is never over before its prompts are queued. Idempotent: a
 * retry writes only rows not there yet (an answer already taken is never overwritten) and prompts
 * again only those whose prompt did not go out. Resolves true when this call asked it. The report
 * fact is refreshed whatever the outcome: a copy of the job after a cut-off one brings it up to date.
 */
export async function askFirstStep(orgId: string, action: ActionItem, lateSeconds = 0): Promise<boolean> {
  const asked = await askOnce(orgId, action, lateSeconds);
  await refreshActionFact(orgId, action.actionId);
  return asked;
}

async function askOnce(orgId: string, action: ActionItem, lateSeconds: number): Promise<boolean> {
  if (!isUntimed(action)) return false;
  const sentAt = Date.parse(action.sendTime);
  const askedAt = new Date(sentAt + lateSeconds * 1000);
  const config = action.config as { exclude_creator?: boolean; forward_after: number; response_threshold: Threshold };
  const first = await firstStepAt(orgId, action.recipientGroups as RecipientGroup[], config.exclude_creator ? action.createdBy : null, new Date(sentAt));
  if (!first) return expireUnasked(orgId, action, askedAt);

  const existing = await userRows(orgId, action.actionId, action.recipientShards);
  const known = new Set(existing.map((row) => row.userId));
  const wanted = [...first.userIds.map((userId) => ({ userId, groupNumber: first.step })), ...first.later];
  const written = await askRecipients(
    orgId,
    action,
    wanted.filter((r) => !known.has(r.userId)),
    askedAt,
  );
  const recipientCount = [...existing, ...written].filter((r) => (r.groupNumber ?? 0) <= first.step).length;
  const next: ActionItem = {
    ...action,
    step: first.step,
    firstStep: first.step,
    stepDeadline: new Date(askedAt.getTime() + config.forward_after * 1000).toISOString(),
    recipientCount,
    neededCount: neededCount(config.response_threshold, recipientCount),
    timedStep: first.step - 1,
    timingSince: askedAt.toISOString(),
  };
  // Withdrawn meanwhile (or asked by a copy of this job that marked it): nothing more to ask. Removed
  // meanwhile (withdrawn, then deleted): the rows just written go too.
  if (!(await startFirstStep(next, action.step))) {
    if (!(await getAction(orgId, action.actionId, { consistent: true }))) await deleteRows(orgId, action.actionId, action.recipientShards);
    return false;
  }
  const stepAsked = written.filter((r) => r.groupNumber === first.step);
  await (existing.length
    ? promptAgain(orgId, next, [...stagedOf(existing.filter(isUnanswered), first.step), ...stepAsked])
    : queuePrompts(orgId, next, stepAsked));
  await scheduleStepTimeout(next, askedAt);
  await markStepTimed(orgId, action.actionId, first.step);
  return true;
}

/** Nobody is left to ask at the job (every group emptied since the send): the action expires unasked. */
async function expireUnasked(orgId: string, action: ActionItem, now: Date): Promise<boolean> {
  logger.warn('Action expired unasked: its groups name nobody now', { orgId, actionId: action.actionId });
  if (!(await markExpired({ orgId, actionId: action.actionId, expectedStep: action.step, timeout: false, now }))) return false;
  await onActionClosed(orgId, { ...action, state: 'expired', closedAt: now.toISOString() }, 'expired');
  return true;
}
