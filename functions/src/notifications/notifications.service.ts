import {
  NOT_CARRIED_OUT,
  NOTIFICATION_NOT_FOUND,
  RECURRING_ROOT_NOT_FOUND,
  notificationSchema,
  sentNotificationEditSchema,
  type NotificationDto,
  type NotificationInput,
  type NotificationPage,
  type NotificationStatus,
} from '@portal/shared/notifications/notification.schema';
import { childId } from '@portal/shared/notifications/send-time';
import { newSeriesMeta, rootMeta } from '@portal/shared/scheduling/series-meta';
import { newId } from '../platform/db/ids.ts';
import { pageSize } from '../platform/db/paging.ts';
import { DomainError, NotFoundError, UnavailableError } from '../platform/errors/domain-errors.ts';
import { parseInput } from '../platform/http/validate.middleware.ts';
import { logger } from '../platform/logger.ts';
import { ItemExistsError } from '../platform/templates/from-template-job.ts';
import { assertOwnedIds } from '../platform/tenancy/owned-ids.ts';
import { assertRecipients } from '../users/public.ts';
import { deliver, prepareSend } from './delivery.service.ts';
import type { NotificationItem } from './notification.entity.ts';
import { RECURRING_ROOT, isChild, isRoot, isSent, metaOf, toDto } from './notification-dto.ts';
import { EMPTY_STATUS, statusOf } from './notification-status.ts';
import * as repo from './notifications.repository.ts';
import { deleteRows, readRows } from './recipients.repository.ts';
import { beforeRemove } from './report-refresh.ts';
import { materialiseOccurrence } from './series.service.ts';
import { cancelSchedule, restoreSchedule, scheduleNameOf, scheduleSend, scheduleSeries } from './schedules.ts';
import { planSend, type SendPlan } from './send-plan.ts';
import { createTemplateFrom } from './templates.service.ts';

const notFound = () => new NotFoundError(NOTIFICATION_NOT_FOUND);

export async function requireNotification(orgId: string, notificationId: string): Promise<NotificationItem> {
  const item = await repo.getNotification(orgId, notificationId);
  if (!item) throw notFound();
  return item;
}

/** The stored fields of a create or full edit, before the plan decides list state and schedule. */
function draftOf(orgId: string, notificationId: string, input: NotificationInput, author: { createdBy: string; createdAt: string }, now: Date): NotificationItem {
  const meta = newSeriesMeta(input.meta);
  return {
    orgId,
    notificationId,
    content: input.content,
    recipientGroups: input.recipient_groups,
    config: { send: input.config.send ?? null, recurring: input.config.recurring ?? null },
    meta,
    ...author,
    updatedAt: now.toISOString(),
  };
}

type Write = (item: NotificationItem) => Promise<void>;
/** Puts back what a failed create or edit changed: a create leaves no row, an edit the notification as it was. */
type Undo = () => Promise<void>;

/**
 * Carries out a plan for a new or fully edited notification. `write` stores the item (insert for a
 * create, replace for an edit); the schedule is created after the row, so a firing always finds it.
 * If any step fails (the delivery queue, the scheduler), `undo` puts things back before the error
 * is answered: nothing is listed as sent without a delivery, and a failed edit loses nothing.
 */
async function carryOut(draft: NotificationItem, plan: SendPlan, now: Date, write: Write, undo: Undo): Promise<NotificationItem> {
  try {
    return await carryOutPlan(draft, plan, now, write);
  } catch (error) {
    try {
      await undo();
    } catch (undoError) {
      logger.error('A failed send or schedule could not be put back', { id: draft.notificationId, error: (undoError as Error).message });
      throw error;
    }
    if (error instanceof DomainError) throw error;
    logger.error('Send or schedule failed and was put back', { id: draft.notificationId, error: (error as Error).message });
    throw new UnavailableError(NOT_CARRIED_OUT);
  }
}

