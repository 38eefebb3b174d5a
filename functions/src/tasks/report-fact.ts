import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { FACT_KINDS } from '@portal/shared/reports/report-definitions';
import { seriesMetaOf } from '@portal/shared/scheduling/series-meta';
import { allDeclined, completedAtStatusOf, taskStatusOf } from '@portal/shared/tasks/task-states';
import { CHECKLIST_ITEMS_MAX } from '@portal/shared/tasks/task.schema';
import { localTimeOf, type FactContent, type RollupContribution } from '../platform/reports/fact-content.ts';
import type { TaskRecipientItem } from './task-recipient.entity.ts';
import type { TaskItem } from './task.entity.ts';

/** The reports kit's kinds of a task's fact and of a person's answer to it (decision 0087, docs/data-model.md §3.12). */
export const TASK_FACT = FACT_KINDS.task;
export const TASK_ANSWER_FACT = FACT_KINDS.taskAnswer;

/** What the mapping reads of the row: the report's figures and the CSV's columns, nothing else. */
export type TaskFactSource = Pick<
  TaskItem,
  'startAt' | 'endAt' | 'meta' | 'content' | 'config' | 'recipientGroups' | 'recipientCount' | 'completedCount' | 'declinedCount' | 'completedAt' | 'completedByAdmin' | 'checklistState'
>;

/**
 * Rows one fact may add to, so that a refresh fits the kit's one transaction (100 items): when the
 * due day moves, the old and the new rows all differ, 2 × (ALL + TEMPLATE + 26 ACTIVITY + 20 CHECK)
 * + 3 anchors (ref, fact, the old fact's delete) = 99. A checklist holds at most 20 items (the
 * schema's limit), so CHECK is cut only for a row written past it; activities past the 26th count
 * together as `*`.
 */
export const MAX_CHECK_ROWS = CHECKLIST_ITEMS_MAX;
export const MAX_ACTIVITY_ROWS = 26;
/** The ACTIVITY value of the activities past MAX_ACTIVITY_ROWS. */
export const OTHER_ACTIVITIES = '*';
/** A CHECK value (the item's label) is cut to this many characters (code points, so no half of a pair is stored). */
export const CHECK_LABEL_MAX = 100;

/** Each shift activity the task names (any group), once, sorted; past the cap, the rest as `*`. */
export function activitiesNamed(groups: readonly RecipientGroup[]): string[] {
  const ids = new Set<string>();
  for (const group of groups) for (const recipient of group.recipients ?? []) if (recipient.type === 'shift_activity_type') ids.add(recipient.id);
  const sorted = [...ids].sort();
  return sorted.length > MAX_ACTIVITY_ROWS ? [...sorted.slice(0, MAX_ACTIVITY_ROWS - 1), OTHER_ACTIVITIES] : sorted;
}

/** A checklist item's label as a CHECK value: trimmed, at most 100 characters, `-` when empty (a row needs a value). */
export const checkLabelOf = (text: string | undefined) => [...(text ?? '').trim()].slice(0, CHECK_LABEL_MAX).join('').trim() || '-';

interface StoredChecklistItem {
  id: string;
  title?: { text?: string };
  is_deleted?: boolean;
}
type Ticks = Record<string, { is_checked?: boolean; timestamp?: string } | undefined>;

/**
 * The live items (not deleted), each with whether it was ticked by the due time. The shared list
 * keeps only the last tick per item (decision 0028), so "ticked by the due time" reads as: its last
 * tick is a check made at or before the due time. An item ticked in time and touched again after it
 * (unticked, or unticked and ticked again) counts as not ticked by the due time: the earlier tick is
 * no longer stored.
 */
export function checklistByDue(task: Pick<TaskFactSource, 'content' | 'checklistState' | 'endAt'>): Array<{ label: string; tickedByDue: boolean }> {
  const due = Date.parse(task.endAt);
  const ticks = (task.checklistState ?? {}) as Ticks;
  const items = ((task.content as { checklist?: StoredChecklistItem[] } | undefined)?.checklist ?? []).filter((item) => !item.is_deleted);
  return items.map((item) => {
    const tick = ticks[item.id];
    return { label: checkLabelOf(item.title?.text), tickedByDue: !!tick?.is_checked && !!tick.timestamp && Date.parse(tick.timestamp) <= due };
  });
}

const counted = (flags: Record<string, boolean>) => Object.fromEntries(Object.entries(flags).filter(([, on]) => on).map(([name]) => [name, 1]));

/**
 * A task's contribution to the reports (decision 0087), on the organisation's day of its due time
 * (`end_at`; every task has one: the schema requires it, a series' child gets its occurrence's).
 * Nothing counts before it is due: `n` once its due time has passed at `now` or it is completed,
 * and every other counter is a part of `n` (so all declined, too, counts from the due time on).
 * `ontime` completed by the due time, `late` after it, with its lateness (ms, exact); `overdue` late
 * or still open after it; `decl` every recipient declined (task-states.ts). CHECK rows, one per
 * live checklist item (its label): `n`, and `unt` not ticked by the due time (`checklistByDue`).
 * Counters at 0 are left out.
 */
