import { conditionalWrite } from '../platform/db/conditional-write.ts';
import { checkedPageToken, withPageToken } from '../platform/db/paging.ts';
import { TaskEntity, type TaskItem } from './task.entity.ts';
import { BATCH_GET_CONCURRENT, getEvery } from '../platform/db/unprocessed.ts';

/** The task rows (docs/data-model.md §3.6, AP52–AP57). Outcomes are booleans or null, never HTTP. */

// AP56. `consistent`: the delivery consumer and every rule that reads what a write just left.
export async function getTask(orgId: string, taskId: string, opts: { consistent?: boolean } = {}): Promise<TaskItem | null> {
  return (await TaskEntity.get({ orgId, taskId }).go({ consistent: opts.consistent ?? false })).data;
}

/** A new task (condition: no row under the key): false when the id exists (a child materialised twice). */
export async function insertTask(item: TaskItem): Promise<boolean> {
  return conditionalWrite(() => TaskEntity.create(item).go());
}

/** Replaces a task that still exists (a full edit); false when it is gone. */
export async function replaceTask(item: TaskItem): Promise<boolean> {
  return conditionalWrite(() =>
    TaskEntity.put(item)
      .where((attr, op) => op.exists(attr.taskId))
      .go(),
  );
}

export async function deleteTask(orgId: string, taskId: string): Promise<void> {
  await TaskEntity.delete({ orgId, taskId }).go();
}

/** The start's delivery is made: counts and shards fixed, once (a retried firing finds it set). */
export async function markDelivered(orgId: string, taskId: string, delivered: { deliveredAt: string; recipientCount: number; recipientShards: number }): Promise<boolean> {
  return conditionalWrite(() =>
    TaskEntity.patch({ orgId, taskId })
      .set({ ...delivered, completedCount: 0, declinedCount: 0 })
      .where((attr, op) => op.notExists(attr.deliveredAt))
      .go(),
  );
}

// AP56: the root and every child of a series (children's ids start with the root's).
export async function getSeries(orgId: string, rootId: string): Promise<TaskItem[]> {
  return (await TaskEntity.query.byId({ orgId }).begins({ taskId: rootId }).go({ pages: 'all' })).data;
}

/** A root's next occurrence, or none: the series is over and the root leaves the lists. */
export async function setRootNext(orgId: string, rootId: string, next: { startAt: string; endAt: string } | null): Promise<void> {
  const patch = TaskEntity.patch({ orgId, taskId: rootId });
  if (next) await patch.set({ listState: 'OPEN', listAt: next.startAt, startAt: next.startAt, endAt: next.endAt }).go();
  else await patch.remove(['listState', 'listAt']).go();
}

/** The creator was told the task turned overdue: once. */
export async function markOverdueNotified(orgId: string, taskId: string, at: string): Promise<boolean> {
  return conditionalWrite(() =>
    TaskEntity.patch({ orgId, taskId })
      .set({ overdueNotifiedAt: at })
      .where((attr, op) => op.notExists(attr.overdueNotifiedAt))
      .go(),
  );
}

/** A reminder `offsetMinutes` before the end was sent: once per offset (a fired-twice schedule reminds once). */
export async function markReminded(orgId: string, taskId: string, offsetMinutes: number): Promise<boolean> {
  return conditionalWrite(() =>
    TaskEntity.patch({ orgId, taskId })
      .append({ remindedOffsets: [offsetMinutes] })
      .where((attr, op) => `NOT ${op.contains(attr.remindedOffsets, offsetMinutes)}`)
      .go(),
  );
}

/** A content-only edit (ongoing, overdue, completed): content and the checklist's ticks, kept by item id. */
export async function setContent(orgId: string, taskId: string, content: unknown, checklistState: unknown, updatedAt: string): Promise<TaskItem | null> {
  let updated: TaskItem | null = null;
  const written = await conditionalWrite(async () => {
    updated = (await TaskEntity.patch({ orgId, taskId })
      .set({ content, checklistState, updatedAt })
      .go({ response: 'all_new' })).data as TaskItem;
  });
  return written ? updated : null;
}

