import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * A task (docs/data-model.md §3.6, decision 0028): a one-off task, a recurring root or one of its
 * children. The row is the serialisation point of the task's course: completions and declines add
 * to its counters in one transaction with the recipient's row, and the completion itself is ONE
 * conditional write (`completedAt` set once). Statuses are derived by the pure rule
 * (shared/src/tasks/task-states.ts), never stored: they change with the clock.
 *
 * gsi1 lists it for the tabs: `OPEN` by start (today, scheduled; a root under its next occurrence)
 * until it completes, then `DONE` by completion time (completed tab, newest first). A root whose
 * series ended drops its gsi1 keys. gsi2 lists every task by start, open or done, so a day's tasks
 * are one Query (the dashboard, AP84, decision 0036). Nested spec objects are stored as they are.
 */
export const TaskEntity = lazy(() => new Entity(
  {
    model: { entity: 'task', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      taskId: { type: 'string', required: true, readOnly: true },
      /** OPEN (not completed) or DONE; missing on a root whose series is over. */
      listState: { type: ['OPEN', 'DONE'] as const, field: 'list_state' },
      /** OPEN: `startAt`; DONE: `completedAt`. ISO-8601 UTC. */
      listAt: { type: 'string', field: 'list_at' },
      content: { type: 'any', required: true },
      recipientGroups: { type: 'any', required: true, field: 'recipient_groups' },
      /** The TaskConfig as given (closure forced to 'one' where the rule may not be chosen), `is_draft: false`. */
      config: { type: 'any', required: true },
      /** {is_recurring_root, is_recurring_child, recurring_root_id, trigger_id, template_id} */
      meta: { type: 'any', required: true },
      /** 'task_recurring_root' for a root. */
      itemType: { type: 'string', field: 'item_type' },
      createdBy: { type: 'string', required: true, field: 'created_by' },
      createdAt: { type: 'string', required: true, field: 'created_at' },
      updatedAt: { type: 'string', field: 'updated_at' },
      /** The instants of config.start / config.end (ISO-8601 UTC); for a root, its next occurrence's. */
      startAt: { type: 'string', required: true, field: 'start_at' },
      endAt: { type: 'string', required: true, field: 'end_at' },
      /** A series runs in this zone (the organisation's when it was created). */
      timeZone: { type: 'string', field: 'time_zone' },
      /** Set once the start's delivery was made (recipient rows written, counts fixed). */
      deliveredAt: { type: 'string', field: 'delivered_at' },
      /** N of the recipient rows' shards, fixed at the delivery. */
      recipientShards: { type: 'number', field: 'recipient_shards' },
      /** Distinct users it was delivered to, and how many of them completed or declined (0 before the delivery). */
      recipientCount: { type: 'number', field: 'recipient_count', default: 0 },
      completedCount: { type: 'number', field: 'completed_count', default: 0 },
      declinedCount: { type: 'number', field: 'declined_count', default: 0 },
      /** When it completed (the rule, an admin, or its checklist): set once, cleared by an admin's undo. */
      completedAt: { type: 'string', field: 'completed_time' },
      /** completed_by_admin_user_ids */
      completedByAdmin: { type: 'list', items: { type: 'string' }, field: 'completed_by_admin_user_ids', default: () => [] },
      /** The shared checklist's ticks: `{ [itemId]: {is_checked, user_id, timestamp} }` (decision 0028). */
      checklistState: { type: 'any', field: 'checklist_state', default: () => ({}) },
      /** The scheduler port names of its start, remind and end schedules (cancelled on edit and delete). */
      scheduleNames: { type: 'list', items: { type: 'string' }, field: 'schedule_names' },
      /** When its creator was told it turned overdue (once). */
      overdueNotifiedAt: { type: 'string', field: 'overdue_notified_at' },
      /** The reminder offsets (minutes before the end) already sent: each once. */
      remindedOffsets: { type: 'list', items: { type: 'number' }, field: 'reminded_offsets', default: () => [] },
    },
    indexes: {
      byId: {
        pk: orgKey('pk'),
        sk: key('sk', 'TASK', attr('taskId')),
      },
      byList: {
        index: 'gsi1',
        pk: orgKey('gsi1pk', 'TASKS', attr('listState')),
        sk: key('gsi1sk', attr('listAt'), attr('taskId')),
      },
      byStart: {
        index: 'gsi2',
        pk: orgKey('gsi2pk', 'TASKS'),
        sk: key('gsi2sk', attr('startAt'), attr('taskId')),
      },
    },
  },
  entityConfig(),
));

export type TaskItem = EntityItem<typeof TaskEntity>;

/** item_type of a recurring root (spec 000 §3). */
export const TASK_RECURRING_ROOT = 'task_recurring_root';
