import { partsIn } from '@portal/shared/scheduling/series-time';
import { taskSchema, type TaskTemplateDto } from '@portal/shared/tasks/task.schema';
import { applyChecklist, recordReceipt } from '../../functions/src/tasks/completion.service.ts';
import { tasksStartingIn } from '../../functions/src/tasks/public.ts';
import { searchTemplates } from '../../functions/src/tasks/templates.service.ts';
import { createTask } from '../../functions/src/tasks/tasks.service.ts';
import { localDeliveryQueue } from './functions.ts';
import type { LiveDay, LiveDayPart, StaffName } from './live-day.ts';

const HOUR_MS = 3_600_000;

/** Who read the opening checklist on their watch, and who ticked which of its items (0-based) when. */
const READ_BY: readonly StaffName[] = ['Anna', 'Ben', 'Clara'];
const TICKS: ReadonlyArray<{ who: StaffName; item: number; at: string }> = [
  { who: 'Anna', item: 0, at: '07:12' },
  { who: 'Ben', item: 1, at: '07:20' },
  { who: 'Anna', item: 4, at: '07:55' },
];

/** A task from a demo template as the form sends it: the template's content, recipients and rule, its window. */
function inputOf(day: LiveDay, template: TaskTemplateDto, start: Date, end: Date) {
  const { timeZone } = day.clock;
  return taskSchema.validateSync(
    {
      content: template.task.content,
      recipient_groups: template.task.recipient_groups,
      config: { closure_criteria: template.task.config.closure_criteria, reminders_enabled: false, start: partsIn(start, timeZone), end: partsIn(end, timeZone), recurring: null },
      meta: { template_id: template.id },
      save_as_template: false,
    },
    { stripUnknown: true },
  );
}

/**
 * Today's opening checklist, sent at opening and running until noon (or an hour from now, so it is
 * still open at a later start), read by three and three of its five items ticked from the watches;
 * and the closing checklist, planned this morning for 20:00 (or half an hour from now, if later).
 */
async function seed(day: LiveDay): Promise<void> {
  const templates = new Map((await searchTemplates(day.orgId, {})).items.map((t) => [t.title, t] as const));
  const opening = templates.get('Opening checklist');
  const closing = templates.get('Closing checklist');
  await Promise.all([closing && planClosing(day, closing), opening && runOpening(day, opening)]);
}

/** Planned this morning for 20:00, or half an hour from now if that is later. */
async function planClosing(day: LiveDay, closing: TaskTemplateDto): Promise<void> {
  const { clock } = day;
  const start = new Date(Math.max(clock.today('20:00').getTime(), clock.now.getTime() + HOUR_MS / 2));
  await createTask(day.orgId, day.adminId, inputOf(day, closing, start, new Date(start.getTime() + HOUR_MS)), clock.at('07:05'));
}

/** Sent at opening until noon (or an hour from now), read by three, three of its items ticked. */
async function runOpening(day: LiveDay, opening: TaskTemplateDto): Promise<void> {
  const { clock, orgId, adminId } = day;
  const start = clock.at('07:00');
  const end = new Date(Math.max(clock.today('12:00').getTime(), clock.now.getTime() + HOUR_MS));
  const task = await createTask(orgId, adminId, inputOf(day, opening, start, end), start);
  // Delivered to the watches before they read and tick it, as at the time.
  await localDeliveryQueue().idle();
  await Promise.all(READ_BY.map((who, index) => day.staff.has(who) && recordReceipt(orgId, task.id, day.staff.get(who)!, 'read', clock.after(start, 120 + index * 90))));
  const items = task.content.checklist ?? [];
  for (const tick of TICKS) {
    const userId = day.staff.get(tick.who);
    const item = items[tick.item];
    if (userId && item) await applyChecklist(orgId, task.id, userId, [{ id: item.id, is_checked: true }], clock.at(tick.at), { byRecipient: true });
  }
}

export const liveTasks: LiveDayPart = {
  kind: 'tasks',
  async hasToday({ orgId, clock }) {
    return (await tasksStartingIn(orgId, clock.day, clock.now, 1)).length > 0;
  },
  seed,
};
