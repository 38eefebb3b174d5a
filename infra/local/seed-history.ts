import { FACT_KINDS } from '@portal/shared/reports/report-definitions';
import { actionFactOf } from '../../functions/src/actions/report-fact.ts';
import { searchTemplates as actionTemplates } from '../../functions/src/actions/templates.service.ts';
import { firingFactId, firingFactOf } from '../../functions/src/automation/report-fact.ts';
import { listTriggers } from '../../functions/src/automation/triggers.service.ts';
import type { NotificationRecipientItem } from '../../functions/src/notifications/notification-recipient.entity.ts';
import { notificationFactOf } from '../../functions/src/notifications/report-fact.ts';
import { newId } from '../../functions/src/platform/db/ids.ts';
import type { FactContent } from '../../functions/src/platform/reports/fact-content.ts';
import { readRollups } from '../../functions/src/platform/reports/read-rollups.ts';
import { refreshFact } from '../../functions/src/platform/reports/refresh-fact.ts';
import { dayIn } from '../../functions/src/platform/tenancy/organization-day.ts';
import { organizationTimeZone } from '../../functions/src/platform/tenancy/organization-time-zone.repository.ts';
import { listActivityTypes } from '../../functions/src/shifts/activity-types.service.ts';
import { answerItemId, taskAnswerFactOf, taskFactOf } from '../../functions/src/tasks/report-fact.ts';
import { searchTemplates as taskTemplates } from '../../functions/src/tasks/templates.service.ts';
import { userIdByEmail } from '../../functions/src/users/users.repository.ts';
import { HISTORY_DAYS, historyPlan, type HistoryAction, type HistoryPlan, type HistoryTask } from './history-plan.ts';
import type { StaffName } from './live-day.ts';
import { DEMO_FLIC_TRIGGER } from './seed-automation.ts';
import { DEMO_STAFF, type DemoPerson } from './seed-shifts.ts';

/** What the plan's names become in this organisation: template and activity ids by name. */
interface HistoryContext {
  timeZone: string;
  actionTemplates: ReadonlyMap<string, string>;
  taskTemplates: ReadonlyMap<string, { id: string; checklist: ReadonlyArray<{ id: string; title: { text: string } }> }>;
  activities: ReadonlyMap<string, string>;
  staff: ReadonlyMap<StaffName, string>;
  /** The Flic button's trigger, whose firings sent the bottle-return calls of the last two weeks. */
  flicTriggerId: string | undefined;
  /** How many people the demo's templates ask (everyone). */
  staffCount: number;
}

/** One fact to write: its kind, the item's id (as the item would have had it), its content. */
interface HistoryFact {
  kind: string;
  itemId: string;
  content: FactContent;
}

/** The ids the items would have had, fixed first: a firing names the action it made, as the product's firing does. */
interface HistoryIds {
  actions: string[];
  firings: string[];
}

const idsOf = (plan: HistoryPlan): HistoryIds => ({ actions: plan.actions.map((a) => newId(a.at.getTime())), firings: plan.firings.map((f) => newId(f.at.getTime())) });

/** An action a firing made carries the firing in its meta (trigger, firing id and instant), as `from_template` sends it. */
function firingMetaOf(action: HistoryAction, plan: HistoryPlan, context: HistoryContext, ids: HistoryIds) {
  if (action.firing === null || !context.flicTriggerId) return null;
  const templateId = context.actionTemplates.get(action.template);
  return { template_id: templateId, trigger_id: context.flicTriggerId, firing_id: ids.firings[action.firing], firing_at: plan.firings[action.firing]!.at.toISOString() };
}

/**
 * The Flic button's firings: a fired press made its bottle-return action (the firing's `created`),
 * whose first accept is its response; a second press within the trigger's 10 s was throttled.
 */
function firingFacts(plan: HistoryPlan, context: HistoryContext, ids: HistoryIds): HistoryFact[] {
  const triggerId = context.flicTriggerId;
  const templateId = context.actionTemplates.get('Help at the bottle return');
  if (!triggerId || !templateId) return [];
  const madeBy = new Map(plan.actions.flatMap((action, index) => (action.firing === null ? [] : [[action.firing, index] as const])));
  return plan.firings.map((firing, index) => {
    const actionIndex = madeBy.get(index);
    const action = actionIndex === undefined ? undefined : plan.actions[actionIndex];
    const actionId = actionIndex === undefined ? undefined : ids.actions[actionIndex];
    const row = {
      triggerId,
      at: firing.at.toISOString(),
      firingId: ids.firings[index]!,
      source: 'webhook' as const,
      outcome: firing.outcome,
      created: actionId ? [{ type: 'action-template' as const, templateId, id: actionId }] : [],
    };
    const accepts = new Map(
      action && actionId && action.acceptAfterMs !== null ? [[actionId, { at: new Date(action.at.getTime() + action.acceptAfterMs).toISOString(), by: 'history' }] as const] : [],
    );
    return { kind: FACT_KINDS.firing, itemId: firingFactId(row), content: firingFactOf(row, accepts, context.timeZone) };
  });
}

