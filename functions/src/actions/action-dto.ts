import type { ActionDto, ActionStatus } from '@portal/shared/actions/action.schema';
import type { ActionItem } from './action.entity.ts';

/** The API's action (spec 000 §3) from its row, with the status when it was read. */
export function toDto(item: ActionItem, status?: ActionStatus): ActionDto {
  const meta = item.meta as Partial<ActionDto['meta']>;
  return {
    id: item.actionId,
    content: item.content as ActionDto['content'],
    recipient_groups: item.recipientGroups as ActionDto['recipient_groups'],
    config: item.config as ActionDto['config'],
    meta: { template_id: meta.template_id ?? null, trigger_id: meta.trigger_id ?? null },
    opts: { send_time: item.sendTime },
    created_by: item.createdBy,
    created_time: item.createdAt,
    state: item.state,
    step: item.step,
    step_deadline: item.stepDeadline,
    closed_at: item.closedAt ?? null,
    recipient_count: item.recipientCount,
    accepted_count: item.acceptedCount,
    declined_count: item.declinedCount,
    ...(status ? { status } : {}),
  };
}
