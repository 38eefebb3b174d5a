import { actionSchema, type ActionDto, type ActionInput, type ActionTemplateDto } from '@portal/shared/actions/action.schema';
import { recentActions } from '../../functions/src/actions/public.ts';
import { answerAction } from '../../functions/src/actions/answers.service.ts';
import { sendAction } from '../../functions/src/actions/actions.service.ts';
import { askAction } from '../../functions/src/actions/ask-job.ts';
import { fireStepTimeout } from '../../functions/src/actions/escalation.service.ts';
import { searchTemplates } from '../../functions/src/actions/templates.service.ts';
import { localDeliveryQueue } from './functions.ts';
import type { LiveDayClock } from './live-day-clock.ts';
import { staffIds, type LiveDay, type LiveDayPart, type PlannedAnswer, type StaffName } from './live-day.ts';
import { seedLiveFirings } from './seed-live-firings.ts';

interface PlannedAction {
  /** The demo action template it is sent from (seed-actions.ts), by title. */
  template: string;
  at(clock: LiveDayClock): Date;
  /** Instead of the template's recipients: these people first, then everyone (an escalation). */
  firstAsk?: StaffName[];
  forwardAfter?: number;
  /** Nobody in the asked group answers in time: its time-out fires (the next group is asked, or it expires). */
  timesOut?: boolean;
  answers: PlannedAnswer[];
}

/**
 * This morning's actions (decision 0051): one fulfilled after a decline, one escalated by its
 * time-out and accepted in the next group, one expired unanswered, and the delivery truck still
 * open, one of its two helpers found. The Flic trigger's firings (seed-live-firings.ts) add theirs.
 */
const MORNING: readonly PlannedAction[] = [
  {
    template: 'Cashier needed at till 3',
    at: (clock) => clock.at('08:05'),
    answers: [
      { who: 'Anna', answer: 'declined', after: 9 },
      { who: 'Ben', answer: 'accepted', after: 14 },
    ],
  },
  { template: 'Spill in aisle 5', at: (clock) => clock.at('09:20'), firstAsk: ['Elif', 'Felix'], timesOut: true, answers: [{ who: 'Clara', answer: 'accepted', after: 52 }] },
  { template: 'Cashier needed at till 3', at: (clock) => clock.at('10:45'), timesOut: true, answers: [] },
  {
    template: 'Unload the delivery truck',
    // Minutes ago with the longest time-out offered: still open when the portal is ready.
    at: (clock) => clock.ago(240, '11:30'),
    forwardAfter: 600,
    answers: [
      { who: 'David', answer: 'accepted', after: 60 },
      { who: 'Elif', answer: 'declined', after: 100 },
    ],
  },
];

const everyone = { id: 'everyone', type: 'everyone' };

/** The action as the form sends it from a template: its content, recipients and config, the template named. */
function inputOf(day: LiveDay, template: ActionTemplateDto, planned: PlannedAction) {
  const first = planned.firstAsk ? staffIds(day, planned.firstAsk) : [];
  const recipient_groups = first.length
    ? [
        { group_number: 0, recipients: first.map((id) => ({ id, type: 'user' })) },
        { group_number: 1, recipients: [everyone] },
      ]
    : template.action.recipient_groups;
  const config = { ...template.action.config, ...(planned.forwardAfter ? { forward_after: planned.forwardAfter } : {}) };
  return actionSchema.validateSync({ content: template.action.content, recipient_groups, config, meta: { template_id: template.id }, save_as_template: false }, { stripUnknown: true });
}

/** The watches' answers, each at its moment, through the service the actions' uplink calls. */
async function answer(day: LiveDay, action: Pick<ActionDto, 'id'>, from: Date, answers: readonly PlannedAnswer[]): Promise<void> {
  for (const planned of answers) {
    const userId = day.staff.get(planned.who);
    if (userId) await answerAction({ orgId: day.orgId, actionId: action.id, userId, answer: planned.answer }, day.clock.after(from, planned.after));
  }
}

/** Sent at its moment and its first step asked there, as the held queue's asking job would (decision 0076). */
async function sendAndAsk(day: LiveDay, input: ActionInput, at: Date): Promise<ActionDto> {
  const action = await sendAction(day.orgId, day.adminId, input, at);
  await askAction(day.orgId, action.id);
  return action;
}

/**
 * Sent at their moments, then the time-outs the timers would have fired, then the answers, with
 * the delivery queue held throughout (decision 0051): it carries the firings' `from_template` jobs,
 * which would send at the moment they run, and (decision 0054) the steps' time-outs, which would
 * fire at the real clock, past every deadline of this morning, before the answers below. Released,
 * the queue delivers the prompts of the action still open; the closed ones' are dropped, as for any
 * action closed before its batch, and their stale time-outs find their steps gone. Each phase runs
 * its actions at once (each has its own clock); an action's answers come one after another.
 */
async function seed(day: LiveDay): Promise<void> {
  const templates = new Map((await searchTemplates(day.orgId, {})).items.map((t) => [t.title, t] as const));
  const planned = MORNING.filter((p) => templates.has(p.template));
  const release = localDeliveryQueue().hold();
  try {
    const [sent, firings] = await Promise.all([
      Promise.all(planned.map(async (p) => ({ planned: p, action: await sendAndAsk(day, inputOf(day, templates.get(p.template)!, p), p.at(day.clock)) }))),
      seedLiveFirings(day),
    ]);
    await Promise.all(sent.filter((s) => s.planned.timesOut).map((s) => fireStepTimeout(day.orgId, s.action.id, day.clock.after(new Date(s.action.step_deadline), 1))));
    await Promise.all([
      ...sent.map((s) => answer(day, s.action, new Date(s.action.opts.send_time), s.planned.answers)),
      ...firings.map((fired) => answer(day, fired.action, fired.at, fired.answers)),
    ]);
  } finally {
    release();
  }
}

export const liveActions: LiveDayPart = {
  kind: 'actions',
  async hasToday({ orgId, clock }) {
    const [latest] = await recentActions(orgId, 1);
    return !!latest && latest.sent_at >= clock.day.start && latest.sent_at < clock.day.end;
  },
  seed,
};