/** Which activity is asked first before everyone (the history's actions escalate to everyone). */
const FIRST_ASKED: Record<HistoryAction['template'], string> = {
  'Cashier needed at till 3': 'Cashier',
  'Help at the bottle return': 'Bottle return',
  'Unload the delivery truck': 'Stock',
  'Spill in aisle 5': 'Stock',
};

/**
 * An action as its row was when it closed: its activity asked first, everyone next; accepted by
 * one (two for the truck), a decline now and then. The fact is the actions module's own mapping.
 */
function actionFacts(plan: HistoryPlan, context: HistoryContext, ids: HistoryIds): HistoryFact[] {
  return plan.actions.flatMap((action, index) => {
    const templateId = context.actionTemplates.get(action.template);
    if (!templateId) return [];
    const activity = context.activities.get(FIRST_ASKED[action.template]);
    const recipientGroups = [
      ...(activity ? [{ group_number: 0, recipients: [{ id: activity, type: 'shift_activity_type' }] }] : []),
      { group_number: activity ? 1 : 0, recipients: [{ id: 'everyone', type: 'everyone' }] },
    ];
    const accepted = action.acceptAfterMs === null ? 0 : action.template === 'Unload the delivery truck' ? 2 : 1;
    const row = {
      sendTime: action.at.toISOString(),
      state: action.outcome,
      firstStep: 0,
      step: action.escalated && activity ? 1 : 0,
      meta: firingMetaOf(action, plan, context, ids) ?? { template_id: templateId, trigger_id: null },
      recipientGroups,
      recipientCount: context.staffCount,
      acceptedCount: accepted,
      declinedCount: action.escalated ? 1 : 0,
      firstAcceptAt: action.acceptAfterMs === null ? undefined : new Date(action.at.getTime() + action.acceptAfterMs).toISOString(),
    };
    return [{ kind: FACT_KINDS.action, itemId: ids.actions[index]!, content: actionFactOf(row, context.timeZone) }];
  });
}

const MINUTE = 60_000;
const everyone = [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }];

/**
 * A checklist's ticks as the list keeps them (the last per item): the items ticked one after another
 * from the start, by the due time at the latest; the one finished last (a planned unticked item, or
 * the last) at the completion, which may be after the due time; an unticked item of a task never
 * completed is not ticked at all.
 */
function ticksOf(task: HistoryTask, itemIds: readonly string[]) {
  const last = task.unticked[0] ?? itemIds.length - 1;
  const until = Math.min(task.due.getTime(), task.completedAt?.getTime() ?? Infinity) - MINUTE;
  const step = (until - task.start.getTime()) / Math.max(1, itemIds.length);
  return Object.fromEntries(
    itemIds.flatMap((id, index) => {
      const at = index === last ? task.completedAt : task.unticked.includes(index) ? null : new Date(task.start.getTime() + Math.round(step * (index + 1)));
      return at ? [[id, { is_checked: true, timestamp: at.toISOString() }]] : [];
    }),
  );
}

/**
 * A task as its row was after its due time: a template's checklist ticked by its staff, or a task
 * by hand answered by its one recipient (who then has an answer fact, the by-person table).
 */
function taskFacts(plan: HistoryPlan, context: HistoryContext, now: Date): HistoryFact[] {
  return plan.tasks.flatMap((task) => {
    const template = task.template ? context.taskTemplates.get(task.template) : undefined;
    if (task.template && !template) return [];
    const taskId = newId(task.start.getTime());
    const personId = context.staff.get(task.completedBy);
    if (!template && !personId) return [];
    const row = {
      startAt: task.start.toISOString(),
      endAt: task.due.toISOString(),
      meta: { template_id: template?.id ?? null },
      content: { checklist: template?.checklist ?? [] },
      config: { closure_criteria: 'one' },
      recipientGroups: template ? everyone : [{ group_number: 0, recipients: [{ id: personId!, type: 'user' }] }],
      recipientCount: template ? context.staff.size : 1,
      completedCount: !template && task.completedAt ? 1 : 0,
      declinedCount: task.declined ? 1 : 0,
      completedAt: task.completedAt?.toISOString(),
      completedByAdmin: [],
      checklistState: template ? ticksOf(task, template.checklist.map((item) => item.id)) : {},
    };
    const facts: HistoryFact[] = [{ kind: FACT_KINDS.task, itemId: taskId, content: taskFactOf(row, context.timeZone, now) }];
    if (!template) {
      const answer = { completedAt: task.completedAt?.toISOString(), declinedAt: task.declined ? new Date(task.start.getTime() + 5 * MINUTE).toISOString() : undefined };
      facts.push({ kind: FACT_KINDS.taskAnswer, itemId: answerItemId(taskId, personId!), content: taskAnswerFactOf(row, personId!, answer, context.timeZone) });
    }
    return facts;
  });
}

