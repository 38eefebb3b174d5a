import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { localTimeOf, type FactContent } from '../platform/reports/fact-content.ts';
import { groupsReached } from '../platform/reports/groups-reached.ts';
import type { ActionItem } from './action.entity.ts';

/** The reports kit's kind of an action's fact (decision 0087, docs/data-model.md §3.12). */
export const ACTION_FACT = 'ACTION';

/** What the mapping reads of the row: the report's figures and the CSV's columns, nothing else. */
export type ActionFactSource = Pick<
  ActionItem,
  'sendTime' | 'state' | 'step' | 'firstStep' | 'meta' | 'recipientGroups' | 'recipientCount' | 'acceptedCount' | 'declinedCount' | 'firstAcceptAt'
>;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An action's contribution to the reports (decision 0087), by the organisation's day and hour of
 * its send. Sent (`n`) excludes a withdrawn action, which counts only in `wd`; `acc` a first accept
 * and its time from the send (ms, exact); `esc` asked beyond its first step (an action sent before
 * `first_step` was stored counts from group 0); `exp`, `rej` as closed. Counters at 0 are left out.
 */
export function actionFactOf(action: ActionFactSource, timeZone: string): FactContent {
  const instant = new Date(action.sendTime).toISOString();
  const { localDate, localHour } = localTimeOf(instant, timeZone);
  const meta = (action.meta ?? {}) as { template_id?: string | null; trigger_id?: string | null };
  const firstStep = action.firstStep ?? 0;
  const acceptMs = action.firstAcceptAt ? Date.parse(action.firstAcceptAt) - Date.parse(instant) : null;
  const withdrawn = action.state === 'withdrawn';
  const flags: Record<string, boolean> = withdrawn
    ? { wd: true }
    : { n: true, acc: acceptMs !== null, esc: action.step > firstStep, exp: action.state === 'expired', rej: action.state === 'rejected' };
  const counters = Object.fromEntries(Object.entries(flags).filter(([, on]) => on).map(([name]) => [name, 1]));
  const durations = !withdrawn && acceptMs !== null ? [acceptMs] : [];

  const rows: Array<[string, string]> = [
    ['ALL', '-'],
    ['TEMPLATE', meta.template_id || '-'],
    ...(meta.trigger_id ? [['TRIGGER', meta.trigger_id] as [string, string]] : []),
    ...groupsReached((action.recipientGroups ?? []) as RecipientGroup[], firstStep, action.step).map((value): [string, string] => ['GROUP', value]),
    ['LEVEL', String(action.step)],
    ['HOUR', pad(localHour)],
  ];
  return {
    instant,
    localDate,
    localHour,
    contribution: rows.map(([dimension, value]) => ({ kind: ACTION_FACT, dimension, date: localDate, value, counters, durations })),
    columns: {
      template_id: meta.template_id || null,
      trigger_id: meta.trigger_id || null,
      state: action.state,
      step: action.step,
      first_step: firstStep,
      recipient_count: action.recipientCount,
      accepted_count: action.acceptedCount,
      declined_count: action.declinedCount,
      first_accept_ms: acceptMs,
      send_time: instant,
    },
  };
}
