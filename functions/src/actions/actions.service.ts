import { ACTION_MESSAGES, type ActionDto, type ActionInput, type ActionPage, type ActionStatus } from '@portal/shared/actions/action.schema';
import { NO_RECIPIENTS } from '@portal/shared/recipients/recipient.schema';
import { newId } from '../platform/db/ids.ts';
import { pageSize } from '../platform/db/paging.ts';
import { shardCount } from '../platform/delivery/shards.ts';
import { InvalidInputError, NotFoundError, UnavailableError } from '../platform/errors/domain-errors.ts';
import { logger } from '../platform/logger.ts';
import { ItemExistsError, type FiringRef } from '../platform/templates/from-template-job.ts';
import { assertOwnedIds } from '../platform/tenancy/owned-ids.ts';
import { presenceOfUsers } from '../devices/public.ts';
import { assertRecipients } from '../users/public.ts';
import { toDto } from './action-dto.ts';
import type { ActionMeta } from './action-signals.ts';
import type { ActionItem } from './action.entity.ts';
import { actionStatusOf } from './action-status.ts';
import { firstStepAt, queueAsk } from './ask-job.ts';
import { actionSettings } from './action-settings.entity.ts';
import * as repo from './actions.repository.ts';
import { queueClosing } from './closing-job.ts';
import { askedRows, deleteRows } from './recipients.repository.ts';
import { refreshActionFact } from './report-refresh.ts';
import { renumberedGroups } from './send-plan.ts';
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
  const settings = await actionSettings.read(orgId);
  if (!settings.forward_after_options.includes(forwardAfter)) throw InvalidInputError.onField('config.forward_after', ACTION_MESSAGES.forwardAfterOption);
}

/**
 * Sends an action now (decision 0026: actions go out at once, `opts.send_time` is the server's send
 * instant). Empty recipient groups are dropped and the rest renumbered; the first group with
 * someone in it (group 0 unless it resolves to nobody) is asked, without the creator when
 * `exclude_creator`; its time-out falls `forward_after` seconds after its prompts are queued. The
 * row is stored open at that step, not yet asked (`timedStep` below it), and the asking queued as a
 * job (decision 0076, `ask-job.ts`): every group's recipient rows, the step's deliveries and timer,
 * so the answer does not wait on writing them. A failure to queue removes the action again and
 * answers 503. `actionId`: a fixed id (a trigger's firing fixed it, decision 0039); taken already,
 * ItemExistsError. `firing`: the firing that made it, kept in `meta` (`firing_id`, `firing_at`) for
 * its report fact (decision 0087).
 */
export async function sendAction(
  orgId: string,
  userId: string,
  input: ActionInput,
  now = new Date(),
  actionId = newId(now.getTime()),
  firing?: FiringRef,
): Promise<ActionDto> {
  await checkIds(orgId, input);
  await checkForwardAfter(orgId, input.config.forward_after);
  const groups = renumberedGroups(input.recipient_groups);
  const first = await firstStepAt(orgId, groups, input.config.exclude_creator ? userId : null, now);
  if (!first) throw InvalidInputError.onField('recipient_groups', NO_RECIPIENTS);
  if (input.save_as_template) await createTemplateFrom(orgId, userId, input, now);

  const sendTime = now.toISOString();
  const item: ActionItem = {
    orgId,
    actionId,
    content: input.content,
    recipientGroups: groups,
    config: input.config,
    meta: {
      template_id: input.meta?.template_id ?? null,
      trigger_id: input.meta?.trigger_id ?? null,
      ...(firing ? { firing_id: firing.firingId, firing_at: firing.firingAt } : {}),
    } satisfies ActionMeta,
    sendTime,
    createdBy: userId,
    createdAt: sendTime,
    state: 'open',
    step: first.step,
    // The plan; the asking job fixes the step it asks (startFirstStep).
    firstStep: first.step,
    stepDeadline: new Date(now.getTime() + input.config.forward_after * 1000).toISOString(),
    recipientCount: first.userIds.length,
    acceptedCount: 0,
    declinedCount: 0,
    neededCount: neededCount(input.config.response_threshold, first.userIds.length),
    recipientShards: shardCount(first.total),
    // Not yet asked: the asking job times the step and marks it (askFirstStep).
    timedStep: first.step - 1,
    timingSince: sendTime,
  };
  if (!(await repo.insertAction(item))) throw new ItemExistsError(actionId);
  try {
    await queueAsk(orgId, actionId);
  } catch (error) {
    await repo.deleteAction(orgId, actionId);
    logger.error('Action send failed and was removed', { id: actionId, error: (error as Error).message });
    throw new UnavailableError(ACTION_MESSAGES.notCarriedOut);
  }
  await refreshActionFact(orgId, actionId);
  return toDto(item);
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
 * withdrawn) is removed with its recipient rows; its report fact stays as it last was (decision
 * 0087), refreshed before the row goes.
 */
export async function deleteAction(orgId: string, actionId: string, now = new Date()): Promise<void> {
  const item = await requireAction(orgId, actionId);
  if (item.state === 'open') {
    const closedAt = now.toISOString();
    if (await repo.withdraw(orgId, actionId, closedAt)) {
      await queueClosing(orgId, actionId, 'withdrawn', closedAt).catch((error: unknown) =>
        logger.error('Action withdrawal not queued', { id: actionId, error: (error as Error).message }),
      );
      await refreshActionFact(orgId, actionId);
      return;
    }
    // Closed meanwhile (fulfilled, expired): removed like any closed action.
  }
  await refreshActionFact(orgId, actionId);
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