type Page = { data: TaskItem[]; cursor: string | null };
const listPartition = (orgId: string, state: 'OPEN' | 'DONE') => `ORG#${orgId}#TASKS#${state}`;

/** Whether a client's token belongs to the OPEN or DONE list of the organisation (the today tab reads both). */
export function tokenList(orgId: string, token: string | undefined): 'OPEN' | 'DONE' | undefined {
  if (!token) return undefined;
  for (const state of ['DONE', 'OPEN'] as const) {
    try {
      if (checkedPageToken(token, 'gsi1pk', listPartition(orgId, state))) return state;
    } catch {
      // not this list
    }
  }
  return undefined;
}

interface ListRead {
  limit: number;
  token?: string | undefined;
}

/**
 * AP52 / AP53: the open list (not completed; a root under its next occurrence). `before`: started
 * before that instant, latest start first (today); `after`: starting after it, soonest first
 * (scheduled). The today tab leaves the roots out: they are no task to do.
 */
export async function openPage(orgId: string, range: { before: string } | { after: string }, read: ListRead): Promise<Page> {
  const cursor = checkedPageToken(read.token, 'gsi1pk', listPartition(orgId, 'OPEN')) ?? null;
  const query = TaskEntity.query.byList({ orgId, listState: 'OPEN' });
  if ('before' in range) {
    return withPageToken(() =>
      query
        .lt({ listAt: range.before })
        .where((attr, op) => `${op.notExists(attr.itemType)} OR ${op.ne(attr.itemType, 'task_recurring_root')}`)
        .go({ limit: read.limit, cursor, order: 'desc' }),
    ) as Promise<Page>;
  }
  return withPageToken(() => query.gt({ listAt: range.after }).go({ limit: read.limit, cursor, order: 'asc' })) as Promise<Page>;
}

/** AP54: completed tasks, newest completion first; `since`: completed at or after it (today's). */
export async function donePage(orgId: string, since: string | null, read: ListRead): Promise<Page> {
  const cursor = checkedPageToken(read.token, 'gsi1pk', listPartition(orgId, 'DONE')) ?? null;
  const query = TaskEntity.query.byList({ orgId, listState: 'DONE' });
  return withPageToken(() => (since ? query.gte({ listAt: since }) : query).go({ limit: read.limit, cursor, order: 'desc' })) as Promise<Page>;
}

/** AP55: every task of the organisation, newest created first (ULID order; a series' children follow their root). */
export async function allPage(orgId: string, read: ListRead): Promise<Page> {
  const cursor = checkedPageToken(read.token, 'pk', `ORG#${orgId}`) ?? null;
  return withPageToken(() => TaskEntity.query.byId({ orgId }).go({ limit: read.limit, cursor, order: 'desc' })) as Promise<Page>;
}

/** AP60b: tasks by id (an employee's page of their own), in the order asked; missing ones left out. */
export async function getTasks(orgId: string, taskIds: readonly string[]): Promise<TaskItem[]> {
  if (!taskIds.length) return [];
  const keys = [...new Set(taskIds)].map((taskId) => ({ orgId, taskId }));
  const data = await getEvery(keys, (pending) => TaskEntity.get(pending).go({ concurrent: BATCH_GET_CONCURRENT }), 'tasks by id');
  const byId = new Map(data.map((item) => [item.taskId, item]));
  return taskIds.flatMap((id) => byId.get(id) ?? []);
}

/**
 * AP84: the tasks starting in [from, to), open or done, by start (gsi2): a day's tasks for the
 * dashboard in ONE Query of at most `limit` (one page: the dashboard reads no further). A recurring
 * root is no task to do (its children are), so the Query's filter leaves it out.
 */
export async function tasksStartingBetween(orgId: string, from: string, to: string, limit: number): Promise<TaskItem[]> {
  const { data } = await TaskEntity.query
    .byStart({ orgId })
    .between({ startAt: from }, { startAt: to })
    .where((attr, op) => `${op.notExists(attr.itemType)} OR ${op.ne(attr.itemType, 'task_recurring_root')}`)
    .go({ limit, order: 'asc' });
  // between is inclusive: a task starting exactly at `to` belongs to the next day.
  return data.filter((task) => task.startAt < to);
}