export function taskFactOf(task: TaskFactSource, timeZone: string, now: Date): FactContent {
  const instant = new Date(task.endAt).toISOString();
  const { localDate, localHour } = localTimeOf(instant, timeZone);
  const meta = seriesMetaOf(task.meta);
  const counts = { recipientCount: task.recipientCount ?? 0, completedCount: task.completedCount ?? 0, declinedCount: task.declinedCount ?? 0 };
  const completedAt = task.completedAt ?? null;
  const onTime = completedAt ? completedAtStatusOf(completedAt, instant) === 'ongoing' : null;
  const latenessMs = completedAt && !onTime ? Date.parse(completedAt) - Date.parse(instant) : null;
  const due = !!completedAt || now.getTime() >= Date.parse(instant);
  const counters = due ? counted({ n: true, ontime: onTime === true, late: onTime === false, overdue: onTime !== true, decl: allDeclined(counts) }) : {};
  const durations = due && latenessMs !== null ? [latenessMs] : [];
  const checklist = checklistByDue(task);

  const row = (dimension: string, value: string, rowCounters = counters, rowDurations = durations): RollupContribution => ({
    kind: TASK_FACT,
    dimension,
    date: localDate,
    value,
    counters: rowCounters,
    durations: rowDurations,
  });
  const contribution = [
    row('ALL', '-'),
    row('TEMPLATE', meta.template_id || '-'),
    ...activitiesNamed((task.recipientGroups ?? []) as RecipientGroup[]).map((activity) => row('ACTIVITY', activity)),
    ...checklist.slice(0, MAX_CHECK_ROWS).map((item) => row('CHECK', item.label, due ? counted({ n: true, unt: !item.tickedByDue }) : {}, [])),
  ];
  return {
    instant,
    localDate,
    localHour,
    contribution,
    columns: {
      template_id: meta.template_id,
      trigger_id: meta.trigger_id,
      recurring_root_id: meta.recurring_root_id,
      start_at: new Date(task.startAt).toISOString(),
      due_at: instant,
      completed_at: completedAt,
      status: taskStatusOf({ isDraft: false, startAt: task.startAt, endAt: instant, completedAt, ...counts }, now),
      on_time: onTime,
      lateness_ms: latenessMs,
      completed_by_admin: (task.completedByAdmin ?? []).length > 0,
      closure: (task.config as { closure_criteria?: string } | undefined)?.closure_criteria ?? 'one',
      recipient_count: counts.recipientCount,
      completed_count: counts.completedCount,
      declined_count: counts.declinedCount,
      checklist_items: checklist.length,
      checklist_unticked: checklist.filter((item) => !item.tickedByDue).length,
    },
  };
}

/** A person's answer fact's item id: the task's and the user's (neither holds `#`; the fact's key allows it last). */
export const answerItemId = (taskId: string, userId: string) => `${taskId}#${userId}`;

/** The task and the user of an answer fact's item id. */
export function answerItemOf(itemId: string): { taskId: string; userId: string } | null {
  const split = itemId.indexOf('#');
  return split > 0 && split < itemId.length - 1 ? { taskId: itemId.slice(0, split), userId: itemId.slice(split + 1) } : null;
}

/**
 * A person's answer to a task (decision 0087's by-person table), on the task's due day: PERSON row
 * of the user, `done` they completed, `ontime` by the due time (their own completion's time), `decl`
 * they declined. Not a recipient (any more: an all_declined task edited as a whole is delivered
 * anew), or not answered (an undo clears completions): nothing counted, so the fact takes back what
 * it counted.
 */
export function taskAnswerFactOf(task: Pick<TaskFactSource, 'endAt'>, userId: string, row: Pick<TaskRecipientItem, 'completedAt' | 'declinedAt'> | null, timeZone: string): FactContent {
  const instant = new Date(task.endAt).toISOString();
  const { localDate, localHour } = localTimeOf(instant, timeZone);
  const completedAt = row?.completedAt ?? null;
  const declinedAt = row?.declinedAt ?? null;
  const onTime = completedAt ? completedAtStatusOf(completedAt, instant) === 'ongoing' : null;
  return {
    instant,
    localDate,
    localHour,
    contribution: [{ kind: TASK_ANSWER_FACT, dimension: 'PERSON', date: localDate, value: userId, counters: counted({ done: !!completedAt, ontime: onTime === true, decl: !!declinedAt }), durations: [] }],
    columns: { user_id: userId, completed_at: completedAt, declined_at: declinedAt, on_time: onTime },
  };
}
