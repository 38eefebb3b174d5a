import type { TaskListTab } from '@portal/shared/tasks/task.schema';
import { pageTokenOf } from '../platform/db/paging.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';
import { userTaskPage } from './recipients.repository.ts';
import { dayBounds, onTab } from './task-rules.ts';
import type { TaskItem } from './task.entity.ts';
import { allPage, donePage, getTasks, openPage, tokenList } from './tasks.repository.ts';

/** Who reads a list: an employee (and nothing else) sees only the tasks delivered to them. */
export interface Viewer {
  userId: string;
  employeeOnly: boolean;
}

interface Read {
  limit: number;
  token?: string | undefined;
}

export interface ListPage {
  items: TaskItem[];
  next_token?: string;
}

const page = (items: TaskItem[], cursor: string | null | undefined): ListPage => ({ items, ...(cursor ? { next_token: cursor } : {}) });

/** The token that starts the today tab's second part (the open tasks) from its beginning. */
const openStart = (orgId: string) => pageTokenOf({ gsi1pk: `ORG#${orgId}#TASKS#OPEN` });
const isOpenStart = (orgId: string, token: string | undefined) => token === openStart(orgId);

/**
 * Today (AP52): first the tasks completed today (DONE list, since the day's start, newest first),
 * then the open ones that started before tomorrow (OPEN list, latest start first: later today,
 * ongoing, then overdue ones of earlier days). Two Queries on keys; the token says which part it
 * continues (its gsi1pk), so paging goes from one into the other.
 */
async function todayPage(orgId: string, read: Read, now: Date): Promise<ListPage> {
  const day = dayBounds(now, await organizationTimeZone(orgId));
  const part = isOpenStart(orgId, read.token) ? 'OPEN' : tokenList(orgId, read.token);
  const items: TaskItem[] = [];
  if (part !== 'OPEN') {
    const done = await donePage(orgId, day.start, { limit: read.limit, token: read.token });
    if (done.cursor) return page(done.data, done.cursor);
    items.push(...done.data);
    if (items.length >= read.limit) return page(items, openStart(orgId));
  }
  const open = await openPage(orgId, { before: day.end }, { limit: read.limit - items.length, token: isOpenStart(orgId, read.token) ? undefined : part === 'OPEN' ? read.token : undefined });
  return page([...items, ...open.data], open.cursor);
}

/** Reads of the employee's own list before a page is handed out short. */
const MAX_READS = 5;

/**
 * An employee's tab (AP60a): the tasks delivered to them, newest first, the tab's rule applied to
 * each (task-rules.ts `onTab`). Their rows are read `limit` at a time until the page is full or 5
 * were read; the token is where the reads stopped, so nothing is skipped.
 */
async function ownPage(orgId: string, tab: TaskListTab, read: Read, viewer: Viewer, now: Date): Promise<ListPage> {
  const day = dayBounds(now, await organizationTimeZone(orgId));
  const items: TaskItem[] = [];
  let token = read.token;
  for (let reads = 0; reads < MAX_READS && items.length < read.limit; reads++) {
    const rows = await userTaskPage(orgId, viewer.userId, { limit: read.limit - items.length, token });
    const tasks = await getTasks(orgId, rows.data.map((row) => row.taskId));
    items.push(...tasks.filter((task) => onTab(tab, task, now, day)));
    token = rows.cursor ?? undefined;
    if (!token) break;
  }
  return page(items, token);
}

/** A tab of the organisation's list (AP52–AP55), or of the employee's own. */
export async function listTab(orgId: string, tab: TaskListTab, read: Read, viewer: Viewer, now: Date): Promise<ListPage> {
  if (viewer.employeeOnly) return ownPage(orgId, tab, read, viewer, now);
  if (tab === 'today') return todayPage(orgId, read, now);
  if (tab === 'scheduled') {
    const open = await openPage(orgId, { after: now.toISOString() }, read);
    return page(open.data, open.cursor);
  }
  if (tab === 'completed') {
    const done = await donePage(orgId, null, read);
    return page(done.data, done.cursor);
  }
  const all = await allPage(orgId, read);
  return page(all.data, all.cursor);
}
