import { randomUUID } from 'node:crypto';
import { createEnvelope, topicsFor, type Envelope } from '@portal/shared/devices/topics';
import { partsIn } from '@portal/shared/scheduling/series-time';
import type { TaskConfig } from '@portal/shared/tasks/task.schema';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { newId } from '../../functions/src/platform/db/ids.ts';
import type { ScheduledFiring } from '../../functions/src/platform/scheduling/scheduler.port.ts';
import { occurrenceOf } from '../../functions/src/platform/scheduling/schedule-names.ts';
import type { TaskItem } from '../../functions/src/tasks/task.entity.ts';
import { handler as uplinkHandler } from '../../functions/src/tasks/uplink.handler.ts';
import { insertUser } from '../../functions/src/users/users.repository.ts';
import { ownerOf } from './owner.ts';
import { watchInboxes } from './watch-inbox.ts';

/**
 * What the task integration tests share (tasks-schedule, tasks-devices): an organisation in
 * Europe/Berlin with staff written straight to the table, a watch per user (the inbox as the broker
 * delivers it), task items as the tasks service stores them before `activateTask`, the watch's
 * events through the tasks uplink function, and firings as the scheduler delivers them.
 */
const { userEvents: userEventsTopic } = topicsFor();
export const BERLIN = 'Europe/Berlin';

export interface Watch {
  userId: string;
  inbox: Envelope[];
  /** The envelopes of a type about a task. */
  of(taskId: string, type: string): Envelope[];
}

export async function taskOrganization(name: string, staff: number): Promise<{ orgId: string; creator: string; users: string[] }> {
  const creator = `creator-${randomUUID().slice(0, 8)}`;
  const orgId = await foundOrganization({ name, timeZone: BERLIN, owner: ownerOf(creator, ['admin'], `${creator}@tasks.test`) });
  const users: string[] = [];
  for (let i = 0; i < staff; i++) {
    const userId = `staff-${i}-${randomUUID().slice(0, 6)}`;
    await insertUser({ orgId, userId, email: `${userId}@tasks.test`, firstname: 'Staff', lastname: userId, type: 'normal', accessLevel: 'employee' });
    users.push(userId);
  }
  return { orgId, creator, users };
}

/** Users' watches (watch-inbox.ts), each with its envelopes about a task. */
export function watches() {
  const kit = watchInboxes();
  return {
    async watchOf(orgId: string, userId: string): Promise<Watch> {
      const watch = await kit.watchOf(orgId, userId);
      return { userId, inbox: watch.inbox, of: (taskId, type) => watch.about('task_id', taskId, type) };
    },
    close: kit.close,
  };
}

const checklistOf = (titles: readonly string[]) => titles.map((title, i) => ({ id: `item-${i + 1}`, title: { text: title }, is_checked: false, is_deleted: false }));

/** A task as the tasks service stores it before activation (validated input, owned ids checked). */
export function taskItem(orgId: string, createdBy: string, recipients: readonly string[], config: Partial<TaskConfig> & Pick<TaskConfig, 'start' | 'end'>, checklist: readonly string[] = []): TaskItem {
  const now = new Date().toISOString();
  return {
    orgId,
    taskId: newId(),
    content: { title: { text: `Task ${randomUUID().slice(0, 6)}` }, body: { text: 'As agreed' }, checklist: checklistOf(checklist) },
    recipientGroups: [{ group_number: 0, recipients: recipients.map((id) => ({ id, type: 'user' })) }],
    config: { closure_criteria: 'one', reminders_enabled: false, recurring: null, ...config, is_draft: false },
    meta: { is_recurring_root: false, is_recurring_child: false, recurring_root_id: null, trigger_id: null, template_id: null },
    createdBy,
    createdAt: now,
    updatedAt: now,
    startAt: now,
    endAt: now,
  };
}

/** `{date, time, offset}` `minutes` from now in Berlin, as the form writes it. */
export const berlinIn = (minutes: number) => partsIn(new Date(Date.now() + minutes * 60_000), BERLIN);

/** A firing as the scheduler delivers it. */
export const firingOf = (orgId: string, type: string, id: string, scheduleName: string, at: string | Date): ScheduledFiring => ({
  source: 'portal.scheduler',
  schedule_name: scheduleName,
  target: { module: 'tasks', type, orgId, id },
  occurrence: occurrenceOf(at),
});

/** A task event as the watch emulator publishes it on the user's events topic, through the tasks uplink function. */
export function publishEvent(orgId: string, userId: string, type: string, data: Record<string, unknown>, envelopeId: string = randomUUID()) {
  return uplinkHandler({
    topic: userEventsTopic(orgId, userId),
    payload: JSON.stringify(createEnvelope(type, { kind: 'task', at: new Date().toISOString(), ...data }, envelopeId)),
  });
}