/**
 * The morning briefing as its rows were 7 days after the send: delivered to every demo employee
 * (their delivery rows Sent), read by most (their receipts' `read_at`); folded by the notifications
 * module's own mapping, which counts the rows as the status panel does.
 */
function notificationFacts(orgId: string, plan: HistoryPlan, context: HistoryContext): HistoryFact[] {
  return plan.notifications.flatMap((notification) => {
    const notificationId = newId(notification.at.getTime());
    const people = notification.reads.flatMap((read) => (context.staff.has(read.who) ? [{ userId: context.staff.get(read.who)!, afterMs: read.afterMs }] : []));
    const row = (kind: 'USER' | 'RECEIPT', userId: string): NotificationRecipientItem => ({ orgId, notificationId, shard: 0, row: kind, userId });
    const rows = people.flatMap(({ userId, afterMs }) => [
      { ...row('USER', userId), groupNumber: 0, state: 'Sent' as const, sentAt: notification.at.toISOString() },
      ...(afterMs === null ? [] : [{ ...row('RECEIPT', userId), receivedAt: notification.at.toISOString(), readAt: new Date(notification.at.getTime() + afterMs).toISOString() }]),
    ]);
    const item = { notificationId, sentAt: notification.at.toISOString(), meta: { template_id: null }, recipientGroups: everyone, recipientCount: people.length };
    const content = notificationFactOf(item, rows, context.timeZone, null);
    return content ? [{ kind: FACT_KINDS.notification, itemId: notificationId, content }] : [];
  });
}

/** Facts of one day are written one after another (they add to the same rows); days in parallel, a few at once. */
async function writeFacts(orgId: string, facts: readonly HistoryFact[]): Promise<void> {
  const byDay = new Map<string, HistoryFact[]>();
  for (const fact of facts) {
    const day = byDay.get(fact.content.localDate);
    if (day) day.push(fact);
    else byDay.set(fact.content.localDate, [fact]);
  }
  const days = [...byDay.values()];
  const worker = async () => {
    for (let day = days.shift(); day; day = days.shift()) {
      for (const fact of day) await refreshFact({ orgId, kind: fact.kind, itemId: fact.itemId, read: async () => fact.content });
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

/**
 * The demo's four weeks of history on /reports (issue 32, decision 0087): the plan's events
 * (history-plan.ts) as each module's report facts, made by the module's own mapping from the row
 * the item would have had when it finished, written through the kit's refresh. The items themselves
 * are not written: the lists show today's work, and a report keeps an item's figures after it is
 * gone anyway (history stays). Seeded once: an organisation with any action reported in the four
 * weeks gets nothing. Answers whether it seeded.
 */
export async function seedHistory(orgId: string, now = new Date(), people: readonly DemoPerson[] = DEMO_STAFF): Promise<boolean> {
  const timeZone = await organizationTimeZone(orgId);
  const today = dayIn(timeZone, now);
  const first = dayIn(timeZone, new Date(Date.parse(today.start) - HISTORY_DAYS * 86_400_000 + 43_200_000)).date;
  const reported = await readRollups({ orgId, kind: FACT_KINDS.action, dimension: 'ALL', from: first, to: today.date });
  if (reported.some((row) => row.date < today.date)) return false;
  const [actions, tasks, activities, triggers, ids] = await Promise.all([
    actionTemplates(orgId, {}),
    taskTemplates(orgId, {}),
    listActivityTypes(orgId),
    listTriggers(orgId),
    Promise.all(people.map((person) => userIdByEmail(orgId, person.email))),
  ]);
  const context: HistoryContext = {
    timeZone,
    actionTemplates: new Map(actions.items.map((template) => [template.title, template.id])),
    taskTemplates: new Map(tasks.items.map((template) => [template.title, { id: template.id, checklist: template.task.content.checklist ?? [] }])),
    activities: new Map(activities.items.map((activity) => [activity.name, activity.id])),
    staff: new Map(people.flatMap((person, index) => (ids[index] ? [[person.firstname, ids[index]] as const] : []))),
    staffCount: people.length,
    flicTriggerId: triggers.items.find((trigger) => trigger.name === DEMO_FLIC_TRIGGER)?.id,
  };
  const plan = historyPlan(today.date, timeZone);
  const itemIds = idsOf(plan);
  await writeFacts(orgId, [...actionFacts(plan, context, itemIds), ...taskFacts(plan, context, now), ...firingFacts(plan, context, itemIds), ...notificationFacts(orgId, plan, context)]);
  return true;
}
