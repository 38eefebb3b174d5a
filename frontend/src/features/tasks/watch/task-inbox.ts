import { parseTaskDownlink, taskEventEnvelope, type TaskClosedReason } from '@portal/shared/devices/task-messages';
import type { Envelope } from '@portal/shared/devices/topics';
import type { TaskAnswer, WatchMessage, WatchReply, WatchResponse, WatchTask } from '../../../watch/watch-message.ts';
import { formatDay, formatTime, todayIn } from '../../../lib/zoned-time.ts';

const isTaskOf = (message: WatchMessage, taskId: string) => message.kind === 'task' && message.messageId === taskId && !!message.task;

const updateTask = (messages: readonly WatchMessage[], taskId: string, change: (task: WatchTask) => WatchTask): WatchMessage[] =>
  messages.map((m) => (isTaskOf(m, taskId) ? { ...m, task: change(m.task!) } : m));

/**
 * What the task's `completed_time` says of a task the watch knows: completed (it closes, whatever
 * the user did here), or open again after an admin's undo (a completion, here or by others, is
 * cleared; a decline stands). Absent, the watch keeps what it knows.
 */
function completedState({ answered, closed }: Pick<WatchTask, 'answered' | 'closed'>, completedTime: string | null | undefined): Pick<WatchTask, 'answered' | 'closed'> {
  if (typeof completedTime === 'string') return { answered, closed: closed ?? 'completed' };
  if (completedTime === null) return { answered: answered === 'completed' ? undefined : answered, closed: closed === 'completed' ? undefined : closed };
  return { answered, closed };
}

/**
 * The inbox after one task envelope (docs/device-protocol.md §5, tasks):
 * - `task` shows the task (again, as new, when it had been closed: an all-declined task edited
 *   and sent anew); `task_update` brings its new content and everyone's ticks, in place, keeping
 *   what the watch knows (read, the user's answer, a closure) unless its completed_time says otherwise;
 * - `task_closed` takes the checklist and the buttons away and keeps the reason;
 * - `task_reminder` (one card each) and `task_overdue` are cards like notifications.
 * What the watch cannot read, or a closure of a task it never showed, changes nothing.
 */
/** How long a tick made here outweighs the portal's ticks while unconfirmed (its uplink is QoS 1; a lost one must not stick). */
export const PENDING_TICK_MS = 15_000;

/**
 * The portal's checklist with this watch's ticks it has not confirmed yet laid over it: an update
 * answering the first of two quick ticks carries the second as unticked. A tick is confirmed (and
 * dropped) when the portal's item agrees with it, or forgotten after PENDING_TICK_MS.
 */
function withPending(checklist: WatchTask['checklist'], pending: WatchTask['pending'], now: number): Pick<WatchTask, 'checklist' | 'pending'> {
  const open = Object.entries(pending ?? {}).filter(([id, tick]) => now - tick.at < PENDING_TICK_MS && checklist.some((item) => item.id === id && item.is_checked !== tick.is_checked));
  if (!open.length) return { checklist };
  const ticks = new Map(open);
  return {
    checklist: checklist.map((item) => (ticks.has(item.id) ? { ...item, is_checked: ticks.get(item.id)!.is_checked } : item)),
    pending: Object.fromEntries(open),
  };
}

