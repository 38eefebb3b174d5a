import { isWellFormedId as isKeyPart } from '../validation/id-rule.ts';
import { createEnvelope } from './topics.ts';

/**
 * The task messages of docs/device-protocol.md §5, shared by the tasks functions, the watch emulator
 * and the tests. Downlink on the user's inbox (envelope types below); uplink on the device's or
 * user's events topic with `data.kind: 'task'` (envelope type `event` for receipts, `completed`,
 * `declined` or `checklist`).
 */

/** A checklist item as the watch shows it. */
export interface TaskChecklistItemData {
  id: string;
  title: string;
  is_checked: boolean;
}

/**
 * `data` of the task (envelope type 'task'), sent at its start; sent again as 'task_update' (same
 * data, a new envelope id per change) when its checklist or content changes while it is open.
 */
export interface TaskMessageData {
  kind: 'task';
  task_id: string;
  title: string;
  body: string;
  /** Items not deleted, in order, with their current ticks (the checklist is shared: decision 0028). */
  checklist: TaskChecklistItemData[];
  /** 'one' or 'all': whether the first completion completes it for everyone. */
  closure_criteria: 'one' | 'all';
  start: string;
  end: string;
  /**
   * When it was completed (ISO-8601 UTC), null while it is open. A `task_update` goes to recipients
   * who have not answered also after the task completed (a content edit, a late tick) and after an
   * admin's undo: this says which, so the watch keeps it closed or opens it again. Absent: unknown.
   */
  completed_time?: string | null;
}

export const TASK_CLOSED_REASONS = ['completed', 'all_declined', 'deleted'] as const;
export type TaskClosedReason = (typeof TASK_CLOSED_REASONS)[number];

/** `data` of the withdrawal (envelope type 'task_closed'): the watch drops the task and shows why. */
export interface TaskClosedData {
  kind: 'task';
  task_id: string;
  reason: TaskClosedReason;
}

/** `data` of a reminder to a recipient who has not completed (envelope type 'task_reminder'). */
export interface TaskReminderData {
  kind: 'task';
  task_id: string;
  title: string;
  end: string;
}

/** `data` of the note to the creator that their task turned overdue (envelope type 'task_overdue'); shown like a notification. */
export interface TaskOverdueData {
  kind: 'task';
  task_id: string;
  title: string;
  end: string;
}

export const TASK_DOWNLINK_TYPES = ['task', 'task_update', 'task_closed', 'task_reminder', 'task_overdue'] as const;
export type TaskDownlinkType = (typeof TASK_DOWNLINK_TYPES)[number];

/** Uplink envelope types about a task. */
export const TASK_EVENT_TYPES = ['event', 'completed', 'declined', 'checklist'] as const;
export type TaskEventType = (typeof TASK_EVENT_TYPES)[number];

/** A task event from a device, parsed. */
export type TaskEvent =
  | { type: 'event'; task_id: string; event: 'received' | 'read'; at?: string }
  | { type: 'completed' | 'declined'; task_id: string; at?: string }
  | { type: 'checklist'; task_id: string; items: Array<{ id: string; is_checked: boolean }>; at?: string };

/** Ticks in one checklist event, at most (the task's own limit is 20). */
export const CHECKLIST_EVENT_ITEMS_MAX = 20;

const isoOf = (value: unknown) => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : undefined);

/**
 * The task event in an envelope's type and data, or undefined when it is not a well-formed one.
 * Ids follow the one id rule (validation/id-rule.ts), the same the API's schemas apply.
 */