async function carryOutPlan(draft: NotificationItem, plan: SendPlan, now: Date, write: Write): Promise<NotificationItem> {
  if (plan.kind === 'now') return sendNow(draft, now, write);
  const name = scheduleNameOf(draft.notificationId);
  if (plan.kind === 'later') {
    const at = plan.at.toISOString();
    const item: NotificationItem = { ...draft, listState: 'SCHEDULED', listAt: at, sendAt: at, scheduleName: name };
    await write(item);
    // The moment may pass while we write (a send a second ahead): then it goes now.
    if (!(await scheduleSend(draft.orgId, draft.notificationId, plan.at))) return sendNow(item, now, async (sent) => void (await repo.replaceNotification(sent)));
    return item;
  }
  const next = plan.first?.toISOString();
  const root: NotificationItem = {
    ...draft,
    itemType: RECURRING_ROOT,
    meta: rootMeta(metaOf(draft)),
    timeZone: plan.series.timeZone,
    scheduleName: name,
    ...(next ? { listState: 'SCHEDULED' as const, listAt: next, sendAt: next } : {}),
  };
  await write(root);
  await scheduleSeries(draft.orgId, draft.notificationId, plan.series);
  if (plan.immediate) {
    try {
      await materialiseOccurrence(root, plan.immediate, now);
    } catch (error) {
      // Its child would be listed as sent without a delivery (the root itself goes with the undo).
      await repo.deleteNotification(draft.orgId, childId(draft.notificationId, plan.immediate));
      throw error;
    }
  }
  return root;
}

/** Stores the notification as sent, then queues its delivery; a failure reaches carryOut's undo. */
async function sendNow(draft: NotificationItem, now: Date, write: Write): Promise<NotificationItem> {
  const { scheduleName: _, ...unscheduled } = draft;
  const prepared = await prepareSend(unscheduled, now);
  await write(prepared.item);
  // Batches queued before a failure find the row gone or unsent again (undo) and are dropped.
  await deliver(prepared);
  return prepared.item;
}

/**
 * A new notification that failed is removed with any schedule it got: the one its inserted row
 * names. A send now names none and cancels nothing (its report's last fold is scheduled only once
 * its delivery is queued, past any undo).
 */
const removeNew = (inserted: NotificationItem): Undo => async () => {
  await cancelSchedule(inserted.scheduleName);
  await repo.deleteNotification(inserted.orgId, inserted.notificationId);
};

/**
 * A failed edit puts the notification back as it was, with the schedule or series it had
 * (updateNotification cancelled it; scheduling the same name again replaces whatever the edit made).
 */
const restoreOriginal = (original: NotificationItem): Undo => async () => {
  // Deleted by someone else meanwhile: nothing to put back.
  if (!(await repo.replaceNotification(original))) return;
  if (await restoreSchedule(original)) return;
  // Its send time passed during the failed edit: it goes out as its schedule would have, a moment late.
  const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000).toISOString();
  const late = { ...original, listAt: at, sendAt: at };
  await repo.replaceNotification(late);
  if (!(await restoreSchedule(late))) throw new Error(`The schedule of ${original.notificationId} could not be put back`);
};

/**
 * Recipients (asked of the users module) and the template a notification names must be the
 * organisation's (docs/security.md, "Ids in request bodies"), and so must the trigger that made it
 * (`meta.trigger_id`, AP72).
 */
async function checkIds(orgId: string, input: NotificationInput): Promise<void> {
  await assertRecipients(orgId, 'recipient_groups', input.recipient_groups);
  await assertOwnedIds(orgId, [
    { field: 'meta.template_id', kind: 'notificationTemplate', ids: [input.meta?.template_id] },
    { field: 'meta.trigger_id', kind: 'trigger', ids: [input.meta?.trigger_id] },
  ]);
}

/**
 * `id`: a fixed id (a trigger's firing fixed it, decision 0039); when a notification has it
 * already, ItemExistsError is thrown and nothing of that one is touched.
 */
export async function createNotification(orgId: string, userId: string, input: NotificationInput, now = new Date(), id = newId(now.getTime())): Promise<NotificationDto> {
  await checkIds(orgId, input);
  const plan = await planSend(orgId, input, now);
  const draft = draftOf(orgId, id, input, { createdBy: userId, createdAt: now.toISOString() }, now);
  if (input.save_as_template) await createTemplateFrom(orgId, userId, input, now);
  // Only what this call inserted is removed when the send fails.
  let inserted: NotificationItem | undefined;
  const item = await carryOut(
    draft,
    plan,
    now,
    async (row) => {
      if (!(await repo.insertNotification(row))) throw new ItemExistsError(id);
      inserted = row;
    },
    async () => {
      if (inserted) await removeNew(inserted)();
    },
  );
  return toDto(item);
}

