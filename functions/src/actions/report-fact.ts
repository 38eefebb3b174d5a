import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { localTimeOf, type FactContent } from '../platform/reports/fact-content.ts';
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
 * GROUP rows one fact may add to, so that a refresh fits the kit's one transaction (100 items; an
 * action may name 10 × 500 recipients): the old and the new fact's rows may all differ (the asking
 * job fixed another first step), 2 × 45 GROUP rows + 6 others (ALL, TEMPLATE, TRIGGER, HOUR, the
 * old and new LEVEL) + 2 anchors = 98. Entries past it are counted together as `other:*`.
 */
export const MAX_GROUP_ROWS = 45;

/**
 * "Group reached": each recipient entry of the steps asked (the first step's to the current one;
 * groups before the first named nobody at the send), once per action, so one sent to two groups
 * counts in both. People named one by one are one row, `user:*`: a row per person would grow with
 * the staff, and the by-person view is the tasks' (decision 0087).
 */
export function groupsReached(groups: readonly RecipientGroup[], firstStep: number, step: number): string[] {
  const values = new Set<string>();
  for (const group of groups.slice(firstStep, step + 1)) {
    for (const recipient of group.recipients ?? []) values.add(recipient.type === 'user' ? 'user:*' : `${recipient.type}:${recipient.id}`);
  }
  const sorted = [...values].sort();
  return sorted.length > MAX_GROUP_ROWS ? [...sorted.slice(0, MAX_GROUP_ROWS - 1), 'other:*'] : sorted;
}

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
