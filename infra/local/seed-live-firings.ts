import type { WorkflowItemType } from '@portal/shared/automation/automation.schema';
import { askAction } from '../../functions/src/actions/ask-job.ts';
import { fireTrigger } from '../../functions/src/automation/fire.service.ts';
import { registerFiringFactListener } from '../../functions/src/automation/public.ts';
import { listTriggers } from '../../functions/src/automation/triggers.service.ts';
import type { SendFromTemplate } from '../../functions/src/platform/templates/from-template-job.ts';
import { DEMO_FLIC_TRIGGER } from './seed-automation.ts';
import type { LiveDay, PlannedAnswer } from './live-day.ts';

/** Presses of the Flic button at the bottle return this morning; the second one twice, 4 s apart (throttled). */
const PRESSES: ReadonlyArray<{ at: string; pressedAgainAfter?: number; answers: PlannedAnswer[] }> = [
  { at: '08:40', answers: [{ who: 'Elif', answer: 'accepted', after: 22 }] },
  {
    at: '09:55',
    pressedAgainAfter: 4,
    answers: [
      { who: 'Anna', answer: 'declined', after: 15 },
      { who: 'Ben', answer: 'accepted', after: 41 },
    ],
  },
  { at: '11:10', answers: [{ who: 'Felix', answer: 'accepted', after: 17 }] },
];

/** Each workflow kind's `from_template` job, the function its delivery entry registers. */
const SENDERS: Record<WorkflowItemType, () => Promise<SendFromTemplate>> = {
  'action-template': async () => (await import('../../functions/src/actions/from-template.service.ts')).sendFromTemplate,
  'task-template': async () => (await import('../../functions/src/tasks/from-template.service.ts')).sendFromTemplate,
  'notification-template': async () => (await import('../../functions/src/notifications/from-template.service.ts')).sendFromTemplate,
};

/**
 * The demo Flic trigger's webhook firings this morning, through the firing service the webhook
 * route calls, each at its press's moment. A firing queues its items as `from_template` jobs, which
 * would send them at the moment they run; the caller holds the queue (seed-live-actions.ts), and
 * each job's own function runs here first at the firing's clock: the jobs then find the items sent
 * and do nothing, as a retried job does (decision 0051); so does an action's asking (decision 0076).
 * Answers the actions made, with the answers planned for them.
 */
export async function seedLiveFirings(day: LiveDay): Promise<Array<{ action: { id: string }; at: Date; answers: PlannedAnswer[] }>> {
  const trigger = (await listTriggers(day.orgId)).items.find((t) => t.name === DEMO_FLIC_TRIGGER && t.metadata.is_external);
  if (!trigger) return [];
  // The answers below time the firings' report facts, as where actions are answered (decision 0087).
  registerFiringFactListener();
  const made: Array<{ action: { id: string }; at: Date; answers: PlannedAnswer[] }> = [];
  for (const press of PRESSES) {
    const at = day.clock.at(press.at);
    const result = await fireTrigger(day.orgId, trigger, { source: 'webhook' }, at);
    if (result.outcome !== 'fired') continue;
    for (const item of result.firing.created) {
      const send = await SENDERS[item.type]();
      const job = { templateId: item.template_id, itemId: item.id, triggerId: trigger.id, senderId: trigger.created_by, firingId: result.firing.id, firingAt: result.firing.at };
      await send(day.orgId, job, at);
      if (item.type !== 'action-template') continue;
      // Its first step asked here too, as the held queue's asking job would (decision 0076).
      await askAction(day.orgId, item.id);
      made.push({ action: { id: item.id }, at, answers: press.answers });
    }
    if (press.pressedAgainAfter) await fireTrigger(day.orgId, trigger, { source: 'webhook' }, day.clock.after(at, press.pressedAgainAfter));
  }
  return made;
}