export function parseTaskEvent(type: string, data: Record<string, unknown>): TaskEvent | undefined {
  const taskId = data.task_id;
  if (data.kind !== 'task' || !isKeyPart(taskId)) return undefined;
  const at = isoOf(data.at);
  const when = at ? { at } : {};
  switch (type) {
    case 'event':
      return data.event === 'received' || data.event === 'read' ? { type, task_id: taskId, event: data.event, ...when } : undefined;
    case 'completed':
    case 'declined':
      return { type, task_id: taskId, ...when };
    case 'checklist': {
      const items = data.items;
      if (!Array.isArray(items) || !items.length || items.length > CHECKLIST_EVENT_ITEMS_MAX) return undefined;
      // A null or a string among the items is refused like any malformed item, not read as one.
      const parsed = items.map((item: unknown) => (item && typeof item === 'object' ? (item as { id?: unknown; is_checked?: unknown }) : {}));
      if (!parsed.every((item) => isKeyPart(item.id) && typeof item.is_checked === 'boolean')) return undefined;
      return { type, task_id: taskId, items: parsed.map((item) => ({ id: item.id as string, is_checked: item.is_checked as boolean })), ...when };
    }
    default:
      return undefined;
  }
}

/** A task message of the inbox, parsed (the watch's side). */
export type TaskDownlink =
  | { type: 'task' | 'task_update'; data: TaskMessageData }
  | { type: 'task_closed'; data: TaskClosedData }
  | { type: 'task_reminder'; data: TaskReminderData }
  | { type: 'task_overdue'; data: TaskOverdueData };

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T => (values as readonly unknown[]).includes(value);

/** The checklist of a task message, or undefined when any item is malformed, an id repeats or there are too many. */
function checklistOf(value: unknown): TaskChecklistItemData[] | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > CHECKLIST_EVENT_ITEMS_MAX) return undefined;
  const items = value.map((item: unknown) => (item && typeof item === 'object' ? (item as Record<string, unknown>) : {}));
  if (!items.every((item) => isKeyPart(item.id) && typeof item.title === 'string' && typeof item.is_checked === 'boolean')) return undefined;
  if (new Set(items.map((item) => item.id)).size !== items.length) return undefined;
  return items.map((item) => ({ id: item.id as string, title: item.title as string, is_checked: item.is_checked as boolean }));
}

/**
 * The task message an inbox envelope carries, or undefined when it is none or malformed (a watch
 * ignores what it cannot read rather than show half of it). A task, a reminder and an overdue note
 * need their end; a checklist item its key-part id, a title and a tick.
 */
export function parseTaskDownlink(type: string, data: Record<string, unknown>): TaskDownlink | undefined {
  const taskId = data.task_id;
  if (data.kind !== 'task' || !isKeyPart(taskId)) return undefined;
  const base = { kind: 'task' as const, task_id: taskId };
  switch (type) {
    case 'task':
    case 'task_update': {
      const end = isoOf(data.end);
      const checklist = checklistOf(data.checklist);
      if (!end || !checklist) return undefined;
      const closure = oneOf(['one', 'all'] as const, data.closure_criteria) ? data.closure_criteria : 'one';
      const fields = { title: textOf(data.title), body: textOf(data.body), checklist, closure_criteria: closure, start: isoOf(data.start) ?? '', end };
      // A time that is no time says nothing (absent), like a missing one.
      const completed = data.completed_time === null ? { completed_time: null } : isoOf(data.completed_time) ? { completed_time: isoOf(data.completed_time)! } : {};
      return { type, data: { ...base, ...fields, ...completed } };
    }
    case 'task_closed':
      return oneOf(TASK_CLOSED_REASONS, data.reason) ? { type, data: { ...base, reason: data.reason } } : undefined;
    case 'task_reminder':
    case 'task_overdue': {
      const end = isoOf(data.end);
      return end ? { type, data: { ...base, title: textOf(data.title), end } } : undefined;
    }
    default:
      return undefined;
  }
}

/** The uplink envelope of a task event (QoS 1, a new envelope id each; the portal counts a replayed id once). */
export function taskEventEnvelope(event: TaskEvent, id: string, now = new Date()) {
  const { type, ...rest } = event;
  return createEnvelope(type, { kind: 'task' as const, ...rest, at: rest.at ?? now.toISOString() }, id, now);
}
