import { Entity, type EntityItem } from 'electrodb';
import { ACTION_STATES } from '@portal/shared/actions/action-states';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * An action (docs/data-model.md §3.5): a request to accept or decline, asked of recipient group 0
 * first and of the next group at each time-out. The row is the one serialisation point of the
 * action: every accept, decline, escalation and expiry is one conditional write on it (the
 * escalation decision record). gsi1 lists it under `ORG#{orgId}#ACTIONS` by send time, newest first
 * (AP46). Nested spec objects are stored as they are.
 */
export const ActionEntity = lazy(() => new Entity(
  {
    model: { entity: 'action', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      actionId: { type: 'string', required: true, readOnly: true },
      content: { type: 'any', required: true },
      /** After dropping empty groups and renumbering 0..n-1. */
      recipientGroups: { type: 'any', required: true, field: 'recipient_groups' },
      config: { type: 'any', required: true },
      meta: { type: 'any', required: true },
      /** The server's send instant (opts.send_time), ISO-8601 UTC; also the list's sort key. */
      sendTime: { type: 'string', required: true, field: 'send_time' },
      createdBy: { type: 'string', required: true, field: 'created_by' },
      createdAt: { type: 'string', required: true, field: 'created_at' },
      state: { type: ACTION_STATES, required: true },
      /** The last recipient group asked (0-based). */
      step: { type: 'number', required: true },
      /**
       * The step asked first (group 0 unless it named nobody): the send's plan, fixed by the asking
       * job (startFirstStep). Reports count an action as escalated when `step` passed it (decision
       * 0087). Missing on actions sent before it.
       */
      firstStep: { type: 'number', field: 'first_step' },
      /** When the current step times out (ISO-8601 UTC): answers after it are refused. */
      stepDeadline: { type: 'string', required: true, field: 'step_deadline' },
      /** Distinct users asked so far. */
      recipientCount: { type: 'number', required: true, field: 'recipient_count' },
      acceptedCount: { type: 'number', required: true, field: 'accepted_count' },
      declinedCount: { type: 'number', required: true, field: 'declined_count' },
      /** Accepts that fulfil it: Any 1, Number N, All = recipientCount (grows with each group asked). */
      neededCount: { type: 'number', required: true, field: 'needed_count' },
      /**
       * Users asked so far whom nothing could reach when their step was sent (no device, no watch
       * emulator connected): ADDed as their prompts are queued, less those of them who answered
       * since. Missing on actions sent before it existed (read as 0). The dashboard's count.
       */
      notAvailableCount: { type: 'number', field: 'not_available_count' },
      /** The first answer's time (set with if_not_exists): answered_time_in_ms. */
      firstAnswerAt: { type: 'string', field: 'first_answer_at' },
      /** The first accept's time (set with if_not_exists): the dashboard's time to the first accept. */
      firstAcceptAt: { type: 'string', field: 'first_accept_at' },
      /** Who accepted first (set with if_not_exists beside firstAcceptAt): a trigger's firings show them (decision 0039). */
      firstAcceptBy: { type: 'string', field: 'first_accept_by' },
      /** When it was fulfilled, expired, rejected or withdrawn. */
      closedAt: { type: 'string', field: 'closed_at' },
      /** N of the recipient rows' shards: fixed at the send, for every step. */
      recipientShards: { type: 'number', required: true, field: 'recipient_shards' },
      /** The current step's time-out schedule (scheduler port name). */
      scheduleId: { type: 'string', field: 'schedule_id' },
      /**
       * The last step whose timer and prompts are known queued (decision 0073): one below the first
       * step at the send, raised by its asking job (decision 0076), then by each escalation once it
       * queued them. Below `step`, the step's timing is under way or was cut off (a kill after the
       * conditional write). Missing on actions sent before it: never repaired.
       */
      timedStep: { type: 'number', field: 'timed_step' },
      /** When the timing of `step` began (ISO): the escalation's write, or a repair that took it over. */
      timingSince: { type: 'string', field: 'timing_since' },
    },
    indexes: {
      byId: {
        pk: orgKey('pk'),
        sk: key('sk', 'ACTION', attr('actionId')),
      },
      bySendTime: {
        index: 'gsi1',
        pk: orgKey('gsi1pk', 'ACTIONS'),
        sk: key('gsi1sk', attr('sendTime'), attr('actionId')),
      },
    },
  },
  entityConfig(),
));

export type ActionItem = EntityItem<typeof ActionEntity>;