/**
 * A sent notification takes content edits only (its title rule alone); a scheduled one or a
 * recurring root is replaced as a whole and rescheduled.
 */
export async function updateNotification(orgId: string, notificationId: string, body: unknown, userId: string, now = new Date()): Promise<NotificationDto> {
  const item = await requireNotification(orgId, notificationId);
  // The schema depends on the stored item (a sent one takes content edits only), so the body is
  // checked here, as the HTTP preset checks one: types first, then the schema, the same 400.
  if (isSent(item)) {
    const { content } = await parseInput(sentNotificationEditSchema, body ?? {}, 'body');
    await repo.setContent(orgId, notificationId, content, now.toISOString());
    return toDto({ ...item, content });
  }
  const input = await parseInput(notificationSchema, body ?? {}, 'body');
  await checkIds(orgId, input);
  const plan = await planSend(orgId, input, now, { seriesEdit: isRoot(item) });
  await cancelSchedule(item.scheduleName);
  const draft = draftOf(orgId, notificationId, input, { createdBy: item.createdBy, createdAt: item.createdAt }, now);
  if (input.save_as_template) await createTemplateFrom(orgId, userId, input, now);
  const updated = await carryOut(
    draft,
    plan,
    now,
    async (row) => {
      if (!(await repo.replaceNotification(row))) throw notFound();
    },
    restoreOriginal(item),
  );
  return toDto(updated);
}

/** Removes a notification, its schedule and its recipient rows; its report fact stays (decision 0087). */
async function removeOne(item: NotificationItem): Promise<void> {
  await beforeRemove(item);
  await cancelSchedule(item.scheduleName);
  await repo.deleteNotification(item.orgId, item.notificationId);
  if (item.recipientShards) await deleteRows(item.orgId, item.notificationId, item.recipientShards);
}

/** AP41: the root, its schedule and every child. */
async function removeSeries(orgId: string, rootId: string): Promise<void> {
  await cancelSchedule(scheduleNameOf(rootId));
  const series = await repo.getSeries(orgId, rootId);
  for (const item of series) await removeOne(item);
}

/**
 * scope 'one' removes the item (a scheduled one with its schedule; a root ends its series, its
 * sent children stay); 'all' on a child or a root removes the whole series.
 */
export async function deleteNotification(orgId: string, notificationId: string, scope: 'one' | 'all'): Promise<void> {
  const item = await requireNotification(orgId, notificationId);
  const rootId = isRoot(item) ? item.notificationId : isChild(item) ? metaOf(item).recurring_root_id : null;
  if (scope === 'all' && rootId) return removeSeries(orgId, rootId);
  await removeOne(item);
}

/** "Fetch recurring root by id": the root of a child (or the root itself). */
export async function getRecurringRoot(orgId: string, notificationId: string): Promise<NotificationDto> {
  const item = await requireNotification(orgId, notificationId);
  if (isRoot(item)) return toDto(item);
  const rootId = isChild(item) ? metaOf(item).recurring_root_id : null;
  const root = rootId ? await repo.getNotification(orgId, rootId) : null;
  if (!root) throw new NotFoundError(RECURRING_ROOT_NOT_FOUND);
  return toDto(root);
}

export async function listNotifications(orgId: string, query: { tab: 'sent' | 'scheduled'; next_token?: string; limit?: string }): Promise<NotificationPage> {
  const page = await repo.listPage(orgId, query.tab === 'scheduled' ? 'SCHEDULED' : 'SENT', pageSize(query.limit), query.next_token);
  return { items: page.data.map((item) => toDto(item)), ...(page.cursor ? { next_token: page.cursor } : {}) };
}

async function statusOfItem(item: NotificationItem): Promise<NotificationStatus> {
  if (!item.recipientShards) return EMPTY_STATUS;
  return statusOf(await readRows(item.orgId, item.notificationId, item.recipientShards));
}

export async function getNotification(orgId: string, notificationId: string): Promise<NotificationDto> {
  const item = await requireNotification(orgId, notificationId);
  return toDto(item, await statusOfItem(item));
}

export async function getNotificationStatus(orgId: string, notificationId: string): Promise<NotificationStatus> {
  return statusOfItem(await requireNotification(orgId, notificationId));
}