export function applyTaskEnvelope(messages: readonly WatchMessage[], envelope: Envelope, now = Date.now()): WatchMessage[] {
  const parsed = parseTaskDownlink(envelope.type, envelope.data);
  if (!parsed) return [...messages];
  const common = { envelopeId: envelope.id, data: envelope.data, read: false };
  switch (parsed.type) {
    case 'task':
    case 'task_update': {
      const { task_id, title, body, checklist, closure_criteria, end, completed_time } = parsed.data;
      const existing = messages.find((m) => isTaskOf(m, task_id));
      const anew = parsed.type === 'task' && !!existing?.task?.closed;
      const kept = existing && !anew ? existing : undefined;
      const { answered, closed } = completedState(kept?.task ?? {}, completed_time);
      const ticks = withPending(checklist, kept?.task?.pending, now);
      const task: WatchTask = { end, closure: closure_criteria, ...ticks, ...(answered ? { answered } : {}), ...(closed ? { closed } : {}) };
      const message: WatchMessage = { ...common, kind: 'task', messageId: task_id, title, body, sentAt: kept?.sentAt ?? envelope.sent_at, read: kept?.read ?? false, task };
      if (!existing || anew) return [message, ...messages.filter((m) => m !== existing)];
      return messages.map((m) => (m === existing ? message : m));
    }
    case 'task_closed': {
      const { task_id, reason } = parsed.data;
      return updateTask(messages, task_id, (task) => ({ ...task, closed: reason }));
    }
    case 'task_reminder':
    case 'task_overdue': {
      const { task_id, title, end } = parsed.data;
      // Each reminder is its own card (a task may be reminded at several offsets); overdue comes once.
      const messageId = parsed.type === 'task_reminder' ? `${task_id}:${envelope.id}` : task_id;
      return [{ ...common, kind: parsed.type, messageId, title, body: '', sentAt: envelope.sent_at, due: end }, ...messages.filter((m) => !(m.kind === parsed.type && m.messageId === messageId))];
    }
    default:
      return [...messages];
  }
}

/** The user ticked or unticked items on this watch: shown at once, before the portal's `task_update` confirms. */
export const tickItems = (messages: readonly WatchMessage[], taskId: string, items: ReadonlyArray<{ id: string; is_checked: boolean }>, now = Date.now()): WatchMessage[] =>
  updateTask(messages, taskId, (task) => {
    if (task.closed || task.answered) return task;
    const ticks = new Map(items.map((item) => [item.id, item.is_checked]));
    const pending = { ...task.pending };
    for (const item of task.checklist) if (ticks.has(item.id)) pending[item.id] = { is_checked: ticks.get(item.id)!, at: now };
    return { ...task, pending, checklist: task.checklist.map((item) => (ticks.has(item.id) ? { ...item, is_checked: ticks.get(item.id)! } : item)) };
  });

/** The user completed or declined on this watch: the first answer stands, the buttons go at once. */
export const markTaskAnswered = (messages: readonly WatchMessage[], taskId: string, answer: TaskAnswer): WatchMessage[] =>
  updateTask(messages, taskId, (task) => (task.answered || task.closed ? task : { ...task, answered: answer }));

/**
 * What the user did in an opened task: completed or declined it, once (the buttons go at once), or
 * ticked items of its checklist, which go up as they are made.
 */
export function taskReply(message: WatchMessage, given: WatchResponse, id: string): WatchReply | undefined {
  if (typeof given !== 'object') return undefined;
  const task_id = message.messageId;
  if ('checklist' in given) {
    return { once: false, update: (list) => tickItems(list, task_id, given.checklist), envelope: taskEventEnvelope({ type: 'checklist', task_id, items: given.checklist }, id) };
  }
  return { once: true, update: (list) => markTaskAnswered(list, task_id, given.task), envelope: taskEventEnvelope({ type: given.task, task_id }, id) };
}

/** What a task shows: open (ticks, Complete once every item is ticked, Decline), answered here, or closed by the portal. */
export type TaskView =
  | { state: 'open'; checked: number; total: number; canComplete: boolean }
  | { state: 'answered'; answer: TaskAnswer; checked: number; total: number }
  | { state: 'closed'; reason: TaskClosedReason };

export function taskView(task: WatchTask): TaskView {
  if (task.closed) return { state: 'closed', reason: task.closed };
  const total = task.checklist.length;
  const checked = task.checklist.filter((item) => item.is_checked).length;
  if (task.answered) return { state: 'answered', answer: task.answered, checked, total };
  return { state: 'open', checked, total, canComplete: checked === total };
}

/** A task's end as the watch says it, in the organisation's zone: the time alone on the same day, else the day and the time. */
export function formatDue(iso: string, language: string, now: Date, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const [day, today] = [todayIn(timeZone, date), todayIn(timeZone, now)];
  const time = formatTime(date, language, timeZone);
  return day === today ? time : `${formatDay(day, language, { day: 'numeric', month: 'short' })}, ${time}`;
}
