import { ACTION_MESSAGES, type ActionDto, type ActionInput, type ActionPage, type ActionStatus } from '@portal/shared/actions/action.schema';
import { NO_RECIPIENTS, type RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { newId } from '../platform/db/ids.ts';
import { pageSize } from '../platform/db/paging.ts';
import { shardCount } from '../platform/delivery/shards.ts';
import { DomainError, InvalidInputError, NotFoundError, UnavailableError } from '../platform/errors/domain-errors.ts';
import { logger } from '../platform/logger.ts';
import { ItemExistsError } from '../platform/templates/from-template-job.ts';
import { assertOwnedIds } from '../platform/tenancy/owned-ids.ts';
import { presenceOfUsers } from '../devices/public.ts';
import { assertRecipients, resolveRecipients } from '../users/public.ts';
import { toDto } from './action-dto.ts';
import type { ActionItem } from './action.entity.ts';
import { actionStatusOf } from './action-status.ts';
import { readActionSettings } from './action-settings.repository.ts';
import * as repo from './actions.repository.ts';
import { queueClosing } from './closing-job.ts';
import { askRecipients, queuePrompts } from './delivery.service.ts';
import { askedRows, deleteRows } from './recipients.repository.ts';
import { firstStep, groupsAtSend, renumberedGroups, type FirstStep } from './send-plan.ts';
import { scheduleStepTimeout } from './step-timeout.ts';
import { createTemplateFrom } from './templates.service.ts';
import { neededCount } from './threshold.ts';

const notFound = () => new NotFoundError(ACTION_MESSAGES.notFound);

export async function requireAction(orgId: string, actionId: string): Promise<ActionItem> {
  const item = await repo.getAction(orgId, actionId);
  if (!item) throw notFound();
  return item;
}

/**
 * Recipients, feedback recipients (asked of the users module) and the template an action names
 * must be the organisation's (docs/security.md, "Ids in request bodies"), and so must the trigger
 * that made it (`meta.trigger_id`, AP72).
 */
async function checkIds(orgId: string, input: ActionInput): Promise<void> {
  await assertRecipients(orgId, 'recipient_groups', input.recipient_groups);
  await assertRecipients(orgId, 'config.feedback_recipient_groups', input.config.feedback_recipient_groups);
  await assertOwnedIds(orgId, [
    { field: 'meta.template_id', kind: 'actionTemplate', ids: [input.meta?.template_id] },
    { field: 'meta.trigger_id', kind: 'trigger', ids: [input.meta?.trigger_id] },
  ]);
}

/** The time-out must be one the organisation offers (`/settings/actions`). */
async function checkForwardAfter(orgId: string, forwardAfter: number): Promise<void> {
  const settings = await readActionSettings(orgId);
  if (!settings.forward_after_options.includes(forwardAfter)) throw InvalidInputError.onField('config.forward_after', ACTION_MESSAGES.forwardAfterOption);
}

/**
 * Sends an action now (decision 0026: actions go out at once, `opts.send_time` is the server's send
 * instant). Empty recipient groups are dropped and the rest renumbered; the first group with
 * someone in it (group 0 unless it resolves to nobody) is asked now, without the creator when
 * `exclude_creator`; its time-out falls `forward_after` seconds from now. The row is stored open at
 * that step, then the step's recipient rows, the later groups' rows, staged until an escalation
 * asks them, then the step's deliveries and timer (decision 0024; a later group's shift activities are resolved at
 * its step, decision 0034); a failure there removes the action again and answers 503. `actionId`:
 * a fixed id (a trigger's firing fixed it, decision 0039); taken already, ItemExistsError.
 */
export async function sendAction(orgId: string, userId: string, input: ActionInput, now = new Date(), actionId = newId(now.getTime())): Promise<ActionDto> {
  await checkIds(orgId, input);
  await checkForwardAfter(orgId, input.config.forward_after);
  const groups = renumberedGroups(input.recipient_groups);
  const first = await firstStepAtSend(orgId, groups, input.config.exclude_creator ? userId : null, now);
  if (!first) throw InvalidInputError.onField('recipient_groups', NO_RECIPIENTS);
  if (input.save_as_template) await createTemplateFrom(orgId, userId, input, now);

  const sendTime = now.toISOString();
  const item: ActionItem = {
    orgId,
    actionId,
    content: input.content,
    recipientGroups: groups,
    config: input.config,
    meta: { template_id: input.meta?.template_id ?? null, trigger_id: input.meta?.trigger_id ?? null },
    sendTime,
    createdBy: userId,
    createdAt: sendTime,
    state: 'open',
    step: first.step,
    stepDeadline: new Date(now.getTime() + input.config.forward_after * 1000).toISOString(),
    recipientCount: first.userIds.length,
    acceptedCount: 0,
    declinedCount: 0,
    neededCount: neededCount(input.config.response_threshold, first.userIds.length),
    recipientShards: shardCount(first.total),
    // The send times its first step itself, or removes the action (below): nothing to repair.
    timedStep: first.step,
  };
  if (!(await repo.insertAction(item))) throw new ItemExistsError(actionId);
  try {
    // The later groups' rows before the first prompt and the step's timer: an escalation (a time-out,
    // or the first group's declines) asks the staged rows it finds, and one written after it would
    // count as asked without a prompt or a counter (the soak, seed 1, with DynamoDB Local killed
    // under a 5 s step: nine watches never prompted). Every group's rows in one pass, one presence
    // read and their batches in flight together (reliability.md Open 9: under the soak's load each
    // batch waited some 24 s on DynamoDB Local, and two passes one after the other doubled it).
    const everyone = await askRecipients(orgId, item, [...first.userIds.map((id) => ({ userId: id, groupNumber: first.step })), ...first.later], now);
    await queuePrompts(
      orgId,
      item,
      everyone.filter((r) => r.groupNumber === first.step),
    );
    await scheduleStepTimeout(item);
  } catch (error) {
    // Batches queued before the failure find the action gone and are dropped.
    await removeAction(item);
    if (error instanceof DomainError) throw error;
    logger.error('Action send failed and was removed', { id: item.actionId, error: (error as Error).message });
    throw new UnavailableError(ACTION_MESSAGES.notCarriedOut);
  }
  return toDto(item);
}

/**
 * The first step and the staged later groups at the send. A later group's shift activities are not
 * resolved now but at its step (decision 0034); the first step's are, and so are those of groups
 * before it when they name nobody now (the send is their moment too): in that rare case the groups
 * are resolved once whole to find the first step, then again without the later activities.
 */
async function firstStepAtSend(orgId: string, groups: RecipientGroup[], excludedUserId: string | null, now: Date): Promise<FirstStep | null> {
  const stepOf = async (resolving: RecipientGroup[]) => firstStep((await resolveRecipients(orgId, resolving, { at: now })).recipients, excludedUserId);
  const atGroup0 = groupsAtSend(groups, 0);
  const first = await stepOf(atGroup0);
  if (first?.step === 0 || atGroup0 === groups) return first;
  const whole = await stepOf(groups);
  return whole ? stepOf(groupsAtSend(groups, whole.step)) : null;
}

async function removeAction(item: ActionItem): Promise<void> {
  await repo.deleteAction(item.orgId, item.actionId);
  await deleteRows(item.orgId, item.actionId, item.recipientShards);
}

/**
 * An open action is withdrawn (decision 0026): one conditional write open→withdrawn on its row, so
 * no answer or escalation counts after it, then the closing (the watches drop the prompt) queued as
 * a job for the actions delivery function, which publishes (decision 0054); it stays listed as
 * withdrawn. A closing that cannot be queued is logged, as a task's withdrawal is: the withdrawal
 * stands and the watch's prompt ends at its deadline. A closed one (fulfilled, expired, rejected,
 * withdrawn) is removed with its recipient rows.
 */
export async function deleteAction(orgId: string, actionId: string, now = new Date()): Promise<void> {
  const item = await requireAction(orgId, actionId);
  if (item.state === 'open') {
    const closedAt = now.toISOString();
    if (await repo.withdraw(orgId, actionId, closedAt)) {
      await queueClosing(orgId, actionId, 'withdrawn', closedAt).catch((error: unknown) =>
        logger.error('Action withdrawal not queued', { id: actionId, error: (error as Error).message }),
      );
      return;
    }
    // Closed meanwhile (fulfilled, expired): removed like any closed action.
  }
  await removeAction(item);
}

export async function listActions(orgId: string, query: { next_token?: string; limit?: string }): Promise<ActionPage> {
  const page = await repo.listPage(orgId, pageSize(query.limit), query.next_token);
  return { items: page.data.map((item) => toDto(item)), ...(page.cursor ? { next_token: page.cursor } : {}) };
}

async function statusOfItem(item: ActionItem): Promise<ActionStatus> {
  const rows = await askedRows(item.orgId, item.actionId, item.recipientShards, item.step);
  const asked = rows.filter((row) => row.row === 'USER').map((row) => row.userId);
  return actionStatusOf(item, rows, await presenceOfUsers(item.orgId, asked));
}

export async function getAction(orgId: string, actionId: string): Promise<ActionDto> {
  const item = await requireAction(orgId, actionId);
  return toDto(item, await statusOfItem(item));
}

export async function getActionStatus(orgId: string, actionId: string): Promise<ActionStatus> {
  return statusOfItem(await requireAction(orgId, actionId));
}
