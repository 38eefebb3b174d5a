import { FACT_KINDS } from '@portal/shared/reports/report-definitions';
import { actionFactOf } from '../../functions/src/actions/report-fact.ts';
import { searchTemplates as actionTemplates } from '../../functions/src/actions/templates.service.ts';
import { newId } from '../../functions/src/platform/db/ids.ts';
import type { FactContent } from '../../functions/src/platform/reports/fact-content.ts';
import { readRollups } from '../../functions/src/platform/reports/read-rollups.ts';
import { refreshFact } from '../../functions/src/platform/reports/refresh-fact.ts';
import { dayIn } from '../../functions/src/platform/tenancy/organization-day.ts';
import { organizationTimeZone } from '../../functions/src/platform/tenancy/organization-time-zone.repository.ts';
import { listActivityTypes } from '../../functions/src/shifts/activity-types.service.ts';
import { HISTORY_DAYS, historyPlan, type HistoryAction, type HistoryPlan } from './history-plan.ts';

/** What the plan's names become in this organisation: template and activity ids by name. */
interface HistoryContext {
  timeZone: string;
  actionTemplates: ReadonlyMap<string, string>;
  activities: ReadonlyMap<string, string>;
  /** How many people the demo's templates ask (everyone). */
  staffCount: number;
}

/** One fact to write: its kind, the item's id (as the item would have had it), its content. */
interface HistoryFact {
  kind: string;
  itemId: string;
  content: FactContent;
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
function actionFacts(plan: HistoryPlan, context: HistoryContext): HistoryFact[] {
  return plan.actions.flatMap((action) => {
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
      meta: { template_id: templateId, trigger_id: null },
      recipientGroups,
      recipientCount: context.staffCount,
      acceptedCount: accepted,
      declinedCount: action.escalated ? 1 : 0,
      firstAcceptAt: action.acceptAfterMs === null ? undefined : new Date(action.at.getTime() + action.acceptAfterMs).toISOString(),
    };
    return [{ kind: FACT_KINDS.action, itemId: newId(action.at.getTime()), content: actionFactOf(row, context.timeZone) }];
  });
}

/** Facts of one day are written one after another (they add to the same rows); days in parallel, a few at once. */
async function writeFacts(orgId: string, facts: readonly HistoryFact[]): Promise<void> {
  const byDay = new Map<string, HistoryFact[]>();
  for (const fact of facts) byDay.set(fact.content.localDate, [...(byDay.get(fact.content.localDate) ?? []), fact]);
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
export async function seedHistory(orgId: string, now = new Date()): Promise<boolean> {
  const timeZone = await organizationTimeZone(orgId);
  const today = dayIn(timeZone, now);
  const first = dayIn(timeZone, new Date(Date.parse(today.start) - HISTORY_DAYS * 86_400_000 + 43_200_000)).date;
  const reported = await readRollups({ orgId, kind: FACT_KINDS.action, dimension: 'ALL', from: first, to: today.date });
  if (reported.some((row) => row.date < today.date)) return false;
  const [templates, activities] = await Promise.all([actionTemplates(orgId, {}), listActivityTypes(orgId)]);
  const context: HistoryContext = {
    timeZone,
    actionTemplates: new Map(templates.items.map((template) => [template.title, template.id])),
    activities: new Map(activities.items.map((activity) => [activity.name, activity.id])),
    staffCount: 6,
  };
  const plan = historyPlan(today.date, timeZone);
  await writeFacts(orgId, [...actionFacts(plan, context)]);
  return true;
}
